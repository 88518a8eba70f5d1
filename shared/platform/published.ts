/**
 * The platform's published record types, one per definition of its published API
 * schema (the extract in test/conformance/), property for property. A test holds this
 * file to the extract, so the two cannot drift; DESIGN-era names in types.ts are
 * aliases of these.
 */

/** `api.Branch`. */
export interface ApiBranch {
  commit: { sha: string };
  locked: boolean;
  name: string;
  protected: boolean;
}

/** `api.BranchDetail`. */
export interface ApiBranchDetail {
  commit: ApiCommit;
  locked: boolean;
  name: string;
  protected: boolean;
}

/** `api.Commit`. */
export interface ApiCommit {
  author: ApiUserInfo;
  commit: ApiCommitObject;
  committer: ApiUserInfo;
  parents: ApiCommitParent[];
  sha: string;
}

/** `api.CommitAsset`. */
export interface ApiCommitAsset {
  author: ApiUserInfo;
  content_type: string;
  created_at: string;
  download_count: number;
  hash_algo: string;
  hash_value: string;
  id: string;
  name: string;
  path: string;
  size_in_byte: number;
  updated_at: string;
}

/** `api.CommitDiffFilePatch`. */
export interface ApiCommitDiffFilePatch {
  additions: number;
  deletions: number;
  mode: string;
  name: string;
  patch: string;
  path: string;
  previous_filename: string;
  previous_mode: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed' | 'copied';
}

/** `api.CommitObject`. */
export interface ApiCommitObject {
  author: ApiSignature;
  comment_count: number;
  committer: ApiSignature;
  message: string;
  tree: ApiCommitObjectTree;
  verification: ApiCommitObjectVerification;
}

/** `api.CommitObjectTree`. */
export interface ApiCommitObjectTree {
  sha: string;
}

/** `api.CommitObjectVerification`. */
export interface ApiCommitObjectVerification {
  payload: string;
  reason: string;
  signature: string;
  verified: boolean;
  verified_at: string;
}

/** `api.CommitParent`. */
export interface ApiCommitParent {
  sha: string;
}

/** `api.CommitStatuses`. */
export interface ApiCommitStatuses {
  sha: string;
  state: string;
  statuses: VcsCommitStatus[];
}

/** `api.CompareResponse`. */
export interface ApiCompareResponse {
  base_commit: ApiCommit;
  commits: ApiCommit[];
  files: ApiCommitDiffFilePatch[];
  head_commit: ApiCommit;
  merge_base_commit: ApiCommit;
  total_commits: number;
}

/** `api.Content`. */
export interface ApiContent {
  content: string;
  encoding: 'base64' | '';
  entries: ApiTreeEntry[];
  lfs_download_url: string;
  lfs_oid: string;
  lfs_size: number;
  name: string;
  path: string;
  sha: string;
  size: number;
  type: 'tree' | 'blob' | 'lfs' | 'empty';
}

/** `api.DiffLine`. */
export interface ApiDiffLine {
  content: string;
  left_line_number: number;
  prefix: string;
  right_line_number: number;
  type: string;
}

/** `api.Issue`. */
export interface ApiIssue {
  assignees: ApiUserInfo[];
  author: ApiUserInfo;
  comment_count: number;
  created_at: string;
  ended_at: string;
  invisible: boolean;
  labels: ApiLabel[];
  last_acted_at: string;
  number: string;
  priority: '-2P' | '-1P' | 'P0' | 'P1' | 'P2' | 'P3' | '';
  started_at: string;
  state: 'open' | 'closed';
  state_reason: 'open' | 'completed' | 'not_planned' | 'reopened';
  title: string;
  updated_at: string;
}

/** `api.IssueActivity`. */
export interface ApiIssueActivity {
  actor: ApiUserInfo;
  actor_access_role: string;
  created_at: string;
  id: string;
  payload: unknown;
  submitted_at: string;
  type: string;
}

/** `api.IssueComment`. */
export interface ApiIssueComment {
  author: ApiUserInfo;
  body: string;
  created_at: string;
  id: string;
  reactions: VcsSceneReaction[];
  updated_at: string;
}

