import { Injectable } from '@nestjs/common';
import { hash, randomBytes } from 'node:crypto';
import type { DtoUsersResult } from '@shared/platform/published';
import { InvalidError, NotFoundError, UnauthorizedError } from '../../common/errors';
import { Clock } from '../common/clock';
import { checkName } from '../common/names';
import type { Caller, Principal } from '../access/principal';
import { ALL_SCOPES, type Scope } from '../access/scopes';
import { iso } from '../common/time';
import { ForgeConfig } from '../config/forge-config';
import { toPlatformUser } from './user.converter';
import type { NewUser, UserRow } from './user.types';
import { UsersRepository } from './users.repository';

/** The stored form of a token: only its SHA-256 is kept. */
export function hashToken(token: string): string {
  // One-shot: every authenticated request hashes its token.
  return hash('sha256', token, 'hex');
}

/** A new random token (32 URL-safe characters). */
export function generateToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Name under which the admin token from the environment or the token file is stored. */
const BOOTSTRAP_TOKEN_NAME = 'bootstrap';

/** Username of the forge administrator. */
export const ADMIN_USERNAME = 'admin';

/** Users and their tokens: who a request comes from. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** Create a user; the name must be a free, unreserved slug. */
  create(input: NewUser): UserRow {
    const username = checkName('username', input.username, { namespace: true });
    const email = input.email ?? `${username.toLowerCase()}@users.forge.local`;
    if (email.length > 200) throw new InvalidError('email is too long', { field: 'email' });
    return this.users.insert({
      username,
      nickname: input.nickname?.trim() || username,
      email,
      bio: input.bio ?? '',
      isNpc: input.isNpc ?? false,
      isAdmin: input.isAdmin ?? false,
      createdAt: iso(this.clock.now()),
    });
  }

  /** A user by name, or null. */
  find(username: string): UserRow | null {
    return this.users.byUsername(username) ?? null;
  }

  /** A user by name; NotFoundError when there is none. */
  require(username: string): UserRow {
    const user = this.users.byUsername(username);
    if (!user) throw new NotFoundError(`User ${username} not found`, { field: 'username' });
    return user;
  }

  /** The users of these names that exist. */
  findAll(usernames: readonly string[]): UserRow[] {
    return this.users.byUsernames(usernames);
  }

  /** The users with these emails, keyed by lower-case email (commit authors). */
  byEmails(emails: readonly string[]): Map<string, UserRow> {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    return new Map(this.users.byEmails(unique).map((user) => [user.email.toLowerCase(), user]));
  }

  /** Users by name; InvalidError naming `field` when one does not exist. */
  requireAll(field: string, usernames: readonly string[]): UserRow[] {
    const found = this.users.byUsernames(usernames);
    const known = new Set(found.map((user) => user.username.toLowerCase()));
    const missing = usernames.filter((name) => !known.has(name.toLowerCase()));
    if (missing.length > 0)
      throw new InvalidError(`${field}: unknown user ${missing.join(', ')}`, { field });
    return found;
  }

  /** Issue a token for a user and return it; only its hash is stored. */
  addToken(username: string, scopes: readonly Scope[], name = 'token'): string {
    const user = this.require(username);
    const token = generateToken();
    this.users.insertToken(
      user.id,
      name,
      hashToken(token),
      scopes.join(','),
      iso(this.clock.now()),
    );
    return token;
  }

  /** The caller a token belongs to, or null when no live token matches. */
  callerForToken(token: string): Caller | null {
    const owner = this.users.tokenOwner(hashToken(token));
    if (!owner) return null;
    return {
      userId: owner.user_id,
      username: owner.username,
      isAdmin: owner.is_admin === 1,
      scopes: new Set(owner.scopes.split(',')),
    };
  }

  /**
   * Make sure the user `admin` exists and that `token` is its bootstrap token with every
   * scope (a scope added since the token was stored is granted at the next start).
   */
  ensureAdmin(token: string): UserRow {
    const admin =
      this.users.byUsername(ADMIN_USERNAME) ??
      this.create({ username: ADMIN_USERNAME, nickname: 'Forge Admin', isAdmin: true });
    const hash = hashToken(token);
    if (!this.users.hasToken(admin.id, BOOTSTRAP_TOKEN_NAME, hash, ALL_SCOPES.join(','))) {
      this.users.deleteTokensNamed(admin.id, BOOTSTRAP_TOKEN_NAME);
      this.users.insertToken(
        admin.id,
        BOOTSTRAP_TOKEN_NAME,
        hash,
        ALL_SCOPES.join(','),
        iso(this.clock.now()),
      );
    }
    return admin;
  }

  /** `GET /user`. */
  current(principal: Principal): DtoUsersResult {
    if (!principal) throw new UnauthorizedError('Not logged in');
    const row = this.require(principal.username);
    return toPlatformUser(row, this.config.publicUrl, this.users.counts(row.id));
  }
}
