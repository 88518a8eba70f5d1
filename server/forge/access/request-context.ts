import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../common/errors';
import type { GroupGrant, NamespaceGrant } from '../orgs/org.types';
import type { RepoGrant } from '../repos/repo.types';
import type { Principal } from './principal';

/** Run an access check, keeping a refusal (a domain error) as a value. */
export function settle<T>(check: () => T): T | DomainError {
  try {
    return check();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/** What a service works on once the access check passed: the grant, and the caller it is for. */
export type Granted<G, C extends Principal = Principal> = G & { readonly caller: C };

/**
 * What the access guard found for the repository or organization a route names: the
 * caller's grant there, or the refusal (401, 403, 404). The refusal is thrown when the
 * service asks for the grant, after the pipes and after the service's own checks of the
 * input (a ref name, a date): a bad body for a missing repository answers 400, not 404,
 * and the platform's order of answers stays as clients know it.
 *
 * `C` is the caller a grant is for: `Caller` on a route that takes no anonymous request
 * (one without a token is refused: by the guard, or for git by the grant), `Principal`
 * (the default) where it may be null. The access decorators keep a handler of a route that
 * takes anonymous requests from declaring a context with a `Caller` (access.decorator.ts).
 */
abstract class FoundContext<G, C extends Principal> {
  protected constructor(
    /**
     * The caller as the request names it; null for an anonymous request, also where a
     * refusal for it waits in the context (a push without credentials). Only the grant
     * promises the caller its route has.
     */
    readonly caller: Principal,
    private readonly outcome: Granted<G, C> | DomainError,
  ) {}

  /** What the caller may work on, with the caller; throws the refusal the guard found. */
  granted(): Granted<G, C> {
    if (this.outcome instanceof DomainError) throw this.outcome;
    return this.outcome;
  }
}

/** A request's repository (`@Repo()`): `owner` and `name` as the route gives them. */
export class RepoContext<C extends Principal = Principal> extends FoundContext<RepoGrant, C> {
  constructor(
    caller: Principal,
    readonly owner: string,
    readonly name: string,
    outcome: Granted<RepoGrant, C> | DomainError,
  ) {
    super(caller, outcome);
  }
}

/** A request's organization, user namespace or sub-group (`@Org()`), by its path in the route. */
export class OrgContext<
  G extends NamespaceGrant | GroupGrant = NamespaceGrant,
  C extends Principal = Principal,
> extends FoundContext<G, C> {
  constructor(
    caller: Principal,
    readonly path: string,
    outcome: Granted<G, C> | DomainError,
  ) {
    super(caller, outcome);
  }
}

/** An organization or sub-group route's context. */
export type GroupContext<C extends Principal = Principal> = OrgContext<GroupGrant, C>;

/** Where the access guard leaves the contexts on the request. */
export const REPO_CONTEXT_KEY = 'forgeRepo';
export const ORG_CONTEXT_KEY = 'forgeOrg';

export type RequestWithContext = FastifyRequest & {
  [REPO_CONTEXT_KEY]?: RepoContext;
  [ORG_CONTEXT_KEY]?: OrgContext<NamespaceGrant | GroupGrant>;
};

/** Route parameter: the repository the route names, resolved by the access guard. */
export const Repo = createParamDecorator((_data: unknown, ctx: ExecutionContext): RepoContext => {
  const found = ctx.switchToHttp().getRequest<RequestWithContext>()[REPO_CONTEXT_KEY];
  if (!found) throw new Error('@Repo() needs @RepoAccess() or @GitAccess() on its route');
  return found;
});

/** Route parameter: the organization (or user namespace, or sub-group) the route names. */
export const Org = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): OrgContext<NamespaceGrant | GroupGrant> => {
    const found = ctx.switchToHttp().getRequest<RequestWithContext>()[ORG_CONTEXT_KEY];
    if (!found) throw new Error('@Org() needs @OrgAccess() on its route');
    return found;
  },
);