/** `api.IssueDetail`. */
export interface ApiIssueDetail {
  assignees: ApiUserInfo[];
  author: ApiUserInfo;
  body: string;
  comment_count: number;
  created_at: string;
  ended_at: string;
  invisible: boolean;
  labels: ApiLabelInfo[];
  last_acted_at: string;
  number: string;
  priority: '-2P' | '-1P' | 'P0' | 'P1' | 'P2' | 'P3' | '';
  properties: ApiIssueProperty[];
  started_at: string;
  state: 'open' | 'closed';
  state_reason: 'open' | 'completed' | 'not_planned' | 'reopened';
  title: string;
  updated_at: string;
}

/** `api.IssueProperty`. */
export interface ApiIssueProperty {
  key: string;
  name: string;
  type: string;
  value: string;
}

/** `api.Label`. */
export interface ApiLabel {
  color: string;
  description: string;
  id: string;
  name: string;
}

/** `api.LabelInfo`. */
export interface ApiLabelInfo {
  applied_by: ApiUserInfo;
  color: string;
  creator: ApiUserInfo;
  description: string;
  id: string;
  name: string;
}

/** `api.Pull`. */
export interface ApiPull {
  author: ApiUserInfo;
  base: ApiPullRef;
  blocked_on:
    'no_merge_base' | 'internal_error' | 'code_conflict' | 'status_check' | 'waiting_review';
  body: string;
  head: ApiPullRef;
  is_wip: boolean;
  labels: ApiLabelInfo[];
  mergeable_state: 'checking' | 'mergeable' | 'merging' | 'merged' | 'conflict' | 'no-merge-base';
  merged_by: ApiUserInfo;
  number: string;
  reviewers: ApiPullReviewer[];
  state: 'open' | 'closed' | 'merged';
  title: string;
}

/** `api.PullFile`. */
export interface ApiPullFile {
  additions: number;
  blob_url: string;
  contents_url: string;
  deletions: number;
  filename: string;
  patch: string;
  raw_url: string;
  sha: string;
  status: 'add' | 'modify' | 'delete' | 'rename' | 'copy';
}

/** `api.PullRef`. */
export interface ApiPullRef {
  ref: string;
  repo: ApiRepo;
  sha: string;
}

/** `api.PullRefInfo`. */
export interface ApiPullRefInfo {
  ref: string;
  repo: ApiRepoInfo;
  sha: string;
}

/** `api.PullRequest`. */
export interface ApiPullRequest {
  assignees: ApiUserInfo[];
  author: ApiUserInfo;
  base: ApiPullRef;
  blocked_on:
    'no_merge_base' | 'internal_error' | 'code_conflict' | 'status_check' | 'waiting_review';
  body: string;
  comment_count: number;
  created_at: string;
  head: ApiPullRef;
  is_wip: boolean;
  labels: ApiLabel[];
  last_acted_at: string;
  mergeable_state: 'checking' | 'mergeable' | 'merging' | 'merged' | 'conflict' | 'no-merge-base';
  merged_by: ApiUserInfo;
  number: string;
  repo: ApiRepo;
  review_count: number;
  state: 'open' | 'closed' | 'merged';
  title: string;
  updated_at: string;
}

/** `api.PullRequestComment`. */
export interface ApiPullRequestComment {
  author: ApiUserInfo;
  body: string;
  created_at: string;
  id: string;
  reactions: GitSceneReaction[];
  updated_at: string;
}

/** `api.PullRequestInfo`. */
export interface ApiPullRequestInfo {
  assignees: ApiUserInfo[];
  author: ApiUserInfo;
  base: ApiPullRefInfo;
  blocked_on:
    'no_merge_base' | 'internal_error' | 'code_conflict' | 'status_check' | 'waiting_review';
  created_at: string;
  head: ApiPullRefInfo;
  labels: ApiLabel[];
  last_acted_at: string;
  mergeable_state: 'checking' | 'mergeable' | 'merging' | 'merged' | 'conflict' | 'no-merge-base';
  merged_by: ApiUserInfo;
  number: string;
  repo: ApiRepoInfo;
  reviewers: ApiUserInfo[];
  state: 'open' | 'closed' | 'merged';
  title: string;
  updated_at: string;
}

/** `api.PullReview`. */
export interface ApiPullReview {
  author: ApiUserInfo;
  body: string;
  created_at: string;
  id: string;
  state: string;
  updated_at: string;
}

