import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConflictError, InvalidError } from '../../common/errors';
import { DataPaths } from '../storage/data-paths';
import type { UploadKind } from './upload.types';

/** Bytes kept from the start of an upload for the content check. */
const HEAD_BYTES = 16;

/**
 * Attachment bytes on disk, under `DATA_DIR/forge/uploads/<kind>/<key>`. A PUT is
 * streamed to a temporary file, counted against the size it declared, checked, then
 * moved into place: nothing partial or oversized is ever served.
 */
@Injectable()
export class UploadStore {
  constructor(private readonly paths: DataPaths) {}

  /**
   * Store exactly `size` bytes from `body` as `kind/key`; `check` sees the first bytes
   * and may refuse them. InvalidError when the body is longer or shorter than declared.
   */
  async write(
    kind: UploadKind,
    key: string,
    body: Readable,
    size: number,
    check: (head: Buffer) => void,
  ): Promise<void> {
    const target = this.paths.upload(kind, key);
    const incoming = this.paths.uploadsIncoming;
    await fsp.mkdir(incoming, { recursive: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(incoming, `${key}.${randomBytes(4).toString('hex')}`);
    let received = 0;
    let head = Buffer.alloc(0);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > size) {
          done(
            new InvalidError(`The body is longer than the declared ${size} bytes`, {
              field: 'size',
            }),
          );
          return;
        }
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES)]);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      if (received !== size)
        throw new InvalidError(`The body has ${received} bytes, not the declared ${size}`, {
          field: 'size',
        });
      check(head);
      // link() fails when the target exists, so a second PUT cannot replace an upload.
      await fsp.link(temp, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST')
          throw new ConflictError('This upload URL was already used', { field: 'token' });
        throw error;
      });
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  /** A stream of a stored upload. */
  open(kind: UploadKind, key: string): Readable {
    return fs.createReadStream(this.paths.upload(kind, key));
  }

  /** Remove a stored upload (gone already is fine). */
  async remove(kind: UploadKind, key: string): Promise<void> {
    await fsp.rm(this.paths.upload(kind, key), { force: true });
  }
}
