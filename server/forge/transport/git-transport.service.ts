import { Injectable, Logger } from '@nestjs/common';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ForbiddenError, NotFoundError } from '../../common/errors';
import type { Caller } from '../access/principal';
import type { RepoContext } from '../access/request-context';
import { ROLE_LEVELS } from '../access/roles';
import { ForgeConfig } from '../config/forge-config';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import type { GitProcess } from '../git/git-runner';
import { GitTransportAdapter, type GitService } from '../git/git-transport.adapter';
import { BRANCH_PREFIX } from '../git/ref-snapshot';
import { BranchLocksRepository } from '../repos/branch-locks.repository';
import type { RepoGrant } from '../repos/repo.types';
import { PushRecorder } from './push-recorder.service';

/** What the controller sends: a content type and a body streamed from git. */
export interface TransportAnswer {
  contentType: string;
  body: Readable;
}

const SERVICES: Readonly<Record<string, GitService>> = {
  'git-upload-pack': 'upload-pack',
  'git-receive-pack': 'receive-pack',
};

/** The repository as git names its folder. */
function gitName({ namespace, repo }: RepoGrant): RepoName {
  return { owner: namespace.path, name: repo.name };
}

/** A pkt-line: four hex digits of length (itself included), then the data. */
function pktLine(text: string): string {
  return (text.length + 4).toString(16).padStart(4, '0') + text;
}

/**
 * Git smart HTTP (docs/architecture.md#the-forge): Basic auth with the token as password, then
 * `upload-pack` / `receive-pack` in stateless-RPC mode with bodies streamed both ways.
 * Fetching a public repository needs no token; pushing needs `repo-code:rw` and the
 * Developer role; secret repositories refuse tokens (the access guard checks all three,
 * and the context answers its refusal here, in plain text). A push is followed by the
 * push recorder, before the client gets the end of its answer.
 */
@Injectable()
export class GitTransportService {
  private readonly logger = new Logger('Forge');

  constructor(
    private readonly git: GitAdapter,
    private readonly transport: GitTransportAdapter,
    private readonly recorder: PushRecorder,
    private readonly config: ForgeConfig,
    private readonly locks: BranchLocksRepository,
  ) {}

  /** `GET info/refs?service=…`: the ref advertisement. */
  advertise(
    ctx: RepoContext,
    serviceParam: string | undefined,
    protocol: string | undefined,
  ): TransportAnswer {
    if (serviceParam === undefined)
      throw new NotFoundError('This forge serves git over smart HTTP only', { field: 'service' });
    const service = SERVICES[serviceParam];
    if (!service)
      throw new ForbiddenError(`Unsupported service ${serviceParam}`, { field: 'service' });
    const repo = gitName(ctx.granted());
    const process = this.transport.advertise(repo, service, protocol);
    const out = new PassThrough();
    if (!GitTransportAdapter.wantsV2(service, protocol))
      out.write(`${pktLine(`# service=git-${service}\n`)}0000`);
    this.forward(process, out, true);
    return { contentType: `application/x-git-${service}-advertisement`, body: out };
  }

  /** `POST git-upload-pack`: one fetch or clone exchange. */
  fetch(
    ctx: RepoContext,
    body: Readable,
    contentEncoding: string | undefined,
    protocol: string | undefined,
  ): TransportAnswer {
    const repo = gitName(ctx.granted());
    const { input, out, answer } = this.streams('upload-pack', body, contentEncoding);
    this.run(this.transport.exchange(repo, 'upload-pack', protocol), input, out, true);
    return answer;
  }

  /** `POST git-receive-pack`: one push, under the repository's lock, recorded for the pusher. */
  push(
    ctx: RepoContext<Caller>,
    body: Readable,
    contentEncoding: string | undefined,
    protocol: string | undefined,
  ): TransportAnswer {
    const context = ctx.granted();
    const repo = gitName(context);
    const service = 'receive-pack';
    const { input, out, answer } = this.streams(service, body, contentEncoding);
    const actorId = context.caller.userId;
    void this.git
      .exclusive(repo, async () => {
        const before = await this.git.freshRefs(repo);
        const process = this.transport.exchange(repo, service, protocol, {
          maxBytes: this.config.maxPushBytes,
          protectDefaultBranch:
            this.config.protectDefaultBranch && context.role < ROLE_LEVELS.Master,
          lockedRefs: [...this.locks.locked(context.repo.id)].map(
            (branch) => BRANCH_PREFIX + branch,
          ),
        });
        this.run(process, input, out, false);
        await process.exit;
        // Even a failed push may have moved some refs (non-atomic pushes): record what changed.
        const after = await this.git.freshRefs(repo);
        await this.recorder.record(context.repo.id, repo, actorId, before, after);
      })
      .then(
        () => out.end(),
        (error: Error) => {
          this.logger.warn(`Push to ${repo.owner}/${repo.name} failed: ${error.message}`);
          out.destroy(error);
        },
      );
    return answer;
  }

  /** The request body as git reads it (unzipped when sent gzipped), and the answer git writes to. */
  private streams(
    service: GitService,
    body: Readable,
    contentEncoding: string | undefined,
  ): { input: Readable; out: PassThrough; answer: TransportAnswer } {
    const input = /^(x-)?gzip$/i.test(contentEncoding ?? '') ? body.pipe(createGunzip()) : body;
    const out = new PassThrough();
    return {
      input,
      out,
      answer: { contentType: `application/x-git-${service}-result`, body: out },
    };
  }

  /** Pipe the request body into git and git's answer out; a client that goes away stops git. */
  private run(process: GitProcess, input: Readable, out: PassThrough, endOut: boolean): void {
    pipeline(input, process.child.stdin, (error) => {
      if (error) process.kill();
    });
    this.forward(process, out, endOut);
  }

  private forward(process: GitProcess, out: PassThrough, endOut: boolean): void {
    process.child.stdout.pipe(out, { end: endOut });
    out.on('close', () => process.kill());
    void process.exit.then(({ code, stderr, timedOut }) => {
      if (code === 0) return;
      this.logger.warn(
        `git transport exited with ${code}${timedOut ? ' (timed out)' : ''}: ${stderr}`,
      );
      // An answer cut short must not look complete to the client.
      if (endOut) out.destroy(new Error('git failed'));
    });
  }
}
