import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { UploadResponse } from '@shared/platform/types';

/** `dto.UploadAssetsResponse`: the upload URL, form fields to send with the bytes, a token and the asset. */
export type UploadAssetsResponse = UploadResponse & { form: Record<string, string>; token: string };
import { ForbiddenError, InvalidError, NotFoundError } from '../../common/errors';
import { Clock } from '../common/clock';
import { contentTypeFor, isImageName, looksLikeImage } from '../http/content-type';
import type { Caller } from '../access/principal';
import type { RepoContext } from '../access/request-context';
import { ROLE_LEVELS } from '../access/roles';
import { iso } from '../common/time';
import { PayloadTooLargeError } from '../http/forge-errors';
import { ForgeConfig } from '../config/forge-config';
import type { UploadRequestDto } from './uploads.dto';
import { UploadSigner } from './upload-signer';
import { UploadStore } from './upload-store';
import { UPLOAD_LIMITS, UPLOAD_URL_TTL_MS, type UploadKind, type UploadRow } from './upload.types';
import { UploadsRepository } from './uploads.repository';

const KEY = /^[0-9a-f]{32}$/;
// eslint-disable-next-line no-control-regex
const NOT_IN_NAMES = /[/\\\u0000-\u001f\u007f]/;

/** A file name as given: one segment, no control character, no path tricks. */
function checkFileName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed === '.' || trimmed === '..' || NOT_IN_NAMES.test(trimmed))
    throw new InvalidError('name must be a file name without "/", "\\" or control characters', {
      field: 'name',
    });
  return trimmed;
}

/** A stored attachment ready to send. */
export interface ServedUpload {
  row: UploadRow;
  body: Readable;
}

/**
 * Attachments (docs/architecture.md#the-forge): a signed, short-lived upload URL per
 * file; the PUT to it stores the bytes; the asset path serves them; file uploads (not
 * images) can be deleted.
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly uploads: UploadsRepository,
    private readonly store: UploadStore,
    private readonly signer: UploadSigner,
    private readonly clock: Clock,
    private readonly config: ForgeConfig,
  ) {}

  /** An upload URL and the asset path the file will have. */
  request(
    ctx: RepoContext<Caller>,
    kind: UploadKind,
    input: UploadRequestDto,
  ): UploadAssetsResponse {
    const fileName = checkFileName(input.name);
    if (input.size > UPLOAD_LIMITS[kind])
      throw new InvalidError(`size is above the ${UPLOAD_LIMITS[kind]}-byte limit`, {
        field: 'size',
      });
    if (kind === 'imgs' && !isImageName(fileName))
      throw new InvalidError('name must end in .png, .jpg, .jpeg, .gif, .webp or .bmp', {
        field: 'name',
      });
    // Attachments are served from the repository's files: writing them is a Developer's right.
    const context = ctx.granted();
    this.checkQuota(context.repo.id, input.size);
    const key = randomBytes(16).toString('hex');
    const contentType = contentTypeFor(fileName);
    const token = this.signer.sign({
      repoId: context.repo.id,
      kind,
      key,
      name: fileName,
      size: input.size,
      contentType,
      uploaderId: context.caller.userId,
      expires: this.clock.now().getTime() + UPLOAD_URL_TTL_MS,
    });
    const repoPath = `${context.namespace.path}/${context.repo.name}`;
    return {
      upload_url: `${this.config.publicUrl}/-/uploads/${key}?token=${encodeURIComponent(token)}`,
      // The published answer also names form fields to send with the bytes (none here:
      // the URL is signed) and a token; the forge has no confirm step, so the token is
      // the upload's own signed ticket, the same one the URL carries.
      form: {},
      token,
      assets: {
        name: fileName,
        path: `/${repoPath}/-/${kind}/${key}/${encodeURIComponent(fileName)}`,
        size: input.size,
        content_type: contentType,
      },
    };
  }

  /** Store the bytes PUT to an upload URL. */
  async receive(key: string, token: string, body: Readable): Promise<{ size: number }> {
    const ticket = this.signer.verify(token, this.clock.now());
    if (ticket.key !== key)
      throw new ForbiddenError('The upload URL is not valid', { field: 'token' });
    // Several URLs may be handed out before any is used: the quota holds when the bytes arrive.
    this.checkQuota(ticket.repoId, ticket.size);
    await this.store.write(ticket.kind, ticket.key, body, ticket.size, (head) => {
      if (ticket.kind === 'imgs' && !looksLikeImage(ticket.name, head))
        throw new InvalidError(`The content is not the image ${ticket.name} claims to be`, {
          field: 'body',
        });
    });
    try {
      this.uploads.insert(ticket, iso(this.clock.now()));
    } catch (error) {
      await this.store.remove(ticket.kind, ticket.key);
      throw error;
    }
    return { size: ticket.size };
  }

  /** The bytes at an asset path. */
  serve(ctx: RepoContext, kind: UploadKind, key: string, fileName: string): ServedUpload {
    const row = this.find(ctx, kind, key, fileName);
    return { row, body: this.store.open(row.kind, row.key) };
  }

  /**
   * `DELETE /{repo}/-/files/{key}/{name}`: only file uploads qualify; anything else
   * under the path (a repository file path, an image) is refused.
   */
  async delete(ctx: RepoContext, filePath: string, kind: UploadKind = 'files'): Promise<void> {
    const [key, fileName, ...rest] = filePath.split('/');
    if (rest.length > 0 || !KEY.test(key ?? '') || !fileName)
      throw new InvalidError(`Only attachments uploaded through /-/upload/${kind} can be deleted`, {
        field: 'path',
      });
    const row = this.find(ctx, kind, key, fileName);
    const { role } = ctx.granted();
    // Images are embedded in issues and comments, so deleting one is a maintainer's call
    // (the published operation asks for repo-manage); a file its uploader or a Reporter.
    if (kind === 'imgs' && role < ROLE_LEVELS.Master && !ctx.caller?.isAdmin)
      throw new ForbiddenError('Deleting an image needs the Master role', { role: 'Master' });
    if (kind === 'files' && row.uploader_id !== ctx.caller?.userId && role < ROLE_LEVELS.Reporter)
      throw new ForbiddenError('Only the uploader or a Reporter can delete this attachment', {
        role: 'Reporter',
      });
    this.uploads.delete(row.id);
    await this.store.remove(row.kind, row.key);
  }

  /** PayloadTooLargeError when one more attachment of `size` bytes would pass the repository's quota. */
  private checkQuota(repoId: number, size: number): void {
    const { files, bytes } = this.uploads.usage(repoId);
    if (files + 1 > this.config.uploadMaxFiles)
      throw new PayloadTooLargeError(
        `The repository already holds ${files} attachments, the most allowed (${this.config.uploadMaxFiles})`,
        { field: 'size', quota_files: this.config.uploadMaxFiles },
      );
    if (bytes + size > this.config.uploadQuotaBytes)
      throw new PayloadTooLargeError(
        `This upload would pass the repository's attachment quota of ${this.config.uploadQuotaBytes} bytes (${bytes} used)`,
        { field: 'size', quota_bytes: this.config.uploadQuotaBytes },
      );
  }

  private find(ctx: RepoContext, kind: UploadKind, key: string, fileName: string): UploadRow {
    if (!KEY.test(key)) throw new NotFoundError('No such attachment', { field: 'key' });
    const { repo } = ctx.granted();
    const row = this.uploads.byKey(repo.id, key);
    if (!row || row.kind !== kind || row.name !== fileName)
      throw new NotFoundError('No such attachment', { field: 'key' });
    return row;
  }
}
