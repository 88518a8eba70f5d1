/**
 * Git remote URLs for smart HTTP (docs/architecture.md#the-forge): the token rides as the
 * Basic-auth password, which is how git sends it; any username works on the platform.
 */
import { encodePath } from '@shared/platform/paths';
import { checkFullName, checkSegment } from '../server/board/platform/platform-params';

/** `<scheme>://<user>:<token>@<host>[/prefix]/{org}/{repo}`, user and token URL-encoded, no `.git` suffix. */
export function gitRemoteUrl(
  gitBaseUrl: string,
  fullName: string,
  username: string,
  token: string,
): string {
  checkFullName('fullName', fullName);
  checkSegment('username', username);
  const base = new URL(gitBaseUrl);
  // A git host served under a path (`https://host/git`) keeps that path before the repository.
  const prefix = base.pathname.replace(/\/+$/, '');
  const auth = encodeURIComponent(username) + (token ? `:${encodeURIComponent(token)}` : '');
  return `${base.protocol}//${auth}@${base.host}${prefix}/${encodePath(fullName)}`;
}
