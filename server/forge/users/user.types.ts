/** A user as stored. */
export interface UserRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  bio: string;
  is_npc: number;
  is_admin: number;
  frozen: number;
  created_at: string;
}

export interface NewUser {
  username: string;
  nickname?: string;
  email?: string;
  bio?: string;
  isNpc?: boolean;
  isAdmin?: boolean;
}

/** The user columns embedded in other rows by a join, prefixed (`author_username`…). */
export const userColumns = (alias: string, prefix: string): string =>
  ['id', 'username', 'nickname', 'email', 'is_npc', 'frozen']
    .map((column) => `${alias}.${column} AS ${prefix}${column}`)
    .join(', ');

/** Columns of a user embedded in another row. */
export interface EmbeddedUserRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  is_npc: number;
  frozen: number;
}

/** Read the prefixed user columns of a joined row. */
export function pickUser(row: Record<string, unknown>, prefix: string): EmbeddedUserRow {
  return {
    id: row[`${prefix}id`] as number,
    username: row[`${prefix}username`] as string,
    nickname: row[`${prefix}nickname`] as string,
    email: row[`${prefix}email`] as string,
    is_npc: row[`${prefix}is_npc`] as number,
    frozen: row[`${prefix}frozen`] as number,
  };
}
