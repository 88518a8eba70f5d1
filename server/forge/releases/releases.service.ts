import { Injectable } from '@nestjs/common';
import type { ApiRelease, ApiReleaseAsset } from '@shared/platform/published';
import { ConflictError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import type { Page, Paging } from '../http/paging';
import type { Caller } from '../access/principal';
import type { RepoContext } from '../access/request-context';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { EventsService } from '../events/events.service';
import { GitAdapter } from '../git/git.adapter';
import { checkRefName, checkRevision } from '../git/ref-name';
import { TAG_PREFIX } from '../git/ref-snapshot';
import { RefsService } from '../refs/refs.service';
import type { RepoGrant } from '../repos/repo.types';
import { toPlatformRelease, toReleaseAsset } from './release.converter';
import type { ReleaseRow } from './release.types';
import type { CreateReleaseDto, UpdateReleaseDto } from './releases.dto';
import { ReleasesRepository } from './releases.repository';

/** Releases: a tag (existing, or created from `target_commitish`) with notes. */
@Injectable()
export class ReleasesService {
  constructor(
    private readonly releases: ReleasesRepository,
    private readonly refs: RefsService,
    private readonly git: GitAdapter,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** Releases, newest first. */
  list(ctx: RepoContext, paging: Paging): Page<ApiRelease> {
    const context = ctx.granted();
    const { rows, total } = this.releases.list(context.repo.id, paging.pageSize, paging.offset);
    const latest = this.releases.latest(context.repo.id)?.id;
    return { items: rows.map((row) => this.toWire(row, latest, context)), total };
  }

  /** The latest published release that is not a prerelease. */
  latest(ctx: RepoContext): ApiRelease {
    const context = ctx.granted();
    const row = this.releases.latest(context.repo.id);
    if (!row) throw new NotFoundError('The repository has no release yet', { field: 'release' });
    return this.toWire(row, row.id, context);
  }

  /** The release of a tag. */
  byTag(ctx: RepoContext, tag: string): ApiRelease {
    checkRevision('tag', tag);
    const context = ctx.granted();
    const row = this.releases.byTag(context.repo.id, tag);
    if (!row) throw new NotFoundError(`No release for tag ${tag}`, { field: 'tag' });
    return this.toWire(row, this.releases.latest(context.repo.id)?.id, context);
  }

  /** Publish a release; its tag is created from `target_commitish` (default branch) when missing. */
  async create(ctx: RepoContext<Caller>, input: CreateReleaseDto): Promise<ApiRelease> {
    const tag = checkRefName('tag_name', input.tag_name);
    const target =
      input.target_commitish === undefined
        ? undefined
        : checkRevision('target_commitish', input.target_commitish);
    const context = ctx.granted();
    const { caller } = context;
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
      makeLatest: input.make_latest ?? 'legacy',
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
    return this.toWire(row, this.releases.latest(context.repo.id)?.id, context);
  }

  /** Change a release's name, notes, draft or prerelease flag, or latest choice. */
  update(ctx: RepoContext, releaseId: string, input: UpdateReleaseDto): void {
    const context = ctx.granted();
    const row = this.requireRelease(context.repo.id, releaseId);
    const publishing = input.draft === false && row.published_at === '';
    this.releases.update(row.id, {
      name: input.name === undefined ? undefined : input.name.trim() || row.tag_name,
      body: input.body,
      draft: input.draft,
      prerelease: input.prerelease,
      makeLatest: input.make_latest,
      publishedAt: publishing ? iso(this.clock.now()) : undefined,
    });
  }

  /** Delete a release; its tag stays. */
  remove(ctx: RepoContext, releaseId: string): void {
    const context = ctx.granted();
    this.releases.delete(this.requireRelease(context.repo.id, releaseId).id);
  }

  /** A release by id. */
  byId(ctx: RepoContext, releaseId: string): ApiRelease {
    const context = ctx.granted();
    const row = this.requireRelease(context.repo.id, releaseId);
    return this.toWire(row, this.releases.latest(context.repo.id)?.id, context);
  }

  /** One asset of a release. */
  asset(ctx: RepoContext, releaseId: string, assetId: string): ApiReleaseAsset {
    const context = ctx.granted();
    const release = this.requireRelease(context.repo.id, releaseId);
    const id = /^[1-9]\d{0,15}$/.test(assetId) ? Number(assetId) : NaN;
    const asset = Number.isSafeInteger(id) ? this.releases.asset(release.id, { id }) : undefined;
    if (!asset)
      throw new NotFoundError(`No asset ${assetId} in this release`, { field: 'asset_id' });
    return toReleaseAsset(asset, release, repoPathOf(context), this.config.publicUrl);
  }

  /** Where an asset's bytes are served, for the download route's redirect; counts the download. */
  download(ctx: RepoContext, tag: string, fileName: string): string {
    checkRevision('tag', tag);
    const context = ctx.granted();
    const release = this.releases.byTag(context.repo.id, tag);
    const asset = release && this.releases.asset(release.id, { name: fileName });
    if (!release || !asset)
      throw new NotFoundError(`No asset ${fileName} in the release of ${tag}`, {
        field: 'filename',
      });
    this.releases.countDownload(asset.id);
    return `/${repoPathOf(context)}/-/files/${asset.upload_key}/${encodeURIComponent(asset.name)}`;
  }

  private requireRelease(repoId: number, releaseId: string): ReleaseRow {
    const id = /^[1-9]\d{0,15}$/.test(releaseId) ? Number(releaseId) : NaN;
    const row = Number.isSafeInteger(id) ? this.releases.byId(id) : undefined;
    if (!row || row.repo_id !== repoId)
      throw new NotFoundError(`No release ${releaseId}`, { field: 'release_id' });
    return row;
  }

  private toWire(row: ReleaseRow, latestId: number | undefined, context: RepoGrant): ApiRelease {
    const assets = this.releases.assetsOf([row.id]).get(row.id) ?? [];
    return toPlatformRelease(row, latestId, assets, repoPathOf(context), this.config.publicUrl);
  }
}

/** `org/name` of a resolved repository. */
function repoPathOf(context: RepoGrant): string {
  return `${context.namespace.path}/${context.repo.name}`;
}
