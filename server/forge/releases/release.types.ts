import type { EmbeddedUserRow } from '../users/user.types';

/** A release as stored, with its author. */
export interface ReleaseRow {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string;
  body: string;
  draft: number;
  prerelease: number;
  created_at: string;
  published_at: string;
  author: EmbeddedUserRow;
}

export interface NewRelease {
  repoId: number;
  tagName: string;
  targetCommitish: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  authorId: number;
  createdAt: string;
  publishedAt: string;
}
