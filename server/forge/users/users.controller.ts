import { Controller, Get } from '@nestjs/common';
import type { DtoUsersResult } from '@shared/platform/published';
import { Access } from '../access/access.decorator';
import { CurrentPrincipal, type Principal } from '../access/principal';
import { UsersService } from './users.service';

/** The token's own user. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The user the token belongs to. */
  @Get('user')
  @Access({})
  current(@CurrentPrincipal() principal: Principal): DtoUsersResult {
    return this.users.current(principal);
  }
}
