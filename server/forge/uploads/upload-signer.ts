import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import { ForbiddenError } from '../../common/errors';
import { DataPaths } from '../storage/data-paths';
import type { UploadTicket } from './upload.types';

/**
 * Signs and checks upload tickets with an HMAC whose secret lives under the data root
 * (`upload-secret`, mode 0600, generated once), so URLs survive a restart and no one
 * without the secret can mint one.
 */
@Injectable()
export class UploadSigner {
  private secret: Buffer | null = null;

  constructor(private readonly paths: DataPaths) {}

  /** `<payload>.<mac>`, both base64url. */
  sign(ticket: UploadTicket): string {
    const payload = Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The ticket of a token; ForbiddenError when it is forged, malformed or expired. */
  verify(token: string, now: Date): UploadTicket {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) throw invalid();
    const expected = Buffer.from(this.mac(payload), 'utf8');
    const given = Buffer.from(mac, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadTicket;
    if (ticket.expires < now.getTime())
      throw new ForbiddenError('The upload URL has expired; ask for a new one', { field: 'token' });
    return ticket;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key()).update(payload).digest('base64url');
  }

  private key(): Buffer {
    if (this.secret) return this.secret;
    const file = this.paths.uploadSecretFile;
    try {
      fs.mkdirSync(this.paths.root, { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    this.secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    return this.secret;
  }
}

function invalid(): ForbiddenError {
  return new ForbiddenError('The upload URL is not valid', { field: 'token' });
}
