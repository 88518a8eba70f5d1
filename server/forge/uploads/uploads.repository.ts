import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from '../storage/forge-database';
import type { UploadRow, UploadTicket } from './upload.types';

/** Stored attachments. */
@Injectable()
export class UploadsRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** Record a completed upload. */
  insert(ticket: UploadTicket, createdAt: string): void {
    this.db.run(
      `INSERT INTO uploads (repo_id, kind, key, name, size, content_type, uploader_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        ticket.repoId,
        ticket.kind,
        ticket.key,
        ticket.name,
        ticket.size,
        ticket.contentType,
        ticket.uploaderId,
        createdAt,
      ],
    );
  }

  /** An upload of a repository by key. */
  byKey(repoId: number, key: string): UploadRow | undefined {
    return this.db.get<UploadRow>('SELECT * FROM uploads WHERE repo_id = ? AND key = ?', [
      repoId,
      key,
    ]);
  }

  /** How many attachments a repository holds and their total size in bytes. */
  usage(repoId: number): { files: number; bytes: number } {
    return (
      this.db.get<{ files: number; bytes: number }>(
        'SELECT COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes FROM uploads WHERE repo_id = ?',
        [repoId],
      ) ?? { files: 0, bytes: 0 }
    );
  }

  /** Forget an upload. */
  delete(id: number): void {
    this.db.run('DELETE FROM uploads WHERE id = ?', [id]);
  }
}
