import { Injectable } from '@nestjs/common';
import { InvalidError } from '../../common/errors';
import { OrgsService } from '../orgs/orgs.service';
import type { RepoGrant } from '../repos/repo.types';
import { UsersService } from '../users/users.service';
import { distinctNames } from './labels.service';

/** Most assignees an issue may have. */
export const MAX_ASSIGNEES = 8;

/** Turns usernames into the ids of users who may be assigned in a repository's namespace. */
@Injectable()
export class AssignableUsers {
  constructor(
    private readonly users: UsersService,
    private readonly orgs: OrgsService,
  ) {}

  /** Ids of these users; InvalidError naming `assignees` for an unknown user or one without a role. */
  resolve(context: RepoGrant, usernames: readonly string[]): number[] {
    const names = distinctNames(usernames);
    if (names.length === 0) return [];
    if (names.length > MAX_ASSIGNEES) {
      throw new InvalidError(`assignees must hold at most ${MAX_ASSIGNEES} users`, {
        field: 'assignees',
      });
    }
    const found = this.users.requireAll('assignees', names);
    const allowed = this.orgs.assignable(
      context.namespace,
      found.map((user) => user.id),
    );
    const refused = found.filter((user) => !allowed.has(user.id)).map((user) => user.username);
    if (refused.length > 0) {
      throw new InvalidError(
        `assignees: ${refused.join(', ')} has no role in ${context.namespace.path}`,
        { field: 'assignees' },
      );
    }
    return found.map((user) => user.id);
  }

  /** Ids of the users among these names that exist (removing an unknown assignee is a no-op). */
  known(usernames: readonly string[]): number[] {
    return this.users.findAll(distinctNames(usernames)).map((user) => user.id);
  }
}
