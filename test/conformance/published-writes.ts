/**
 * The platform's published write operations (POST, PUT, PATCH, DELETE) of the families
 * the forge serves, with the success status and answer each publishes. The main schema
 * extract beside this file holds only GET operations, so this table is taken from
 * `cnb-api-reference.md` (§3–§6, read from the same swagger), and for builds from the
 * build extract (`cnb-build-extract.json`); answers are written as
 * Swagger nodes against the extract's definitions, so `ResponseValidator` checks them
 * under the same rules as the GET suite. `schema: undefined` means the published
 * answer has no body.
 */
type Json = Record<string, unknown>;

export interface PublishedWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operationId: string;
  /** The success status it publishes. */
  status: number;
  /** The published answer, or undefined for an answer without a body. */
  schema: Json | undefined;
}

const ref = (definition: string): Json => ({ $ref: `#/definitions/${definition}` });
const object = (properties: Record<string, string | Json>): Json => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(properties).map(([name, type]) => [
      name,
      typeof type === 'string' ? { type } : type,
    ]),
  ),
});

/** `dto.UploadAssetsResponse`. */
const UPLOAD_ASSETS = object({
  upload_url: 'string',
  form: 'object',
  token: 'string',
  assets: object({ content_type: 'string', name: 'string', path: 'string', size: 'integer' }),
});

const write = (
  method: PublishedWrite['method'],
  path: string,
  operationId: string,
  status: number,
  schema?: Json,
): PublishedWrite => ({ method, path, operationId, status, schema });

