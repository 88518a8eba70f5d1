/** The two kinds of attachment: any file, or an image checked by its content. */
export type UploadKind = 'files' | 'imgs';

/** What a signed upload URL allows: one PUT of `size` bytes for one attachment. */
export interface UploadTicket {
  repoId: number;
  kind: UploadKind;
  key: string;
  name: string;
  size: number;
  contentType: string;
  uploaderId: number;
  /** Milliseconds since the epoch. */
  expires: number;
}

/** An upload as stored. */
export interface UploadRow {
  id: number;
  repo_id: number;
  kind: UploadKind;
  key: string;
  name: string;
  size: number;
  content_type: string;
  uploader_id: number;
  created_at: string;
}

/** Largest attachment per kind. */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  files: 100 * 1024 * 1024,
  imgs: 10 * 1024 * 1024,
};

/** How long an upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;
