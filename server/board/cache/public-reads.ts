import type { ClassConstructor } from 'class-transformer';
import { DaysQuery } from '../common/params';
import { IssueSearchQuery, RepoIssuesQuery } from '../issues/issue-search.query';
import { PullsQuery } from '../repos/pulls.query';

/** One public read route, under `<BASE_PATH>api/`, and the class its query must satisfy. */
export interface PublicRead {
  /** Matched against the decoded path after `api/`. */
  pattern: RegExp;
  /** Query class; routes without one take no query parameters. */
  query?: ClassConstructor<object>;
}

const SLUG = '[A-Za-z0-9][A-Za-z0-9._-]{0,99}';
const REPO = `repos/${SLUG}/${SLUG}`;

/**
 * The only routes whose answers the route cache keeps and may serve before routing
 * (ahead of every guard). Anything not listed here, above all every admin route, always
 * goes through Nest's whole pipeline. A repository's full name may come as `org/repo` or
 * percent-encoded as one segment: both decode to the same path, so they share an entry.
 */
export const PUBLIC_READS: readonly PublicRead[] = [
  { pattern: /^meta$/ },
  { pattern: /^orgs$/ },
  { pattern: new RegExp(`^orgs/${SLUG}/repos$`) },
  { pattern: new RegExp(`^orgs/${SLUG}/credits$`), query: DaysQuery },
  { pattern: /^credits\/snapshot$/ },
  { pattern: /^credits\/history$/, query: DaysQuery },
  { pattern: /^issues$/, query: IssueSearchQuery },
  { pattern: /^runs$/, query: DaysQuery },
  { pattern: /^npcs$/, query: DaysQuery },
  { pattern: new RegExp(`^npcs/${SLUG}$`), query: DaysQuery },
  { pattern: new RegExp(`^${REPO}/issues$`), query: RepoIssuesQuery },
  { pattern: new RegExp(`^${REPO}/issues/[1-9]\\d{0,9}$`) },
  { pattern: new RegExp(`^${REPO}/issues/[1-9]\\d{0,9}/comments$`) },
  { pattern: new RegExp(`^${REPO}/issues/[1-9]\\d{0,9}/runs$`) },
  { pattern: new RegExp(`^${REPO}/pulls$`), query: PullsQuery },
];
