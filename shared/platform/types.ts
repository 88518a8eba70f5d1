/**
 * Wire types of the platform HTTP API as the board reads them.
 *
 * Each record type is a selection of the published record of the same kind
 * (`published.ts`, itself held to the platform's published schema by a test), so the
 * board reads only fields the platform publishes, with their published types. The few
 * fields only the forge sends are optional and marked as forge extensions; the board
 * keeps a fallback for each. Nothing here may import Node or browser APIs, so the
 * Angular app can use it too.
 */
import type * as Pub from './published';

/** Error body of every failed platform call. */
export interface PlatformErrorBody {
  errcode: number;
  errmsg: string;
  errparam: Record<string, unknown>;
}

/** errcode values the platform answers, plus the forge's own for invalid input, rate limits and conflicts. */
export const ErrCode = {
  NotFound: 5,
  Forbidden: 7,
  Unauthorized: 16,
  Invalid: 400,
  RateLimited: 429,
  Conflict: 10009,
} as const;
export type ErrCode = (typeof ErrCode)[keyof typeof ErrCode];

/** Query understood by every list endpoint. */
export interface PageQuery {
  page?: number;
  page_size?: number;
}

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

// ---------------------------------------------------------------- users

/** A user as embedded in issues, comments, commits and pulls (`api.UserInfo`). */
export type EmbeddedUser = Pub.ApiUserInfo;

/** `GET /user` (`dto.UsersResult`). `type` 3 marks a robot user. */
export type PlatformUser = Pick<
  Pub.DtoUsersResult,
  'id' | 'username' | 'nickname' | 'avatar' | 'email' | 'bio' | 'created_at' | 'type'
>;

// ---------------------------------------------------------------- organizations

export type AccessRole = 'Guest' | 'Reporter' | 'Developer' | 'Master' | 'Owner';

/** `GET /{org}`, items of `GET /user/groups` (`dto.OrganizationAccess`). */
export type PlatformOrganization = Pick<
  Pub.DtoOrganizationAccess,
  | 'id'
  | 'path'
  | 'name'
  | 'remark'
  | 'description'
  | 'site'
  | 'email'
  | 'member_count'
  | 'sub_repo_count'
  | 'created_at'
  | 'updated_at'
  | 'access_role'
> & {
  /** Forge extension: the organization's avatar URL. */
  avatar?: string;
};

/** `POST /groups`. */
export interface CreateOrganizationRequest {
  /** `org` for a top-level organization, `org/team` for a sub-group of `org`. */
  path: string;
  remark?: string;
  description?: string;
  /** The domain a top-level organization is bound to. */
  bind_domain?: string;
}

// ---------------------------------------------------------------- repositories

export type VisibilityLevel = 'Public' | 'Private' | 'Secret';
export type CreateVisibility = 'public' | 'private' | 'secret';

/**
 * A repository (`dto.Repos4User`): `path` is `org/name`, `last_updated_at` the time of
 * the newest commit on any branch, `topics` comma-joined, `status` 0 when active.
 */
export type PlatformRepository = Pick<
  Pub.DtoRepos4User,
  | 'id'
  | 'name'
  | 'path'
  | 'description'
  | 'web_url'
  | 'visibility_level'
  | 'created_at'
  | 'updated_at'
  | 'last_updated_at'
  | 'open_issue_count'
  | 'open_pull_request_count'
  | 'npc_created_pull_count'
  | 'star_count'
  | 'fork_count'
  | 'topics'
  | 'license'
  | 'site'
  | 'status'
>;

export interface CreateRepositoryRequest {
  name: string;
  description?: string;
  visibility: CreateVisibility;
}

export interface UpdateRepositoryRequest {
  description?: string;
  site?: string;
  topics?: string[];
  license?: string;
}

export interface ListRepositoriesQuery extends PageQuery {
  search?: string;
  order_by?: 'last_updated_at' | 'created_at' | 'stars' | 'slug_path' | 'forks';
  desc?: boolean;
}

// ---------------------------------------------------------------- labels, issues, comments

/** A label (`api.Label`); `color` is hex without `#`. */
export type PlatformLabel = Pub.ApiLabel;

export interface CreateLabelRequest {
  name: string;
  color: string;
  description?: string;
}

export type IssueState = 'open' | 'closed';
export type IssueStateReason = 'open' | 'completed' | 'not_planned' | 'reopened';

