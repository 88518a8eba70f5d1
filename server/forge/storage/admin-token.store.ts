import { Injectable } from '@nestjs/common';
import * as fs from 'node:fs';
import { DataPaths } from './data-paths';

/** The generated admin token's file, `DATA_DIR/forge/admin-token` (mode 0600). */
@Injectable()
export class AdminTokenStore {
  constructor(private readonly paths: DataPaths) {}

  /** The stored token, or null when none was written yet. */
  read(): string | null {
    try {
      const text = fs.readFileSync(this.paths.adminTokenFile, 'utf8').trim();
      return text === '' ? null : text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Write the token, readable by the owner only; refuses to replace an existing file. */
  write(token: string): void {
    fs.mkdirSync(this.paths.root, { recursive: true });
    fs.writeFileSync(this.paths.adminTokenFile, `${token}\n`, { mode: 0o600, flag: 'wx' });
  }
}
