import { Injectable } from '@nestjs/common';
import { ConflictError } from '../../common/errors';
import { ForgeDatabase } from '../storage/forge-database';
import type { UserRow } from './user.types';

export interface InsertUser {
  username: string;
  nickname: string;
  email: string;
  bio: string;
  isNpc: boolean;
  isAdmin: boolean;
  createdAt: string;
}

export interface TokenOwnerRow {
  user_id: number;
  username: string;
  is_admin: number;
  scopes: string;
}

const USER_COLUMNS = 'id, username, nickname, email, bio, is_npc, is_admin, frozen, created_at';

/** Users, their namespace entries and their tokens. */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Organizations a user has a role in, and the repositories of the user's own namespace. */
  counts(userId: number): { groups: number; repos: number; publicRepos: number } {
    return (
      this.db.get<{ groups: number; repos: number; publicRepos: number }>(
        `SELECT (SELECT COUNT(*) FROM memberships WHERE user_id = ?) AS groups,
           (SELECT COUNT(*) FROM repos WHERE namespace_id = ? AND visibility != 'secret') AS repos,
           (SELECT COUNT(*) FROM repos WHERE namespace_id = ? AND visibility = 'public') AS publicRepos`,
        [userId, userId, userId],
      ) ?? { groups: 0, repos: 0, publicRepos: 0 }
    );
  }

  /** Insert a user and its namespace; ConflictError when the name is taken by a user or an org. */
  insert(user: InsertUser): UserRow {
    return this.db.transaction(() => {
      if (this.db.get('SELECT 1 FROM namespaces WHERE path = ?', [user.username])) {
        throw new ConflictError(`The name "${user.username}" is already taken`, {
          field: 'username',
        });
      }
      const { id } = this.db.run(
        "INSERT INTO namespaces (path, kind, created_at) VALUES (?, 'user', ?)",
        [user.username, user.createdAt],
      );
      this.db.run(
        `INSERT INTO users (id, username, nickname, email, bio, is_npc, is_admin, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          user.username,
          user.nickname,
          user.email,
          user.bio,
          user.isNpc ? 1 : 0,
          user.isAdmin ? 1 : 0,
          user.createdAt,
        ],
      );
      return this.byId(id) as UserRow;
    });
  }

  /** A user by id. */
  byId(id: number): UserRow | undefined {
    return this.db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, [id]);
  }

  /** A user by name (any case). */
  byUsername(username: string): UserRow | undefined {
    return this.db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE username = ?`, [username]);
  }

  /** Users by name (any case); unknown names are left out. */
  byUsernames(usernames: readonly string[]): UserRow[] {
    if (usernames.length === 0) return [];
    return this.db.all<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE username IN (SELECT value FROM json_each(?))`,
      [JSON.stringify(usernames)],
    );
  }

  /** Users by email (any case); unknown emails are left out. */
  byEmails(emails: readonly string[]): UserRow[] {
    if (emails.length === 0) return [];
    return this.db.all<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) IN (SELECT lower(value) FROM json_each(?))`,
      [JSON.stringify(emails)],
    );
  }

  /** Store a token hash for a user. */
  insertToken(userId: number, name: string, hash: string, scopes: string, createdAt: string): void {
    this.db.run(
      'INSERT INTO tokens (user_id, name, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?)',
      [userId, name, hash, scopes, createdAt],
    );
  }

  /** Delete a user's tokens of a given name (the bootstrap admin token is replaced this way). */
  deleteTokensNamed(userId: number, name: string): void {
    this.db.run('DELETE FROM tokens WHERE user_id = ? AND name = ?', [userId, name]);
  }

  /** Whether a token hash is stored for this user under this name. */
  hasToken(userId: number, name: string, hash: string, scopes?: string): boolean {
    const row = this.db.get<{ scopes: string }>(
      'SELECT scopes FROM tokens WHERE user_id = ? AND name = ? AND hash = ?',
      [userId, name, hash],
    );
    return row !== undefined && (scopes === undefined || row.scopes === scopes);
  }

  /** The owner and scopes of a token, by its hash. */
  tokenOwner(hash: string): Readonly<TokenOwnerRow> | undefined {
    return this.db.lookUp<TokenOwnerRow>(
      `SELECT t.user_id, u.username, u.is_admin, t.scopes
       FROM tokens t JOIN users u ON u.id = t.user_id
       WHERE t.hash = ? AND u.frozen = 0`,
      [hash],
    );
  }
}
