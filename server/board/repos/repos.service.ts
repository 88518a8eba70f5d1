import { Injectable } from '@nestjs/common';
import type { PullRequest, Repository } from '@shared/board/entities';
import { toPullRequest, toRepository } from '@shared/board/mappers';
import type { PullListState } from '@shared/platform/types';
import { OrgsService } from '../orgs/orgs.service';
import { PlatformClient } from '../platform/platform-client';

/** Repositories of the covered organizations and their pull requests. */
@Injectable()
export class ReposService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly orgs: OrgsService,
  ) {}

  /** Repositories of one organization the public pages show, oldest last commit first. */
  async repositories(org: string): Promise<Repository[]> {
    await this.orgs.assertCovered(org);
    const ctx = this.orgs.mapContext;
    return (await this.orgs.visibleRepositories(org))
      .map((r) => toRepository(r, ctx))
      .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at));
  }

  /** Pull requests of one repository, newest first. */
  async pulls(org: string, repo: string, state: PullListState): Promise<PullRequest[]> {
    await this.orgs.assertRepository(org, repo);
    const fullName = `${org}/${repo}`;
    const ctx = this.orgs.mapContext;
    return (await this.orgs.readable(fullName, () => this.platform.listPulls(fullName, { state })))
      .map((p) => toPullRequest(p, fullName, ctx))
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  }
}