/** Published issue priorities; an unset priority is the empty string. */
export const ISSUE_PRIORITIES = ['-2P', '-1P', 'P0', 'P1', 'P2', 'P3'] as const;
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number] | '';

/** An issue (`api.Issue`; the detail is `api.IssueDetail`, list items of `/user/issues` `api.UserIssue`). */
export type PlatformIssue = Pick<
  Pub.ApiIssue,
  | 'number'
  | 'title'
  | 'state'
  | 'state_reason'
  | 'author'
  | 'assignees'
  | 'labels'
  | 'comment_count'
  | 'priority'
  | 'created_at'
  | 'updated_at'
  | 'last_acted_at'
> & {
  /** In the detail; the forge also puts it in list items. */
  body?: string;
  /** In `/user/issues` items; also added by the forge's organization-wide lists. */
  repo?: Pick<Pub.ApiRepoInfo, 'path'>;
};

export type IssueOrderBy = 'created_at' | '-created_at' | '-updated_at' | '-last_acted_at';

export interface ListIssuesQuery extends PageQuery {
  state?: IssueState;
  keyword?: string;
  /** Comma-joined label names. */
  labels?: string;
  labels_operator?: 'AND' | 'OR';
  /** Comma-joined usernames. */
  authors?: string;
  /** Comma-joined usernames; `-` means unassigned. */
  assignees?: string;
  priority?: string;
  updated_time_begin?: string;
  updated_time_end?: string;
  close_time_begin?: string;
  close_time_end?: string;
  order_by?: IssueOrderBy;
}

export interface CreateIssueRequest {
  title: string;
  body?: string;
  labels?: string[];
  assignees?: string[];
  priority?: IssuePriority;
  work_mode?: boolean;
}

export interface UpdateIssueRequest {
  title?: string;
  body?: string;
  state?: IssueState;
  state_reason?: IssueStateReason;
  priority?: IssuePriority;
}

export interface AssigneesRequest {
  assignees: string[];
}

export interface IssueLabelsRequest {
  labels: string[];
}

/** An issue comment (`api.IssueComment`). */
export type PlatformComment = Pick<
  Pub.ApiIssueComment,
  'id' | 'body' | 'author' | 'created_at' | 'updated_at'
>;

/** One entry of an issue's history (`api.IssueActivity`); `payload` is free-form. */
export type PlatformIssueActivity = Pick<
  Pub.ApiIssueActivity,
  'id' | 'type' | 'actor' | 'payload' | 'created_at'
>;

export interface ListCommentsQuery extends PageQuery {
  sort?: 'created_at' | '-created_at';
}

export interface CreateCommentRequest {
  body: string;
}

// ---------------------------------------------------------------- pulls

export type PullListState = 'open' | 'closed' | 'all';

/** A pull request as listed (`api.PullRequest`). */
export type PlatformPull = Pick<
  Pub.ApiPullRequest,
  | 'number'
  | 'title'
  | 'body'
  | 'state'
  | 'author'
  | 'assignees'
  | 'labels'
  | 'comment_count'
  | 'created_at'
  | 'updated_at'
> & {
  base: Pick<Pub.ApiPullRef, 'ref' | 'sha'>;
  head: Pick<Pub.ApiPullRef, 'ref' | 'sha'>;
  /** The pull's repository. */
  repo?: Pick<Pub.ApiRepo, 'path'>;
};

export interface ListPullsQuery extends PageQuery {
  state?: PullListState;
  /** Comma-joined usernames. */
  authors?: string;
  /** `YYYY-MM-DD`: pulls updated on or after that day. */
  updated_time_begin?: string;
  order_by?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at';
}

/** A pull request's review (`api.PullReview`). */
export type PlatformPullReview = Pick<Pub.ApiPullReview, 'id' | 'author' | 'state' | 'created_at'>;

export interface CreatePullRequest {
  base: string;
  head: string;
  title: string;
  body?: string;
}

// ---------------------------------------------------------------- git

/** `GET /{repo}/-/git/head` (`openapi.HeadRef`). */
export type GitHead = Pub.OpenapiHeadRef;

export type GitSignature = Pub.ApiSignature;

/** A commit (`api.Commit`). */
export type PlatformCommit = Pick<Pub.ApiCommit, 'sha' | 'parents' | 'author' | 'committer'> & {
  commit: Pick<Pub.ApiCommitObject, 'message' | 'author' | 'committer' | 'tree'>;
};

export interface ListCommitsQuery extends PageQuery {
  sha?: string;
  author?: string;
  since?: string;
  until?: string;
}

