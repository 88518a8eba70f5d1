import { Injectable } from '@nestjs/common';
import * as fs from 'node:fs/promises';
import { DataPaths } from '../storage/data-paths';
import { GitRunner } from './git-runner';

/**
 * The forge's one door to git and to repository folders. Repositories are named by
 * owner and name only; DataPaths turns them into folders under the data root.
 */
@Injectable()
export class GitAdapter {
  constructor(
    private readonly paths: DataPaths,
    private readonly git: GitRunner,
  ) {}

  /** Create the empty bare repository of `owner/name` with `main` as its default branch. */
  async initBare(owner: string, name: string): Promise<void> {
    const dir = this.paths.repository(owner, name);
    await fs.mkdir(this.paths.ownerFolder(owner), { recursive: true });
    // No template: the sample hooks would make every repository (and each test's copy) 100 kB larger.
    await this.git.run(['init', '--quiet', '--bare', '--template=', '-b', 'main', '--', dir], {
      timeoutMs: 15_000,
    });
  }

  /** Remove the bare repository of `owner/name` and everything in it. */
  async remove(owner: string, name: string): Promise<void> {
    await fs.rm(this.paths.repository(owner, name), { recursive: true, force: true });
  }
}
