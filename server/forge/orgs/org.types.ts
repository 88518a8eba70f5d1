/** An organization with the counts its record shows. */
export interface OrgRow {
  id: number;
  path: string;
  name: string;
  remark: string;
  description: string;
  site: string;
  email: string;
  domain: string;
  created_at: string;
  updated_at: string;
  member_count: number;
  all_member_count: number;
  sub_repo_count: number;
  all_sub_repo_count: number;
  sub_group_count: number;
  all_sub_group_count: number;
  /** The caller's role level in it, or null. */
  role: number | null;
}

/** A user's or organization's namespace: who owns a repository. */
export interface NamespaceRow {
  id: number;
  path: string;
  kind: 'org' | 'user';
}

/** A namespace a route names, resolved for the caller, with the caller's role in it (0 for none). */
export interface NamespaceGrant {
  namespace: NamespaceRow;
  role: number;
}

/** An organization or sub-group a route names, with the caller's role in it or above it. */
export interface GroupGrant {
  group: OrgRow;
  role: number;
}