/** `api.PullReviewComment`. */
export interface ApiPullReviewComment {
  author: ApiUserInfo;
  body: string;
  commit_hash: string;
  created_at: string;
  diff_hunk: ApiDiffLine[];
  end_line: number;
  end_side: string;
  id: string;
  path: string;
  reactions: GitSceneReaction[];
  reply_to_comment_id: string;
  review_id: string;
  review_state: string;
  start_line: number;
  start_side: string;
  subject_type: string;
  updated_at: string;
}

/** `api.PullReviewer`. */
export interface ApiPullReviewer {
  review_state: 'pending' | 'commented' | 'approved' | 'changes_requested' | 'dismissed';
  user: ApiUserInfo;
}

/** `api.Release`. */
export interface ApiRelease {
  assets: ApiReleaseAsset[];
  author: ApiUserInfo;
  body: string;
  created_at: string;
  draft: boolean;
  id: string;
  is_latest: boolean;
  name: string;
  prerelease: boolean;
  published_at: string;
  tag_commitish: string;
  tag_name: string;
  updated_at: string;
}

/** `api.ReleaseAsset`. */
export interface ApiReleaseAsset {
  brower_download_url: string;
  content_type: string;
  created_at: string;
  download_count: number;
  hash_algo: string;
  hash_value: string;
  id: string;
  name: string;
  path: string;
  size: number;
  updated_at: string;
  uploader: ApiUserInfo;
  url: string;
}

/** `api.Repo`. */
export interface ApiRepo {
  id: string;
  name: string;
  path: string;
  web_url: string;
}

/** `api.RepoInfo`. */
export interface ApiRepoInfo {
  id: string;
  name: string;
  path: string;
  web_url: string;
}

/** `api.Signature`. */
export interface ApiSignature {
  date: string;
  email: string;
  name: string;
}

/** `api.Tag`. */
export interface ApiTag {
  commit: ApiCommit;
  name: string;
  target: string;
  target_type: string;
  verification: ApiTagObjectVerification;
}

/** `api.TagObjectVerification`. */
export interface ApiTagObjectVerification {
  payload: string;
  reason: string;
  signature: string;
  verified: boolean;
  verified_at: string;
}

/** `api.TreeEntry`. */
export interface ApiTreeEntry {
  name: string;
  path: string;
  sha: string;
  type: 'tree' | 'blob' | 'link' | 'submodule';
}

/** `api.UserInfo`. */
export interface ApiUserInfo {
  avatar: string;
  email: string;
  freeze: boolean;
  is_npc: boolean;
  nickname: string;
  username: string;
}

/** `api.UserIssue`. */
export interface ApiUserIssue {
  assignees: ApiUserInfo[];
  author: ApiUserInfo;
  comment_count: number;
  created_at: string;
  ended_at: string;
  invisible: boolean;
  labels: ApiLabel[];
  last_acted_at: string;
  number: string;
  priority: '-2P' | '-1P' | 'P0' | 'P1' | 'P2' | 'P3' | '';
  repo: ApiRepoInfo;
  started_at: string;
  state: 'open' | 'closed';
  state_reason: 'open' | 'completed' | 'not_planned' | 'reopened';
  title: string;
  updated_at: string;
}

/** `constant.AccessRole`. */
export type ConstantAccessRole =
  'Unknown' | 'Guest' | 'Reporter' | 'Developer' | 'Master' | 'Owner';

/** `constant.RepoDisplayModule`. */
export interface ConstantRepoDisplayModule {
  activity: boolean;
  contributors: boolean;
  release: boolean;
}

/** `constant.RepoStatus`. */
export type ConstantRepoStatus = 0 | 1 | 2;

/** `constant.SlugType`. */
export type ConstantSlugType = 0 | 1 | 2 | 3 | 4;

/** `constant.UserType`. */
export type ConstantUserType = 0 | 1 | 2 | 3 | 4;

/** `constant.Visibility`. */
export type ConstantVisibility = 'Private' | 'Public' | 'Secret';

/** `convert.NullTime`. */
export interface ConvertNullTime {
  time: string;
  valid: boolean;
}

/** `die.WebError`. */
export interface DieWebError {
  errcode: number;
  errmsg: string;
  errparam: Record<string, unknown>;
}

/** `dto.BuildCommonResult`: `code` 0 is success, 1 failure. */
export interface DtoBuildCommonResult {
  code: number;
  message: string;
}

/** `dto.BuildLogsResult`. */
export interface DtoBuildLogsResult {
  data: DtoLogInfo[];
  init: boolean;
  timestamp: number;
  total: number;
}

