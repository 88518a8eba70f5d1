import type { EmbeddedUser, PlatformUser } from '@shared/platform/types';
import { avatarUrl } from '../common/avatar-url';
import type { EmbeddedUserRow, UserRow } from './user.types';

/** Robot users (NPCs) have type 3 on the platform; people have 0. */
const ROBOT_TYPE = 3;

/** A user as embedded in issues, comments and pulls. */
export function toEmbeddedUser(row: EmbeddedUserRow, publicUrl: string): EmbeddedUser {
  return {
    username: row.username,
    nickname: row.nickname,
    avatar: avatarUrl(publicUrl, row.username),
    email: row.email,
    freeze: row.frozen === 1,
    is_npc: row.is_npc === 1,
  };
}

/** `GET /user`. */
export function toPlatformUser(row: UserRow, publicUrl: string): PlatformUser {
  return {
    id: String(row.id),
    username: row.username,
    nickname: row.nickname,
    avatar: avatarUrl(publicUrl, row.username),
    email: row.email,
    bio: row.bio,
    created_at: row.created_at,
    type: row.is_npc === 1 ? ROBOT_TYPE : 0,
  };
}