export const PUBLISHED_WRITES: readonly PublishedWrite[] = [
  // Issues, their labels, comments, assignees and properties (§5).
  write('POST', '/{repo}/-/issues', 'CreateIssue', 201, ref('api.IssueDetail')),
  write('PATCH', '/{repo}/-/issues/{number}', 'UpdateIssue', 200, ref('api.IssueDetail')),
  write('POST', '/{repo}/-/issues/{number}/labels', 'PostIssueLabels', 200, ref('api.Label')),
  write('PUT', '/{repo}/-/issues/{number}/labels', 'PutIssueLabels', 200, ref('api.Label')),
  write('DELETE', '/{repo}/-/issues/{number}/labels', 'DeleteIssueLabels', 204),
  write(
    'DELETE',
    '/{repo}/-/issues/{number}/labels/{name}',
    'DeleteIssueLabel',
    200,
    ref('api.Label'),
  ),
  write(
    'POST',
    '/{repo}/-/issues/{number}/comments',
    'PostIssueComment',
    201,
    ref('api.IssueComment'),
  ),
  write(
    'PATCH',
    '/{repo}/-/issues/{number}/comments/{comment_id}',
    'PatchIssueComment',
    200,
    ref('api.IssueComment'),
  ),
  write(
    'POST',
    '/{repo}/-/issues/{number}/assignees',
    'PostIssueAssignees',
    201,
    ref('api.IssueDetail'),
  ),
  write(
    'PATCH',
    '/{repo}/-/issues/{number}/assignees',
    'PatchIssueAssignees',
    200,
    ref('api.IssueDetail'),
  ),
  write(
    'DELETE',
    '/{repo}/-/issues/{number}/assignees',
    'DeleteIssueAssignees',
    200,
    ref('api.IssueDetail'),
  ),
  write(
    'PATCH',
    '/{repo}/-/issues/{number}/property',
    'UpdateIssueProperties',
    200,
    object({
      success_count: 'integer',
      failed_count: 'integer',
      failed_keys: { type: 'array', items: { type: 'string' } },
    }),
  ),
  // Repository labels (§5).
  write('POST', '/{repo}/-/labels', 'PostLabel', 201, ref('api.Label')),
  write('PATCH', '/{repo}/-/labels/{name}', 'PatchLabel', 200, ref('api.Label')),
  write('DELETE', '/{repo}/-/labels/{name}', 'DeleteLabel', 204),
  // Branches, tags and blobs (§3, §4).
  write('POST', '/{repo}/-/git/branches', 'CreateBranch', 201),
  write('DELETE', '/{repo}/-/git/branches/{branch}', 'DeleteBranch', 200),
  write('POST', '/{repo}/-/git/branch-locks/{branch}', 'CreateBranchLock', 201),
  write('DELETE', '/{repo}/-/git/branch-locks/{branch}', 'DeleteBranchLock', 204),
  write('POST', '/{repo}/-/git/tags', 'CreateTag', 201, ref('api.Tag')),
  write('DELETE', '/{repo}/-/git/tags/{tag}', 'DeleteTag', 204),
  write('POST', '/{repo}/-/git/blobs', 'CreateBlob', 201, object({ sha: 'string' })),
  // Releases (§6).
  write('POST', '/{repo}/-/releases', 'PostRelease', 201, ref('api.Release')),
  write('PATCH', '/{repo}/-/releases/{release_id}', 'PatchRelease', 200),
  write('DELETE', '/{repo}/-/releases/{release_id}', 'DeleteRelease', 200),
  // Repositories (§6).
  write('POST', '/{slug}/-/repos', 'CreateRepo', 201),
  write('PATCH', '/{repo}', 'UpdateRepo', 200),
  write('DELETE', '/{repo}', 'DeleteRepo', 200),
  write('POST', '/{repo}/-/settings/set_visibility', 'SetRepoVisibility', 200),
  write('POST', '/{slug}/-/settings/archive', 'ArchiveRepo', 200),
  write('POST', '/{slug}/-/settings/unarchive', 'UnArchiveRepo', 200),
  // Groups (§6).
  write('POST', '/groups', 'CreateOrganization', 201),
  write('PUT', '/{group}', 'UpdateOrganization', 200),
  write('DELETE', '/{group}', 'DeleteOrganization', 200),
  // Pulls, their comments, reviews and merges (§6).
  write('POST', '/{repo}/-/pulls', 'PostPull', 201, ref('api.Pull')),
  write('PATCH', '/{repo}/-/pulls/{number}', 'PatchPull', 200, ref('api.Pull')),
  write(
    'PUT',
    '/{repo}/-/pulls/{number}/merge',
    'MergePull',
    200,
    object({ merged: 'boolean', message: 'string', sha: 'string' }),
  ),
  write(
    'POST',
    '/{repo}/-/pulls/{number}/comments',
    'PostPullComment',
    201,
    ref('api.PullRequestComment'),
  ),
  write(
    'PATCH',
    '/{repo}/-/pulls/{number}/comments/{comment_id}',
    'PatchPullComment',
    200,
    ref('api.PullRequestComment'),
  ),
  write('POST', '/{repo}/-/pulls/{number}/reviews', 'PostPullReview', 201, ref('api.PullReview')),
  // Builds (the build extract).
  write('POST', '/{repo}/-/build/start', 'StartBuild', 200, ref('dto.BuildResult')),
  write('POST', '/{repo}/-/build/stop/{sn}', 'StopBuild', 200, ref('dto.BuildResult')),
  write(
    'DELETE',
    '/{repo}/-/build/logs/{sn}',
    'BuildLogsDelete',
    200,
    ref('dto.BuildCommonResult'),
  ),
  // Uploads (§3).
  write('POST', '/{repo}/-/upload/files', 'UploadFiles', 200, UPLOAD_ASSETS),
  write('POST', '/{repo}/-/upload/imgs', 'UploadImgs', 200, UPLOAD_ASSETS),
  write('DELETE', '/{repo}/-/files/{filePath}', 'DeleteRepoFiles', 200),
  write('DELETE', '/{repo}/-/imgs/{imgPath}', 'DeleteRepoImgs', 200),
];

/** `METHOD path`, the key of a write operation. */
export const writeKey = (op: Pick<PublishedWrite, 'method' | 'path'>): string =>
  `${op.method} ${op.path}`;