/** A branch (`api.Branch` in lists, `api.BranchDetail` with the full commit). */
export type PlatformBranch = Pick<Pub.ApiBranch, 'name' | 'protected'> & {
  commit: { sha: string } | PlatformCommit;
};

export interface CreateBranchRequest {
  name: string;
  start_point?: string;
}

/** A tag (`api.Tag`). */
export type PlatformTag = Pick<Pub.ApiTag, 'name' | 'target' | 'target_type'> & {
  commit: PlatformCommit;
  /** Forge extension: an annotated tag's message. */
  message?: string;
};

export interface CreateTagRequest {
  name: string;
  target?: string;
  message?: string;
}

/** A changed file (`api.CommitDiffFilePatch`). */
export type CompareFile = Pick<
  Pub.ApiCommitDiffFilePatch,
  'path' | 'previous_filename' | 'status' | 'additions' | 'deletions' | 'patch'
>;

/** `GET /{repo}/-/git/compare/{base...head}` (`api.CompareResponse`). */
export interface PlatformCompare {
  base_commit: PlatformCommit;
  head_commit: PlatformCommit;
  merge_base_commit: PlatformCommit;
  commits: PlatformCommit[];
  files: CompareFile[];
  total_commits: number;
}

// ---------------------------------------------------------------- contents

/** An entry of a folder (`api.TreeEntry`). */
export type TreeEntry = Pub.ApiTreeEntry;

/** `GET /{repo}/-/git/contents/{path}` of a folder (`api.Content` of type `tree`). */
export type TreeContent = Pick<Pub.ApiContent, 'path' | 'sha' | 'entries'> & { type: 'tree' };

/** The same of a file (`api.Content` of type `blob`). */
export type BlobContent = Pick<Pub.ApiContent, 'path' | 'name' | 'sha' | 'size' | 'content'> & {
  type: 'blob';
  encoding: 'base64';
};

export type ContentResponse = TreeContent | BlobContent;

export interface CreateBlobRequest {
  content: string;
  encoding: 'utf-8' | 'base64';
}

export interface CreateBlobResponse {
  sha: string;
}

// ---------------------------------------------------------------- uploads

export interface UploadRequest {
  name: string;
  size: number;
}

export interface UploadResponse {
  upload_url: string;
  assets: { name: string; path: string; size: number; content_type: string };
}

// ---------------------------------------------------------------- releases

/** A release (`api.Release`). */
export type PlatformRelease = Pick<
  Pub.ApiRelease,
  | 'id'
  | 'tag_name'
  | 'tag_commitish'
  | 'name'
  | 'body'
  | 'draft'
  | 'prerelease'
  | 'is_latest'
  | 'author'
  | 'created_at'
  | 'published_at'
> & {
  assets: Pick<Pub.ApiReleaseAsset, 'name' | 'path' | 'size' | 'content_type'>[];
};

/** `POST /{repo}/-/releases`, as published (`make_latest`: `true`, `false` or `legacy`). */
export interface CreateReleaseRequest {
  tag_name: string;
  target_commitish?: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
  make_latest?: 'true' | 'false' | 'legacy';
}

// ---------------------------------------------------------------- events

export type EventType =
  | 'PushEvent'
  | 'CreateEvent'
  | 'DeleteEvent'
  | 'IssueEvent'
  | 'IssueCommentEvent'
  | 'PullRequestEvent'
  | 'ReleaseEvent';

export interface PlatformEvent {
  id: string;
  /** One of `EventType`, or a kind this client does not know yet. */
  type: string;
  actor: { username: string; nickname: string };
  repo: { path: string };
  created_at: string;
  payload: Record<string, unknown>;
}

// ---------------------------------------------------------------- credits

/** `GET /{slug}/-/charge/special-amount` (`dto.SpecialAmount`); `credit` is the organization's balance. */
export type SpecialAmount = Pick<Pub.DtoSpecialAmount, 'credit'>;

/** Items of the forge-only `GET /{slug}/-/charge/ledger?since=` (a forge extension). */
export interface LedgerEntry {
  id: string;
  /** Positive for a top-up, negative for spending. */
  amount: number;
  /** Balance after this entry. */
  balance: number;
  kind: 'spend' | 'topup';
  note: string;
  created_at: string;
  /** A build's charge: the build's serial number and the core-hours it used. */
  sn?: string;
  core_hours?: number;
}
