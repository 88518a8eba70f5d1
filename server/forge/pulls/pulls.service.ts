import { Injectable } from '@nestjs/common';
import type { PlatformPull, PullListState } from '@shared/platform/types';
import { ConflictError, InvalidError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../common/paging';
import type { Principal } from '../common/principal';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { ReposService } from '../repos/repos.service';
import { toPlatformPull } from './pull.converter';
import type { PullScope } from './pull.types';
import type { CreatePullDto } from './pulls.dto';
import { PullsRepository } from './pulls.repository';

/** `closed` lists merged pulls too, as on GitHub. */
const STATES: Readonly<Record<PullListState, readonly string[]>> = {
  open: ['open'],
  closed: ['closed', 'merged'],
  all: [],
};

/** Pull requests: lists and recording new ones. */
@Injectable()
export class PullsService {
  constructor(
    private readonly pulls: PullsRepository,
    private readonly repos: ReposService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** Pulls of one repository (open by default). */
  list(
    principal: Principal,
    owner: string,
    name: string,
    state: PullListState | undefined,
    paging: Paging,
  ): Page<PlatformPull> {
    const { repo } = this.repos.resolve(principal, owner, name, 'read');
    return this.page({ repoId: repo.id }, state, paging, false);
  }

  /** Pulls of every readable repository of an organization, each with `repo.path`. */
  listOrg(
    principal: Principal,
    org: string,
    state: PullListState | undefined,
    paging: Paging,
  ): Page<PlatformPull> {
    return this.page(this.repos.readableInOrg(principal, org), state, paging, true);
  }

  /** Record a pull request from `head` into `base` (needs the Developer role). */
  create(principal: Principal, owner: string, name: string, input: CreatePullDto): PlatformPull {
    const context = this.repos.resolve(principal, owner, name, 'develop');
    if (input.base === input.head)
      throw new InvalidError('head must differ from base', { field: 'head' });
    if (this.pulls.openExists(context.repo.id, input.base, input.head)) {
      throw new ConflictError(
        `An open pull request from ${input.head} into ${input.base} already exists`,
        { field: 'head' },
      );
    }
    // Branch heads are resolved once the git content API exists (part 2); until then the SHAs stay empty.
    const row = this.pulls.insert({
      repoId: context.repo.id,
      namespaceId: context.namespace.id,
      title: input.title.trim(),
      body: input.body ?? '',
      authorId: (principal as NonNullable<Principal>).userId,
      baseRef: input.base,
      baseSha: '',
      headRef: input.head,
      headSha: '',
      createdAt: iso(this.clock.now()),
    });
    return toPlatformPull(row, this.config.publicUrl, false);
  }

  private page(
    scope: PullScope,
    state: PullListState | undefined,
    paging: Paging,
    withRepo: boolean,
  ): Page<PlatformPull> {
    const { rows, total } = this.pulls.list(
      scope,
      STATES[state ?? 'open'],
      paging.pageSize,
      paging.offset,
    );
    return {
      items: rows.map((row) => toPlatformPull(row, this.config.publicUrl, withRepo)),
      total,
    };
  }
}
