import { LRUCache } from 'lru-cache';
import * as path from 'node:path';
import { isSlug } from '@shared/platform/paths';
import { InvalidError } from '../../common/errors';

/**
 * Every file the forge touches is named here, under one data root. Callers pass names,
 * never paths; a name that is not a slug, or a result that would leave the root, is
 * refused before anything reaches the filesystem or git.
 */
export class DataPaths {
  readonly root: string;
  /** `owner/name` → its checked repository folder (names as asked, any case). */
  private readonly repositories = new LRUCache<string, string>({ max: 10_000 });

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The SQLite database file. */
  get database(): string {
    return this.resolve('forge.sqlite');
  }

  /** Where the generated admin token is kept between runs. */
  get adminTokenFile(): string {
    return this.resolve('admin-token');
  }

  /** Folder holding every organization's bare repositories. */
  get reposRoot(): string {
    return this.resolve('repos');
  }

  /** Git hooks the forge installs for pushes (`core.hooksPath` of receive-pack). */
  get hooksRoot(): string {
    return this.resolve('hooks');
  }

  /** Secret that signs upload URLs (generated once, mode 0600). */
  get uploadSecretFile(): string {
    return this.resolve('upload-secret');
  }

  /** Folder of uploaded attachments: `<root>/uploads`. */
  get uploadsRoot(): string {
    return this.resolve('uploads');
  }

  /** Where PUT bodies are written before they are checked and moved into place. */
  get uploadsIncoming(): string {
    return this.resolve('uploads', 'incoming');
  }

  /** The stored bytes of one upload: `<root>/uploads/<kind>/<key>` (the user's file name never names a file). */
  upload(kind: 'files' | 'imgs', key: string): string {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new InvalidError('Invalid upload key', { field: 'key' });
    return this.resolve('uploads', kind, key);
  }

  /**
   * The bare repository of `owner/name`: `<root>/repos/<owner>/<name>.git`. Asked on every
   * repository request, so each name's checked path is kept.
   */
  repository(owner: string, name: string): string {
    const key = `${owner}/${name}`;
    let dir = this.repositories.get(key);
    if (dir === undefined) {
      dir = this.checkedRepository(owner, name);
      this.repositories.set(key, dir);
    }
    return dir;
  }

  private checkedRepository(owner: string, name: string): string {
    for (const [param, value] of [
      ['owner', owner],
      ['name', name],
    ] as const) {
      if (!isSlug(value))
        throw new InvalidError(`Invalid ${param}: not a valid name`, { field: param });
    }
    return this.resolve('repos', owner.toLowerCase(), `${name.toLowerCase()}.git`);
  }

  /** Folder of one owner's repositories. */
  ownerFolder(owner: string): string {
    if (!isSlug(owner))
      throw new InvalidError('Invalid owner: not a valid name', { field: 'owner' });
    return this.resolve('repos', owner.toLowerCase());
  }

  /** The one place a forge path is built: join under the root and refuse any escape. */
  resolve(...segments: string[]): string {
    const target = path.resolve(this.root, ...segments);
    const relative = path.relative(this.root, target);
    if (
      relative === '' ||
      relative.startsWith('..') ||
      path.isAbsolute(relative) ||
      target.includes('\0')
    ) {
      throw new InvalidError('Path escapes the data root', { field: 'path' });
    }
    return target;
  }
}