/** `dto.BuildPipelineInfo`. */
export interface DtoBuildPipelineInfo {
  createTime: string;
  duration: number;
  id: string;
  labels: string;
  status: string;
}

/** `dto.BuildResult`: `success` says the build was triggered, not that it passed. */
export interface DtoBuildResult {
  buildLogUrl: string;
  message: string;
  sn: string;
  success: boolean;
}

/** `dto.BuildStageResult`. */
export interface DtoBuildStageResult {
  content: string[];
  duration: number;
  endTime: number;
  error: string;
  id: string;
  name: string;
  startTime: number;
  status: string;
}

/** `dto.BuildStatusResult`. */
export interface DtoBuildStatusResult {
  pipelinesStatus: Record<string, DtoPipelineStatus>;
  status: string;
}

/** `dto.OrganizationAccess`. */
export interface DtoOrganizationAccess {
  access_role: ConstantAccessRole;
  all_member_count: number;
  all_sub_group_count: number;
  all_sub_mission_count: number;
  all_sub_registry_count: number;
  all_sub_repo_count: number;
  created_at: string;
  description: string;
  domain: string;
  email: string;
  follow_count: number;
  freeze: boolean;
  has_sub_group: boolean;
  id: string;
  member_count: number;
  name: string;
  path: string;
  pinned: boolean;
  pinned_time: string;
  readme_repo_path: string;
  remark: string;
  site: string;
  sub_group_count: number;
  sub_mission_count: number;
  sub_registry_count: number;
  sub_repo_count: number;
  updated_at: string;
  wechat_mp: string;
}

/** `dto.OrganizationUnion`. */
export interface DtoOrganizationUnion {
  all_member_count: number;
  all_sub_group_count: number;
  all_sub_mission_count: number;
  all_sub_registry_count: number;
  all_sub_repo_count: number;
  created_at: string;
  description: string;
  domain: string;
  email: string;
  follow_count: number;
  freeze: boolean;
  has_sub_group: boolean;
  id: string;
  member_count: number;
  name: string;
  path: string;
  pinned: boolean;
  pinned_time: string;
  readme_repo_path: string;
  remark: string;
  site: string;
  sub_group_count: number;
  sub_mission_count: number;
  sub_registry_count: number;
  sub_repo_count: number;
  updated_at: string;
  wechat_mp: string;
}

/** `dto.RepoLanguage`. */
export interface DtoRepoLanguage {
  color: string;
  language: string;
}

/** `dto.LogInfo`: one build. */
export interface DtoLogInfo {
  buildLogUrl: string;
  commitTitle: string;
  createTime: string;
  duration: number;
  event: string;
  eventUrl: string;
  freeze: boolean;
  groupName: string;
  labels: string;
  nickName: string;
  pipelineFailCount: number;
  pipelineSuccessCount: number;
  pipelineTotalCount: number;
  pipelines: DtoBuildPipelineInfo[];
  sha: string;
  slug: string;
  sn: string;
  sourceRef: string;
  sourceSlug: string;
  status: string;
  targetRef: string;
  title: string;
  userName: string;
}

/** `dto.PipelineLabel`. */
export interface DtoPipelineLabel {
  key: string;
  value: string[];
}

/** `dto.PipelineStatus`: `metricCoreHours` and `metricDuration` (ms) are what is billed. */
export interface DtoPipelineStatus {
  duration: number;
  id: string;
  labels: DtoPipelineLabel[];
  metricCoreHours: number;
  metricDuration: number;
  name: string;
  stages: DtoStage[];
  status: string;
}

/** `dto.Repos4User`. */
export interface DtoRepos4User {
  access: ConstantAccessRole;
  created_at: string;
  description: string;
  display_module: ConstantRepoDisplayModule;
  flags: FlagsRepo;
  fork_count: number;
  forked_from_repo: DtoSlugs;
  freeze: boolean;
  id: string;
  language: string;
  languages: DtoRepoLanguage;
  last_update_nickname: string;
  last_update_username: string;
  last_updated_at: ConvertNullTime;
  license: string;
  mark_count: number;
  name: string;
  npc_builded_count: number;
  npc_created_pull_count: number;
  npc_merged_pull_count: number;
  open_issue_count: number;
  open_pull_request_count: number;
  path: string;
  pinned: boolean;
  pinned_time: string;
  second_languages: DtoRepoLanguage;
  site: string;
  star_count: number;
  star_time: string;
  stared: boolean;
  status: ConstantRepoStatus;
  tags: { name: string }[];
  topics: string;
  updated_at: string;
  visibility_level: ConstantVisibility;
  web_url: string;
}

