import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type DomainError, ForbiddenError, UnauthorizedError } from '../../common/errors';
import { OrgsService } from '../orgs/orgs.service';
import { ReposService } from '../repos/repos.service';
import { tokenFromAuthorization } from '../transport/basic-auth';
import { UsersService } from '../users/users.service';
import { ACCESS_KEY, type AccessRule, type GitRule } from './access.decorator';
import { PRINCIPAL_KEY, type Principal, type RequestWithPrincipal } from './principal';
import {
  ORG_CONTEXT_KEY,
  REPO_CONTEXT_KEY,
  RepoContext,
  type RequestWithContext,
} from './request-context';
import { scopeAllows } from './scopes';

const NO_RULE: AccessRule = {};

type ForgeRequest = RequestWithPrincipal & RequestWithContext;
type RouteParams = Record<string, string | undefined>;

/** Whether a route takes requests without a token (git routes read their own credentials). */
function takesAnonymous(rule: Exclude<AccessRule, GitRule>): boolean {
  if (rule.kind === 'repo') return rule.permission === 'read';
  return rule.anonymous === true;
}

/**
 * The path an organization route names: `:slug`, or `:org` and the sub-group after it
 * (`:sub`, or `:repo` on a route shaped like a repository's).
 */
function orgPath(params: RouteParams): string {
  if (params.slug !== undefined) return params.slug;
  const sub = params.sub ?? params.repo;
  return sub === undefined ? (params.org as string) : `${params.org}/${sub}`;
}

/**
 * Access for every forge route, once per request. Resolves the bearer token into the
 * caller (errcode 16 when it is missing or unknown) and checks the route's scope
 * (errcode 7); for a route inside a repository or an organization it then resolves that
 * and the caller's role there, and hands the handler the context (`@Repo()`, `@Org()`).
 * A refusal of the repository or organization (404, 401, 403) waits in the context until
 * the service asks for the grant (see request-context.ts).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
    private readonly repos: ReposService,
    private readonly orgs: OrgsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const rule =
      this.reflector.get<AccessRule | undefined>(ACCESS_KEY, context.getHandler()) ?? NO_RULE;
    const request = context.switchToHttp().getRequest<ForgeRequest>();
    if (rule.kind === 'git') {
      request[REPO_CONTEXT_KEY] = this.gitContext(request, rule);
      return true;
    }
    if (rule.kind === undefined && rule.open) return true;
    const principal = this.authenticate(request.headers.authorization);
    request[PRINCIPAL_KEY] = principal;
    if (!principal && !takesAnonymous(rule))
      throw new UnauthorizedError('Not logged in: send Authorization: Bearer <token>');
    if (principal && rule.scope && !scopeAllows(principal.scopes, rule.scope)) {
      throw new ForbiddenError(`The token lacks the ${rule.scope} scope`, { scope: rule.scope });
    }
    const params = request.params as RouteParams;
    if (rule.kind === 'repo') {
      request[REPO_CONTEXT_KEY] = this.repos.context(
        principal,
        params.org as string,
        params.repo as string,
        rule.permission,
      );
    } else if (rule.kind === 'org') {
      request[ORG_CONTEXT_KEY] = this.orgs.context(principal, orgPath(params), rule);
    }
    return true;
  }

  private authenticate(header: string | undefined): Principal {
    if (header === undefined || header === '') return null;
    const match = /^(?:Bearer|token)\s+(\S+)\s*$/i.exec(header);
    const caller = match ? this.users.callerForToken(match[1]) : null;
    if (!caller) throw new UnauthorizedError('Invalid token');
    return caller;
  }

  /**
   * Git smart HTTP: the token is the Basic password (or a bearer token); fetching a
   * public repository needs none, pushing needs `repo-code:rw` and the Developer role.
   */
  private gitContext(request: ForgeRequest, rule: GitRule): RepoContext {
    const params = request.params as RouteParams;
    const owner = params.org as string;
    const routed = params.repo as string;
    const name = routed.endsWith('.git') ? routed.slice(0, -4) : routed;
    // `info/refs` names its service in the query: `?service=git-receive-pack` is a push.
    const write = rule.service
      ? rule.service === 'receive-pack'
      : (request.query as { service?: unknown }).service === 'git-receive-pack';
    const token = tokenFromAuthorization(request.headers.authorization);
    const caller = token ? this.users.callerForToken(token) : null;
    const refusal = this.gitRefusal(token, caller, write);
    if (refusal) return new RepoContext(caller, owner, name, refusal);
    return this.repos.context(caller, owner, name, write ? 'develop' : 'read');
  }

  private gitRefusal(
    token: string | null | undefined,
    caller: Principal,
    write: boolean,
  ): DomainError | null {
    if (token === null || (token !== undefined && !caller))
      return new UnauthorizedError('Invalid credentials: use the token as the password');
    if (write && !caller) return new UnauthorizedError('Pushing needs a token');
    const scope = write ? 'repo-code:rw' : 'repo-code:r';
    if (caller && !scopeAllows(caller.scopes, scope))
      return new ForbiddenError(`The token lacks the ${scope} scope`, { scope });
    return null;
  }
}
