import type { EmbeddedUserRow } from '../users/user.types';

/** A release as stored, with its author. */
export interface ReleaseRow {
  id: number;
  repo_id: number;
  tag_name: string;
  target_commitish: string;
  name: string;
  body: string;
  draft: number;
  prerelease: number;
  created_at: string;
  published_at: string;
  make_latest: 'true' | 'false' | 'legacy';
  author: EmbeddedUserRow;
}

/** A file attached to a release; its bytes are the upload `upload_key` of the repository. */
export interface ReleaseAssetRow {
  id: number;
  release_id: number;
  upload_key: string;
  name: string;
  size: number;
  content_type: string;
  sha256: string;
  download_count: number;
  created_at: string;
  uploader: EmbeddedUserRow;
}

export interface NewReleaseAsset {
  releaseId: number;
  uploadKey: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  uploaderId: number;
  createdAt: string;
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
  makeLatest?: 'true' | 'false' | 'legacy';
}
