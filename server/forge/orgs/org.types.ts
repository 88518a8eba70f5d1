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