/** `dto.Slugs`. */
export interface DtoSlugs {
  created_at: string;
  freeze: boolean;
  path: string;
  resource_id: number;
  resource_type: ConstantSlugType;
  root_freeze: boolean;
  root_id: number;
  updated_at: string;
}

/** `dto.SpecialAmount`. */
export interface DtoSpecialAmount {
  compute_build_corehour: number;
  compute_build_desc: string;
  compute_build_expire: string | null;
  compute_build_gpu_corehour: number;
  compute_build_gpu_desc: string;
  compute_build_gpu_expire: string | null;
  compute_develop_corehour: number;
  compute_develop_desc: string;
  compute_develop_expire: string | null;
  compute_develop_gpu_corehour: number;
  compute_develop_gpu_desc: string;
  compute_develop_gpu_expire: string | null;
  credit: number;
  credit_desc: string;
  credit_expire: string | null;
  storage_git_desc: string;
  storage_git_expire: string | null;
  storage_git_gib: number;
  storage_object_desc: string;
  storage_object_expire: string | null;
  storage_object_gib: number;
}

/** `dto.Stage`. */
export interface DtoStage {
  duration: number;
  id: string;
  name: string;
  status: string;
}

/** `dto.StartBuildReq`. */
export interface DtoStartBuildReq {
  branch: string;
  config: string;
  env: Record<string, string>;
  event: string;
  sha: string;
  sync: string;
  tag: string;
}

/** `dto.UsersResult`. */
export interface DtoUsersResult {
  address: string;
  appreciate_status: number;
  avatar: string;
  bio: string;
  company: string;
  created_at: string;
  email: string;
  follow_count: number;
  follow_mission_count: number;
  follow_repo_count: number;
  follower_count: number;
  freeze: boolean;
  gender: number;
  group_count: number;
  id: string;
  identity_providers: Record<string, unknown>;
  is_following: boolean;
  location: string;
  locked: boolean;
  mission_count: number;
  nickname: string;
  public_mission_count: number;
  public_registry_count: number;
  public_repo_count: number;
  readme_repo_path: string;
  registry_count: number;
  repo_count: number;
  reward_amount: number;
  reward_count: number;
  site: string;
  stars_count: number;
  type: ConstantUserType;
  username: string;
  verified: number;
  verified_expire_in: string;
  wechat_mp: string;
  wechat_mp_qrcode: string;
}

/** `flags.Repo`. */
/** Comma-joined members of FLAGS_REPO_MEMBERS (empty when none). */
export type FlagsRepo = string;
export const FLAGS_REPO_MEMBERS = ['Unknown', 'KnowledgeBase', 'NPC', 'Skills', 'Wiki'] as const;

/** `git_woa_com_cnb_monorepo_git_internal_app_git_service_bff_api.CommitStatus`. */
export interface GitCommitStatus {
  context: string;
  created_at: string;
  description: string;
  state: string;
  target_url: string;
  updated_at: string;
}

/** `git_woa_com_cnb_monorepo_git_internal_app_git_service_bff_api.SceneReaction`. */
export interface GitSceneReaction {
  count: number;
  has_reacted: boolean;
  reaction: string;
  top_users: ApiUserInfo[];
}

/** `openapi.HeadRef`. */
export interface OpenapiHeadRef {
  name: string;
  protected: boolean;
}

/** `git_woa_com_cnb_monorepo_git_internal_app_vcs_service_bff_api.CommitStatus`. */
export interface VcsCommitStatus {
  context: string;
  created_at: string;
  description: string;
  state: string;
  target_url: string;
  updated_at: string;
}

/** `git_woa_com_cnb_monorepo_git_internal_app_vcs_service_bff_api.SceneReaction`. */
export interface VcsSceneReaction {
  count: number;
  has_reacted: boolean;
  reaction: string;
  top_users: ApiUserInfo[];
}

/** `web.CommitAnnotation`. */
export interface WebCommitAnnotation {
  key: string;
  meta: Record<string, unknown>;
  value: string;
}

/** `web.TagAnnotation`. */
export interface WebTagAnnotation {
  key: string;
  meta: Record<string, unknown>;
  value: string;
}
