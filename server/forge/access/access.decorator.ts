import { SetMetadata } from '@nestjs/common';
import type { AccessRole } from '@shared/platform/types';
import type { GitService } from '../git/git-transport.adapter';
import type { RepoPermission } from '../repos/repo.types';
import type { Scope } from './scopes';

/** A route outside any repository or organization (the caller's own records, health, avatars). */
export interface TokenRule {
  kind?: undefined;
  /** Scope the token must hold; omitted: any valid token will do. */
  scope?: Scope;
  /** Let requests without a token through; the service then shows only public data. */
  anonymous?: boolean;
  /** Needs no authentication at all: the token is not even read (health, metrics, avatars). */
  open?: boolean;
}

/** A route inside a repository (`:org/:repo`): the token's scope and what the caller does there. */
export interface RepoRule {
  kind: 'repo';
  scope: Scope;
  /**
   * The least role, as a permission (repos.service.ts): `read` and `participate` need
   * Guest, or none in a public repository; `triage` Reporter, `develop` Developer,
   * `manage` Master, `delete` Owner. `read` also lets anonymous callers through, who
   * then reach public repositories only.
   */
  permission: RepoPermission;
}

/**
 * What an organization route names: a namespace (a user's or an organization's), an
 * organization only, or a group (an organization or a sub-group, by its full path).
 */
export type OrgTarget = 'namespace' | 'organization' | 'group';

/** An organization route: the token's scope, the kind of namespace, and the least role. */
export interface OrgRule {
  kind: 'org';
  scope: Scope;
  target: OrgTarget;
  /** Least role the caller needs, and the action its refusal names ("Reading credits"). */
  role?: { least: AccessRole; action: string };
  /** Let requests without a token through (the caller's role is then 0). */
  anonymous?: boolean;
}

/** A git smart-HTTP route: Basic credentials, and a scope and role that follow the service. */
export interface GitRule {
  kind: 'git';
  /** Omitted: the `service` query parameter names it (`info/refs`). */
  service?: GitService;
}

export type AccessRule = TokenRule | RepoRule | OrgRule | GitRule;

export const ACCESS_KEY = 'forge:access';

/** Whether a handler parameter is a route context whose grant promises a caller (`RepoContext<Caller>`). */
type PromisesCaller<P> = P extends { granted(): { readonly caller: infer C } }
  ? null extends C
    ? false
    : true
  : false;

/** Whether any parameter of handler `T` promises a caller. */
type TakesCaller<T> = T extends (...args: infer A) => unknown
  ? true extends { [K in keyof A]: PromisesCaller<A[K]> }[number]
    ? true
    : false
  : false;

/**
 * The decorator of a route that takes anonymous requests (as the guard's
 * `takesAnonymous` decides): its handler may take a context whose caller may be null
 * (`RepoContext`), not one that promises a caller (`RepoContext<Caller>`), which only a
 * route that requires a token can keep.
 */
export type AnonymousRouteDecorator = <T>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<T> &
    (TakesCaller<T> extends true
      ? { 'this route takes anonymous requests: its context has no caller to promise': never }
      : unknown),
) => void;

/** Who may call a route: the scope a token needs, and whether no token is acceptable. */
export const Access = (rule: TokenRule): MethodDecorator => SetMetadata(ACCESS_KEY, rule);

/**
 * A route inside the repository `:org/:repo`: the access guard checks the token's scope,
 * then resolves the repository and the caller's role for `permission` (`@Repo()`).
 * `read` takes anonymous requests; every other permission requires a token, so its
 * handler may take `RepoContext<Caller>`.
 */
export function RepoAccess(scope: Scope, permission: 'read'): AnonymousRouteDecorator;
export function RepoAccess(
  scope: Scope,
  permission: Exclude<RepoPermission, 'read'>,
): MethodDecorator;
export function RepoAccess(
  scope: Scope,
  permission: RepoPermission,
): MethodDecorator | AnonymousRouteDecorator {
  return SetMetadata(ACCESS_KEY, { kind: 'repo', scope, permission } satisfies RepoRule);
}

/**
 * A route on the organization, user namespace or sub-group the route names (`:org`,
 * `:org/:sub`, `:slug`): the access guard checks the token's scope, then resolves the
 * path and the caller's role there (`@Org()`). Without `anonymous` the route requires a
 * token, so its handler may take a context with a `Caller`.
 */
export function OrgAccess(
  scope: Scope,
  target: OrgTarget,
  options: Pick<OrgRule, 'role'> & { anonymous: true },
): AnonymousRouteDecorator;
export function OrgAccess(
  scope: Scope,
  target: OrgTarget,
  options?: Pick<OrgRule, 'role'> & { anonymous?: false },
): MethodDecorator;
export function OrgAccess(
  scope: Scope,
  target: OrgTarget,
  options: Pick<OrgRule, 'role' | 'anonymous'> = {},
): MethodDecorator | AnonymousRouteDecorator {
  return SetMetadata(ACCESS_KEY, { kind: 'org', scope, target, ...options } satisfies OrgRule);
}

/**
 * A git smart-HTTP route on `:org/:repo`: the access guard reads Basic credentials and
 * resolves the repository (`@Repo()`); every refusal waits for the handler, which answers
 * git in plain text. A push (`receive-pack`) has a caller; fetching may be anonymous.
 */
export function GitAccess(service: 'receive-pack'): MethodDecorator;
export function GitAccess(service?: 'upload-pack'): AnonymousRouteDecorator;
export function GitAccess(service?: GitService): MethodDecorator | AnonymousRouteDecorator {
  return SetMetadata(ACCESS_KEY, { kind: 'git', service } satisfies GitRule);
}
