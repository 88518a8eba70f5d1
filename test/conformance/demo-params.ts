/**
 * What the conformance suites share: an answer as read, and parameter values for the
 * published paths taken from a forge with the demo data through the API itself.
 */

/** The JSON media types the platform answers with. */
export const JSON_TYPES = /^application\/(json|vnd\.cnb\.api\+json)(;|$)/;

export interface Answer {
  status: number;
  contentType: string;
  bytes: Buffer;
  body: unknown;
}

export type Params = Record<string, string>;

/** Parameter values taken from the demo data through the API itself. */
export async function demoParams(
  get: (route: string) => Promise<Answer>,
  list: (route: string) => Promise<Record<string, unknown>[]>,
): Promise<Params> {
  const params: Params = {};
  const orgs = await list('/user/groups?page_size=100');
  // An organization with sub-groups, so the sub-group lists have an item to check.
  const org = (orgs.find((item) => item['has_sub_group'] === true) ?? orgs[0])?.['path'] as
    string | undefined;
  if (org) {
    params['group'] = org;
    params['slug'] = org;
  }
  // The repository with the richest demo data: releases with assets, pulls, issues.
  let best: { path: string; score: number } | null = null;
  for (const candidate of orgs) {
    for (const repo of await list(`/${candidate['path'] as string}/-/repos?page_size=100`)) {
      const repoPath = repo['path'] as string;
      const releases = await list(`/${repoPath}/-/releases?page_size=10`);
      const pulls = await list(`/${repoPath}/-/pulls?state=all&page_size=10`);
      const assets = releases.some(
        (release) => ((release['assets'] as unknown[]) ?? []).length > 0,
      );
      const score = (releases.length > 0 ? 1 : 0) + (pulls.length > 0 ? 1 : 0) + (assets ? 2 : 0);
      if (!best || score > best.score) best = { path: repoPath, score };
    }
  }
  if (!best) return params;
  const repo = best.path;
  params['repo'] = repo;

  const issues = await list(`/${repo}/-/issues?state=all&page_size=100`);
  const issue =
    issues.find(
      (item) =>
        (item['comment_count'] as number) > 0 &&
        ((item['assignees'] as unknown[]) ?? []).length > 0 &&
        ((item['labels'] as unknown[]) ?? []).length > 0,
    ) ?? issues[0];
  if (issue) {
    params['number'] = String(issue['number']);
    const assignee = ((issue['assignees'] as Record<string, unknown>[]) ?? [])[0];
    if (assignee) params['assignee'] = assignee['username'] as string;
    const comments = await list(`/${repo}/-/issues/${params['number']}/comments`);
    if (comments[0]) params['comment_id'] = String(comments[0]['id']);
    const activities = await list(`/${repo}/-/issues/${params['number']}/activities`);
    if (activities[0]) params['id'] = String(activities[0]['id']);
  }

  const pulls = await list(`/${repo}/-/pulls?state=all&page_size=100`);
  const pull =
    pulls.find((item) => ((item['assignees'] as unknown[]) ?? []).length > 0) ?? pulls[0];
  if (pull) {
    params['pull_number'] = String(pull['number']);
    params['query_n'] = String(pull['number']);
    const assignee = ((pull['assignees'] as Record<string, unknown>[]) ?? [])[0];
    if (assignee) params['pull_assignee'] = assignee['username'] as string;
    const comments = await list(`/${repo}/-/pulls/${params['pull_number']}/comments`);
    if (comments[0]) params['pull_comment_id'] = String(comments[0]['id']);
    const reviews = await list(`/${repo}/-/pulls/${params['pull_number']}/reviews`);
    if (reviews[0]) params['review_id'] = String(reviews[0]['id']);
  }

  const head = (await get(`/${repo}/-/git/head`)).body as Record<string, unknown> | undefined;
  const branch = (head?.['name'] as string | undefined) ?? 'main';
  params['branch'] = branch;
  params['ref'] = branch;
  params['archive_ref'] = `${branch}.tar.gz`;
  const commits = await list(`/${repo}/-/git/commits?page_size=100`);
  if (commits.length > 0) {
    const newest = commits[0]['sha'] as string;
    const oldest = commits[commits.length - 1]['sha'] as string;
    params['sha'] = newest;
    params['sha1'] = newest;
    params['commitish'] = newest;
    params['base_head'] = `${oldest}...${newest}`;
    params['oldest_sha'] = oldest;
    const committed = (commits[0]['commit'] as Record<string, unknown> | undefined)?.[
      'committer'
    ] as Record<string, unknown> | undefined;
    const day =
      typeof committed?.['date'] === 'string' ? committed['date'].slice(0, 10) : undefined;
    if (day) params['date'] = day;
  }
  const root = (await get(`/${repo}/-/git/contents`)).body as Record<string, unknown> | undefined;
  const file = ((root?.['entries'] as Record<string, unknown>[] | undefined) ?? []).find(
    (entry) => entry['type'] === 'blob',
  );
  if (file) {
    params['file_path'] = file['path'] as string;
    params['ref_with_path'] = `${branch}/${file['path'] as string}`;
  }
  // A finished build of the repository, one of its pipelines and a stage of it.
  const builds = (await get(`/${repo}/-/build/logs?status=success&page_size=1`)).body as
    { data?: { sn: string }[] } | undefined;
  const sn = builds?.data?.[0]?.sn;
  if (sn) {
    params['sn'] = sn;
    const status = (await get(`/${repo}/-/build/status/${sn}`)).body as
      { pipelinesStatus?: Record<string, { id: string; stages: { id: string }[] }> } | undefined;
    const pipeline = Object.values(status?.pipelinesStatus ?? {})[0];
    if (pipeline) {
      params['pipelineId'] = pipeline.id;
      if (pipeline.stages[0]) params['stageId'] = pipeline.stages[0].id;
    }
  }
  const tags = await list(`/${repo}/-/git/tags`);
  if (tags[0]) params['tag'] = tags[0]['name'] as string;
  const releases = await list(`/${repo}/-/releases`);
  const release =
    releases.find((item) => ((item['assets'] as unknown[]) ?? []).length > 0) ?? releases[0];
  if (release) {
    params['release_id'] = String(release['id']);
    params['tag'] = release['tag_name'] as string;
    const asset = ((release['assets'] as Record<string, unknown>[]) ?? [])[0];
    if (asset) {
      params['asset_id'] = String(asset['id']);
      params['filename'] = asset['name'] as string;
    }
  }
  return params;
}
