import { Inject, Injectable } from '@nestjs/common';
import { isSecret, type MapContext, organizationName } from '@shared/board/mappers';
import { byName } from '@shared/board/text-order';
import type { PlatformRepository } from '@shared/platform/types';
import { DomainError, NotFoundError } from '../../common/errors';
import { withCode } from '../common/error-code';
import { BoardConfig } from '../config/board-config';
import { PLATFORM_CONNECTION, PlatformConnection } from '../connection/platform-connection';
import { PlatformClient } from '../platform/platform-client';

/**
 * The one answer for a repository or issue the board cannot show, whatever the cause, so
 * that missing, private and secret look alike. `what` is kept for logs, not shown.
 */
export const UNREADABLE_MESSAGE = 'No repository or issue at this address that this board can show';

function unreadable(what: string): NotFoundError {
  return new NotFoundError(UNREADABLE_MESSAGE, { what });
}

/**
 * What the board covers and may show (docs/architecture.md#folders): the covered
 * organizations, their visible repositories, and the one "not found" for anything else.
 * Every read of an organization's or repository's data asks here first.
 */
@Injectable()
export class Coverage {
  constructor(
    private readonly platform: PlatformClient,
    private readonly config: BoardConfig,
    @Inject(PLATFORM_CONNECTION) private readonly connection: PlatformConnection,
  ) {}

  /** What the mappers need: NPC handles and the platform's web address. */
  get mapContext(): MapContext {
    const webUrl = this.connection.available ? this.connection.webUrl : '';
    return { npcHandles: this.config.npcHandles, webUrl };
  }

  /** Slugs of the covered organizations: `BOARD_ORGS`, else the token's organizations. */
  async coveredOrgs(): Promise<string[]> {
    if (this.config.boardOrgs) return this.config.boardOrgs;
    const groups = await this.platform.listUserGroups();
    return groups.map((g) => g.path).sort(byName);
  }

  /** Throws NotFound unless `slug` is covered; nothing reaches the platform for others. */
  async assertCovered(slug: string): Promise<void> {
    const covered = await this.coveredOrgs();
    if (!covered.includes(slug)) {
      throw new NotFoundError(
        `Organization "${slug}" is not covered by this board`,
        withCode('unknown_organization', { org: slug }),
      );
    }
  }

  /**
   * Repositories of a covered organization that the public pages show: never secret ones,
   * and only public ones when `BOARD_PUBLIC_ONLY` is set.
   */
  async visibleRepositories(org: string): Promise<PlatformRepository[]> {
    return (await this.platform.listRepos(org)).filter((repo) => this.isVisible(repo));
  }

  /**
   * Throws NotFound unless `org/repo` is a visible repository of a covered organization,
   * decided from the organization's cached repository list: asking for a repository that
   * does not exist costs no platform call.
   */
  async assertRepository(org: string, repo: string): Promise<void> {
    await this.assertCovered(org);
    const fullName = `${org}/${repo}`;
    const repos = await this.visibleRepositories(org);
    if (!repos.some((r) => r.path === fullName)) throw unreadable(fullName);
  }

  /**
   * Run a platform read of one repository or issue; a 403 or 404 from the platform becomes
   * the board's one "not found" message, so whether something exists but is secret or
   * private never shows.
   */
  async readable<T>(what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.kind === 'not_found' || error.kind === 'forbidden')
      ) {
        throw unreadable(what);
      }
      throw error;
    }
  }

  private isVisible(repo: PlatformRepository): boolean {
    if (isSecret(repo)) return false;
    return !this.config.publicOnly || repo.visibility_level === 'Public';
  }

  /** An organization's name as the pages show it; its slug when the platform cannot say. */
  async orgName(slug: string): Promise<string> {
    try {
      return organizationName(await this.platform.getOrganization(slug));
    } catch {
      return slug;
    }
  }
}
