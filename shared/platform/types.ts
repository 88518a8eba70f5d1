/**
 * Wire types of the platform HTTP API (docs/architecture.md#the-forge).
 *
 * The board's platform client and the forge both speak this contract; nothing here
 * may import Node or browser APIs, so the Angular app can use it too.
 */

/** Error body of every failed platform call. */
export interface PlatformErrorBody {
  errcode: number;
  errmsg: string;
  errparam: Record<string, unknown>;
}

/** errcode values of the platform (docs/architecture.md#the-forge). */
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

/** A user as embedded in issues, comments, commits and pulls. */
export interface EmbeddedUser {
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  freeze: boolean;
  is_npc: boolean;
}

/** `GET /user`. `type` 3 marks a robot user. */
export interface PlatformUser {
  id: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  bio: string;
  created_at: string;
  type: number;
}

// ---------------------------------------------------------------- organizations

export type AccessRole = 'Guest' | 'Reporter' | 'Developer' | 'Master' | 'Owner';

/** `GET /{org}`, items of `GET /user/groups` and `GET /user/orgs`. */
export interface PlatformOrganization {
  id: string;
  path: string;
  name: string;
  remark: string;
  description: string;
  site: string;
  email: string;
  avatar: string;
  member_count: number;
  sub_repo_count: number;
  created_at: string;
  updated_at: string;
  access_role: AccessRole | string;
}

/** `POST /groups`. */
export interface CreateOrganizationRequest {
  path: string;
  remark?: string;
  description?: string;
}

// ---------------------------------------------------------------- repositories

export type VisibilityLevel = 'Public' | 'Private' | 'Secret';
export type CreateVisibility = 'public' | 'private' | 'secret';

export interface PlatformRepository {
  id: string;
  name: string;
  /** `org/name`. */
  path: string;
  description: string;
  web_url: string;
  visibility_level: VisibilityLevel;
  created_at: string;
  updated_at: string;
  /** Time of the newest commit on any branch. */
  last_updated_at: { time: string; valid: boolean };
  open_issue_count: number;
  open_pull_request_count: number;
  star_count: number;
  fork_count: number;
  /** Comma-joined. */
  topics: string;
  license: string;
  site: string;
  /** 0 active, 1 archived. */
  status: number;
}

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
  order_by?: 'last_updated_at' | 'created_at' | 'stars' | 'slug_path';
  desc?: boolean;
}

// ---------------------------------------------------------------- labels, issues, comments

export interface PlatformLabel {
  id: string;
  name: string;
  /** Hex without `#`. */
  color: string;
  description: string;
}

export interface CreateLabelRequest {
  name: string;
  color: string;
  description?: string;
}

export type IssueState = 'open' | 'closed';
export type IssueStateReason = 'open' | 'completed' | 'not_planned' | 'reopened';

export interface PlatformIssue {
  /** A string on the wire. */
  number: string;
  title: string;
  state: IssueState;
  state_reason: IssueStateReason;
  author: EmbeddedUser;
  assignees: EmbeddedUser[];
  labels: PlatformLabel[];
  comment_count: number;
  priority: string;
  created_at: string;
  updated_at: string;
  last_acted_at: string;
  /** Always in the detail; the forge also puts it in list items. */
  body?: string;
  /** Added by organization-wide lists. */
  repo?: { path: string };
}

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
  priority?: string;
  work_mode?: boolean;
}

export interface UpdateIssueRequest {
  title?: string;
  body?: string;
  state?: IssueState;
  state_reason?: IssueStateReason;
  priority?: string;
}

export interface AssigneesRequest {
  assignees: string[];
}

export interface IssueLabelsRequest {
  labels: string[];
}

export interface PlatformComment {
  id: string;
  body: string;
  author: EmbeddedUser;
  created_at: string;
  updated_at: string;
}

export interface ListCommentsQuery extends PageQuery {
  sort?: 'created_at' | '-created_at';
}

export interface CreateCommentRequest {
  body: string;
}

// ---------------------------------------------------------------- pulls

export type PullListState = 'open' | 'closed' | 'all';

export interface PlatformPull {
  number: string;
  title: string;
  body: string;
  state: 'open' | 'closed' | 'merged';
  author: EmbeddedUser;
  assignees: EmbeddedUser[];
  labels: PlatformLabel[];
  base: { ref: string; sha: string };
  head: { ref: string; sha: string };
  comment_count: number;
  created_at: string;
  updated_at: string;
  /** Added by organization-wide lists. */
  repo?: { path: string };
}

export interface ListPullsQuery extends PageQuery {
  state?: PullListState;
}

export interface CreatePullRequest {
  base: string;
  head: string;
  title: string;
  body?: string;
}

// ---------------------------------------------------------------- git

export interface GitHead {
  name: string;
  protected: boolean;
}

export interface GitSignature {
  name: string;
  email: string;
  date: string;
}

export interface PlatformCommit {
  sha: string;
  commit: {
    message: string;
    author: GitSignature;
    committer: GitSignature;
    tree: { sha: string };
  };
  author: EmbeddedUser | null;
  committer: EmbeddedUser | null;
  parents: { sha: string }[];
}

export interface ListCommitsQuery extends PageQuery {
  sha?: string;
  author?: string;
  since?: string;
  until?: string;
}

export interface PlatformBranch {
  name: string;
  protected: boolean;
  commit: { sha: string } | PlatformCommit;
}

export interface CreateBranchRequest {
  name: string;
  start_point?: string;
}

export interface PlatformTag {
  name: string;
  target: string;
  target_type: string;
  commit: { sha: string } | PlatformCommit;
  message: string;
}

export interface CreateTagRequest {
  name: string;
  target?: string;
  message?: string;
}

export interface CompareFile {
  path: string;
  previous_filename: string;
  status: string;
  additions: number;
  deletions: number;
  patch: string;
}

export interface PlatformCompare {
  base_commit: PlatformCommit;
  head_commit: PlatformCommit;
  merge_base_commit: PlatformCommit;
  commits: PlatformCommit[];
  files: CompareFile[];
  total_commits: number;
}

// ---------------------------------------------------------------- contents

export interface TreeEntry {
  type: 'blob' | 'tree';
  path: string;
  name: string;
  sha: string;
  /** 0 for directories. */
  size: number;
}

export interface TreeContent {
  type: 'tree';
  path: string;
  sha: string;
  entries: TreeEntry[];
}

export interface BlobContent {
  type: 'blob';
  path: string;
  name: string;
  sha: string;
  size: number;
  encoding: 'base64';
  content: string;
}

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

export interface PlatformRelease {
  id: string;
  tag_name: string;
  target_commitish: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  is_latest: boolean;
  author: EmbeddedUser;
  created_at: string;
  published_at: string;
  assets: { name: string; path: string; size: number; content_type: string }[];
}

export interface CreateReleaseRequest {
  tag_name: string;
  target_commitish?: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
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
  type: EventType | string;
  actor: { username: string; nickname: string };
  repo: { path: string };
  created_at: string;
  payload: Record<string, unknown>;
}

// ---------------------------------------------------------------- credits

/** `GET /{slug}/-/charge/special-amount`; `credit` is the organization's balance. */
export interface SpecialAmount {
  credit: number;
}

/** Items of the forge-only `GET /{slug}/-/charge/ledger?since=`. */
export interface LedgerEntry {
  id: string;
  /** Positive for a top-up, negative for spending. */
  amount: number;
  /** Balance after this entry. */
  balance: number;
  kind: 'spend' | 'topup';
  note: string;
  created_at: string;
}
