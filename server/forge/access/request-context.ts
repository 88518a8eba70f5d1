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

/**
 * What the access guard found for the repository or organization a route names: the
 * caller's grant there, or the refusal (401, 403, 404). The refusal is thrown when the
 * service asks for the grant, after the pipes and after the service's own checks of the
 * input (a ref name, a date): a bad body for a missing repository answers 400, not 404,
 * and the platform's order of answers stays as clients know it.
 */
abstract class FoundContext<G> {
  protected constructor(
    /** The caller; null for an anonymous request on a route that allows one. */
    readonly caller: Principal,
    private readonly outcome: G | DomainError,
  ) {}

  /** What the caller may work on; throws the refusal the guard found. */
  granted(): G {
    if (this.outcome instanceof DomainError) throw this.outcome;
    return this.outcome;
  }
}

/** A request's repository (`@Repo()`): `owner` and `name` as the route gives them. */
export class RepoContext extends FoundContext<RepoGrant> {
  constructor(
    caller: Principal,
    readonly owner: string,
    readonly name: string,
    outcome: RepoGrant | DomainError,
  ) {
    super(caller, outcome);
  }
}

/** A request's organization, user namespace or sub-group (`@Org()`), by its path in the route. */
export class OrgContext<
  G extends NamespaceGrant | GroupGrant = NamespaceGrant,
> extends FoundContext<G> {
  constructor(
    caller: Principal,
    readonly path: string,
    outcome: G | DomainError,
  ) {
    super(caller, outcome);
  }
}

/** An organization or sub-group route's context. */
export type GroupContext = OrgContext<GroupGrant>;

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
