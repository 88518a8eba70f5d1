import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError, UnauthorizedError } from '../../common/errors';
import { UsersService } from '../users/users.service';
import { ACCESS_KEY, type AccessRule } from './access.decorator';
import { PRINCIPAL_KEY, type Principal, type RequestWithPrincipal } from './principal';
import { scopeAllows } from './scopes';

const NO_RULE: AccessRule = {};

/**
 * Resolves the bearer token into the caller (errcode 16 when it is missing or unknown)
 * and checks the route's scope (errcode 7). Roles are checked by the services, which
 * know the organization a request is about.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const rule =
      this.reflector.get<AccessRule | undefined>(ACCESS_KEY, context.getHandler()) ?? NO_RULE;
    if (rule.open) return true;
    const request = context.switchToHttp().getRequest<RequestWithPrincipal>();
    const principal = this.authenticate(request.headers.authorization);
    request[PRINCIPAL_KEY] = principal;
    if (!principal) {
      if (rule.anonymous) return true;
      throw new UnauthorizedError('Not logged in: send Authorization: Bearer <token>');
    }
    if (rule.scope && !scopeAllows(principal.scopes, rule.scope)) {
      throw new ForbiddenError(`The token lacks the ${rule.scope} scope`, { scope: rule.scope });
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
}
