import type { PlatformOrganization } from '@shared/platform/types';
import { avatarUrl } from '../common/avatar-url';
import { roleName } from '../common/roles';
import type { OrgRow } from './org.types';

/** `GET /{org}` and the items of `GET /user/groups`. */
export function toPlatformOrganization(
  row: OrgRow,
  publicUrl: string,
  role: number | null,
): PlatformOrganization {
  return {
    id: String(row.id),
    path: row.path,
    name: row.name,
    remark: row.remark,
    description: row.description,
    site: row.site,
    email: row.email,
    avatar: avatarUrl(publicUrl, row.path),
    member_count: row.member_count,
    sub_repo_count: row.sub_repo_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    access_role: roleName(role) ?? '',
  };
}
