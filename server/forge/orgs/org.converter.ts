import type { DtoOrganizationAccess } from '@shared/platform/published';
import { avatarUrl } from '../common/avatar-url';
import { roleName } from '../access/roles';
import { ZERO_TIME } from '../common/time';
import type { OrgRow } from './org.types';

/** The forge's organizations as the platform publishes them, with the avatar the forge also serves. */
export type ForgeOrganization = DtoOrganizationAccess & { avatar: string };

/**
 * `GET /{group}`, the items of `GET /user/groups` and of the sub-group lists
 * (`dto.OrganizationAccess`). Member, repository and sub-group counts come from the
 * organization and its sub-groups; the forge has no missions, registries or followers,
 * so those counts are 0.
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
    domain: row.domain,
    wechat_mp: '',
    readme_repo_path: '',
    avatar: avatarUrl(publicUrl, row.path),
    member_count: row.member_count,
    all_member_count: row.all_member_count,
    sub_repo_count: row.sub_repo_count,
    all_sub_repo_count: row.all_sub_repo_count,
    sub_group_count: row.sub_group_count,
    all_sub_group_count: row.all_sub_group_count,
    has_sub_group: row.sub_group_count > 0,
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
