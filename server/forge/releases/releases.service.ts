import { Injectable } from '@nestjs/common';
import type { PlatformRelease } from '@shared/platform/types';
import { ConflictError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../common/paging';
import type { Caller, Principal } from '../common/principal';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import { GitAdapter } from '../git/git.adapter';
import { checkRefName, checkRevision } from '../git/ref-name';
import { TAG_PREFIX } from '../git/ref-snapshot';
import { RefsService } from '../refs/refs.service';
import { ReposService } from '../repos/repos.service';
import { toPlatformRelease } from './release.converter';
import type { ReleaseRow } from './release.types';
import type { CreateReleaseDto } from './releases.dto';
import { ReleasesRepository } from './releases.repository';

/** Releases: a tag (existing, or created from `target_commitish`) with notes. */
@Injectable()
export class ReleasesService {
  constructor(
    private readonly releases: ReleasesRepository,
    private readonly repos: ReposService,
    private readonly refs: RefsService,
    private readonly git: GitAdapter,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** Releases, newest first. */
  list(principal: Principal, owner: string, name: string, paging: Paging): Page<PlatformRelease> {
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
    const { rows, total } = this.releases.list(repo.id, paging.pageSize, paging.offset);
    const latest = this.releases.latest(repo.id)?.id;
    return { items: rows.map((row) => this.toWire(row, latest)), total };
  }

  /** The latest published release that is not a prerelease. */
  latest(principal: Principal, owner: string, name: string): PlatformRelease {
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
    const row = this.releases.latest(repo.id);
    if (!row) throw new NotFoundError('The repository has no release yet', { field: 'release' });
    return this.toWire(row, row.id);
  }

  /** The release of a tag. */
  byTag(principal: Principal, owner: string, name: string, tag: string): PlatformRelease {
    checkRevision('tag', tag);
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
    const row = this.releases.byTag(repo.id, tag);
    if (!row) throw new NotFoundError(`No release for tag ${tag}`, { field: 'tag' });
    return this.toWire(row, this.releases.latest(repo.id)?.id);
  }

  /** Publish a release; its tag is created from `target_commitish` (default branch) when missing. */
  async create(
    principal: Principal,
    owner: string,
    name: string,
    input: CreateReleaseDto,
  ): Promise<PlatformRelease> {
    const tag = checkRefName('tag_name', input.tag_name);
    const target =
      input.target_commitish === undefined
        ? undefined
        : checkRevision('target_commitish', input.target_commitish);
    const context = this.repos.resolve(principal, owner, name, 'develop');
    const caller = principal as Caller;
    const repo = { owner: context.namespace.path, name: context.repo.name };
    if (this.releases.byTag(context.repo.id, tag))
      throw new ConflictError(`Tag ${tag} already has a release`, { field: 'tag_name' });
    const refs = await this.git.refs(repo);
    if (!refs.refs.has(TAG_PREFIX + tag))
      await this.refs.createTagRef(context, repo, caller, tag, target, undefined);
    const at = iso(this.clock.now());
    const draft = input.draft ?? false;
    const id = this.releases.insert({
      repoId: context.repo.id,
      tagName: tag,
      targetCommitish: target ?? refs.head,
      name: input.name?.trim() || tag,
      body: input.body ?? '',
      draft,
      prerelease: input.prerelease ?? false,
      authorId: caller.userId,
      createdAt: at,
      publishedAt: draft ? '' : at,
    });
    if (!draft) {
      this.events.record({
        repoId: context.repo.id,
        type: 'ReleaseEvent',
        actorId: caller.userId,
        payload: { action: 'published', release: { id: String(id), tag_name: tag } },
        createdAt: at,
      });
    }
    const row = this.releases.byId(id) as ReleaseRow;
    return this.toWire(row, this.releases.latest(context.repo.id)?.id);
  }

  private toWire(row: ReleaseRow, latestId: number | undefined): PlatformRelease {
    return toPlatformRelease(row, latestId, this.config.publicUrl);
  }
}
