import { Injectable } from '@nestjs/common';
import type { PullRequest, Repository } from '@shared/board/entities';
import { isSecret, toPullRequest, toRepository } from '@shared/board/mappers';
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

  /** Repositories of one organization (secret ones left out), oldest last commit first. */
  async repositories(org: string): Promise<Repository[]> {
    await this.orgs.assertCovered(org);
    const ctx = this.orgs.mapContext;
    return (await this.platform.listRepos(org))
      .filter((r) => !isSecret(r))
      .map((r) => toRepository(r, ctx))
      .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at));
  }

  /** Pull requests of one repository, newest first. */
  async pulls(org: string, repo: string, state: PullListState): Promise<PullRequest[]> {
    await this.orgs.assertCovered(org);
    const fullName = `${org}/${repo}`;
    const ctx = this.orgs.mapContext;
    return (await this.platform.listPulls(fullName, { state }))
      .map((p) => toPullRequest(p, fullName, ctx))
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  }
}
