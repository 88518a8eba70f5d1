import { Injectable } from '@nestjs/common';
import { GitAdapter, type RepoName } from './git.adapter';
import { GitRunner, type GitProcess } from './git-runner';

/** The two smart-HTTP services. */
export type GitService = 'upload-pack' | 'receive-pack';

/** A ref advertisement is quick; a pack exchange may move hundreds of megabytes. */
const ADVERTISE_TIMEOUT_MS = 60_000;
const RPC_TIMEOUT_MS = 60 * 60_000;
/** A client or git that stays silent this long has gone away. */
const RPC_IDLE_MS = 5 * 60_000;

/** `GIT_PROTOCOL` values git itself sends (`version=2`, `version=2:object-format=sha1`). */
const PROTOCOL_VALUE = /^[A-Za-z0-9=:._-]{1,100}$/;

/**
 * Starts `git upload-pack` / `git receive-pack` in stateless-RPC mode on a bare
 * repository, the way git http-backend does, but without the CGI layer: the transport
 * controller pipes the request body in and the process's output out.
 */
@Injectable()
export class GitTransportAdapter {
  constructor(
    private readonly adapter: GitAdapter,
    private readonly git: GitRunner,
  ) {}

  /** The ref advertisement (`info/refs`) of a service. */
  advertise(repo: RepoName, service: GitService, protocol: string | undefined): GitProcess {
    const process = this.start(repo, service, ['--advertise-refs'], protocol, ADVERTISE_TIMEOUT_MS);
    process.child.stdin.end();
    return process;
  }

  /** One stateless RPC exchange (`POST /git-upload-pack` or `/git-receive-pack`); the caller feeds stdin. */
  exchange(repo: RepoName, service: GitService, protocol: string | undefined): GitProcess {
    return this.start(repo, service, [], protocol, RPC_TIMEOUT_MS, RPC_IDLE_MS);
  }

  /** Whether the client asked for protocol v2 (which only fetch speaks). */
  static wantsV2(service: GitService, protocol: string | undefined): boolean {
    return service === 'upload-pack' && !!protocol && /(^|:)version=2($|:)/.test(protocol);
  }

  private start(
    repo: RepoName,
    service: GitService,
    extra: string[],
    protocol: string | undefined,
    timeoutMs: number,
    idleTimeoutMs?: number,
  ): GitProcess {
    const env: Record<string, string> = {};
    // receive-pack has no v2; passing it on would only make git fall back anyway.
    if (service === 'upload-pack' && protocol && PROTOCOL_VALUE.test(protocol))
      env['GIT_PROTOCOL'] = protocol;
    return this.git.spawn([service, '--stateless-rpc', ...extra, '--', '.'], {
      cwd: this.adapter.dir(repo),
      env,
      timeoutMs,
      idleTimeoutMs,
    });
  }
}
