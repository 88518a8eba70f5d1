import type { DtoUsersResult } from '@shared/platform/published';
import type { EmbeddedUser } from '@shared/platform/types';
import { avatarUrl } from '../common/avatar-url';
import { ZERO_TIME } from '../common/time';
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

/** What the forge counts for a user's record. */
export interface UserCounts {
  /** Organizations the user has a role in. */
  groups: number;
  /** Repositories in the user's own namespace, and the public ones among them. */
  repos: number;
  publicRepos: number;
}

/**
 * `GET /user` (`dto.UsersResult`). Profile fields the forge does not keep (address,
 * company, social links, followers, missions, registries, rewards, verification)
 * carry the published record's empty value.
 */
export function toPlatformUser(
  row: UserRow,
  publicUrl: string,
  counts: UserCounts,
): DtoUsersResult {
  return {
    id: String(row.id),
    username: row.username,
    nickname: row.nickname,
    avatar: avatarUrl(publicUrl, row.username),
    email: row.email,
    bio: row.bio,
    created_at: row.created_at,
    type: row.is_npc === 1 ? ROBOT_TYPE : 0,
    freeze: row.frozen === 1,
    locked: false,
    group_count: counts.groups,
    repo_count: counts.repos,
    public_repo_count: counts.publicRepos,
    address: '',
    company: '',
    location: '',
    site: '',
    gender: 0,
    wechat_mp: '',
    wechat_mp_qrcode: '',
    readme_repo_path: '',
    identity_providers: {},
    is_following: false,
    follow_count: 0,
    follower_count: 0,
    follow_mission_count: 0,
    follow_repo_count: 0,
    stars_count: 0,
    mission_count: 0,
    public_mission_count: 0,
    registry_count: 0,
    public_registry_count: 0,
    appreciate_status: 0,
    reward_amount: 0,
    reward_count: 0,
    verified: 0,
    verified_expire_in: ZERO_TIME,
  };
}
