import { Injectable, Logger } from '@nestjs/common';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../common/errors';
import type { Caller } from '../common/principal';
import { ROLE_LEVELS } from '../common/roles';
import { scopeAllows } from '../common/scopes';
import { ForgeConfig } from '../config/forge-config';
import { GitAdapter, type RepoName } from '../git/git.adapter';
import type { GitProcess } from '../git/git-runner';
import { GitTransportAdapter, type GitService } from '../git/git-transport.adapter';
import { BRANCH_PREFIX } from '../git/ref-snapshot';
import { BranchLocksRepository } from '../repos/branch-locks.repository';
import type { RepoContext } from '../repos/repo.types';
import { ReposService } from '../repos/repos.service';
import { UsersService } from '../users/users.service';
import { tokenFromAuthorization } from './basic-auth';
import { PushRecorder } from './push-recorder.service';

/** What the controller sends: a content type and a body streamed from git. */
export interface TransportAnswer {
  contentType: string;
  body: Readable;
}

/** What a transport request carries besides its body. */
export interface TransportRequest {
  owner: string;
  /** As in the URL: `name` or `name.git`. */
  name: string;
  authorization: string | undefined;
  /** The `Git-Protocol` header (`version=2`). */
  protocol: string | undefined;
}

const SERVICES: Readonly<Record<string, GitService>> = {
  'git-upload-pack': 'upload-pack',
  'git-receive-pack': 'receive-pack',
};

/** A pkt-line: four hex digits of length (itself included), then the data. */
function pktLine(text: string): string {
  return (text.length + 4).toString(16).padStart(4, '0') + text;
}

/**
 * Git smart HTTP (docs/architecture.md#the-forge): Basic auth with the token as password, then
 * `upload-pack` / `receive-pack` in stateless-RPC mode with bodies streamed both ways.
 * Fetching a public repository needs no token; pushing needs `repo-code:rw` and the
 * Developer role; secret repositories refuse tokens. A push is followed by the push
 * recorder, before the client gets the end of its answer.
 */
@Injectable()
export class GitTransportService {
  private readonly logger = new Logger('Forge');

  constructor(
    private readonly repos: ReposService,
    private readonly users: UsersService,
    private readonly git: GitAdapter,
    private readonly transport: GitTransportAdapter,
    private readonly recorder: PushRecorder,
    private readonly config: ForgeConfig,
    private readonly locks: BranchLocksRepository,
  ) {}

  /** `GET info/refs?service=…`: the ref advertisement. */
  advertise(request: TransportRequest, serviceParam: string | undefined): TransportAnswer {
    if (serviceParam === undefined)
      throw new NotFoundError('This forge serves git over smart HTTP only', { field: 'service' });
    const service = SERVICES[serviceParam];
    if (!service)
      throw new ForbiddenError(`Unsupported service ${serviceParam}`, { field: 'service' });
    const { repo } = this.authorize(request, service);
    const process = this.transport.advertise(repo, service, request.protocol);
    const out = new PassThrough();
    if (!GitTransportAdapter.wantsV2(service, request.protocol))
      out.write(`${pktLine(`# service=git-${service}\n`)}0000`);
    this.forward(process, out, true);
    return { contentType: `application/x-git-${service}-advertisement`, body: out };
  }

  /** `POST git-upload-pack` / `git-receive-pack`: one RPC exchange. */
  exchange(
    request: TransportRequest,
    service: GitService,
    body: Readable,
    contentEncoding: string | undefined,
  ): TransportAnswer {
    const { repo, context, caller } = this.authorize(request, service);
    const input = /^(x-)?gzip$/i.test(contentEncoding ?? '') ? body.pipe(createGunzip()) : body;
    const out = new PassThrough();
    const answer = { contentType: `application/x-git-${service}-result`, body: out };
    if (service === 'upload-pack') {
      this.run(this.transport.exchange(repo, service, request.protocol), input, out, true);
      return answer;
    }
    const actorId = (caller as Caller).userId;
    void this.git
      .exclusive(repo, async () => {
        const before = await this.git.freshRefs(repo);
        const process = this.transport.exchange(repo, service, request.protocol, {
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

  /** The caller and repository of a transport request, or the error git should see. */
  private authorize(
    request: TransportRequest,
    service: GitService,
  ): { repo: RepoName; context: RepoContext; caller: Caller | null } {
    const write = service === 'receive-pack';
    const token = tokenFromAuthorization(request.authorization);
    const caller = token ? this.users.callerForToken(token) : null;
    if (token === null || (token !== undefined && !caller))
      throw new UnauthorizedError('Invalid credentials: use the token as the password');
    if (write && !caller) throw new UnauthorizedError('Pushing needs a token');
    if (caller) {
      const scope = write ? 'repo-code:rw' : 'repo-code:r';
      if (!scopeAllows(caller.scopes, scope))
        throw new ForbiddenError(`The token lacks the ${scope} scope`, { scope });
    }
    const name = request.name.endsWith('.git') ? request.name.slice(0, -4) : request.name;
    const context = this.repos.resolve(caller, request.owner, name, write ? 'develop' : 'read');
    return { repo: { owner: context.namespace.path, name: context.repo.name }, context, caller };
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
