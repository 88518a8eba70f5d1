import type { DtoOrganizationAccess } from '@shared/platform/published';
import { avatarUrl } from '../common/avatar-url';
import { roleName } from '../common/roles';
import { ZERO_TIME } from '../common/time';
import type { OrgRow } from './org.types';

/** The forge's organizations as the platform publishes them, with the avatar the forge also serves. */
export type ForgeOrganization = DtoOrganizationAccess & { avatar: string };

/**
 * `GET /{group}` and the items of `GET /user/groups` (`dto.OrganizationAccess`). The
 * forge's organizations are flat (no sub-groups, missions or registries), so those
 * counts are 0 and the "all" counts equal the organization's own.
 */
export function toPlatformOrganization(
  row: OrgRow,
  publicUrl: string,
  role: number | null,
): ForgeOrganization {
  return {
    id: String(row.id),
    path: row.path,
    name: row.name,
    remark: row.remark,
    description: row.description,
    site: row.site,
    email: row.email,
    domain: '',
    wechat_mp: '',
    readme_repo_path: '',
    avatar: avatarUrl(publicUrl, row.path),
    member_count: row.member_count,
    all_member_count: row.member_count,
    sub_repo_count: row.sub_repo_count,
    all_sub_repo_count: row.sub_repo_count,
    sub_group_count: 0,
    all_sub_group_count: 0,
    has_sub_group: false,
    sub_mission_count: 0,
    all_sub_mission_count: 0,
    sub_registry_count: 0,
    all_sub_registry_count: 0,
    follow_count: 0,
    freeze: false,
    pinned: false,
    pinned_time: ZERO_TIME,
    created_at: row.created_at,
    updated_at: row.updated_at,
    access_role: roleName(role) ?? 'Unknown',
  };
}
