import { Injectable } from '@nestjs/common';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataPaths } from '../storage/data-paths';
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

/** What a push may do, decided by the forge before receive-pack starts. */
export interface PushPolicy {
  /** Largest pack accepted, in bytes (`receive.maxInputSize`). */
  maxBytes: number;
  /** Refuse non-fast-forward updates and deletion of the default branch. */
  protectDefaultBranch: boolean;
  /** Full names of locked branches (`refs/heads/…`): no update of them at all. */
  lockedRefs?: readonly string[];
}

/**
 * The pre-receive hook of every push. It sees each ref update (`old new ref` per line)
 * after the objects arrived and before any ref moves, and refuses the whole push when
 * one update: leaves refs/heads/ and refs/tags/; has a name component starting with
 * "-" (it would read as an option to any tool); names a locked branch (one per line
 * in FORGE_LOCKED_REFS); or, with FORGE_PROTECT_DEFAULT=1,
 * deletes or rewrites the branch HEAD points to. What it prints reaches the client as
 * "remote:" lines.
 */
export const PRE_RECEIVE_HOOK = `#!/bin/sh
zero=0000000000000000000000000000000000000000
head=$(git symbolic-ref -q HEAD)
status=0
while read -r old new ref; do
  case "$ref" in
    refs/heads/?* | refs/tags/?*) ;;
    *)
      printf '%s\n' "refused $ref: only branches (refs/heads/) and tags (refs/tags/) can be pushed" >&2
      status=1
      continue
      ;;
  esac
  case "$ref" in
    */-*)
      printf '%s\n' "refused $ref: no part of a ref name may start with '-'" >&2
      status=1
      continue
      ;;
  esac
  if [ -n "$FORGE_LOCKED_REFS" ] && printf '%s\n' "$FORGE_LOCKED_REFS" | grep -qxF -e "$ref"; then
    printf '%s\n' "refused $ref: the branch is locked" >&2
    status=1
    continue
  fi
  if [ "$FORGE_PROTECT_DEFAULT" = 1 ] && [ "$ref" = "$head" ]; then
    if [ "$new" = "$zero" ]; then
      printf '%s\n' "refused $ref: the default branch is protected; deleting it needs the Master role" >&2
      status=1
    elif [ "$old" != "$zero" ] && ! git merge-base --is-ancestor "$old" "$new"; then
      printf '%s\n' "refused $ref: the default branch is protected; a force-push needs the Master role" >&2
      status=1
    fi
  fi
done
exit $status
`;

/**
 * Starts `git upload-pack` / `git receive-pack` in stateless-RPC mode on a bare
 * repository, the way git http-backend does, but without the CGI layer: the transport
 * controller pipes the request body in and the process's output out.
 */
@Injectable()
export class GitTransportAdapter {
  private hooksReady = false;

  constructor(
    private readonly adapter: GitAdapter,
    private readonly git: GitRunner,
    private readonly paths: DataPaths,
  ) {}

  /** The ref advertisement (`info/refs`) of a service. */
  advertise(repo: RepoName, service: GitService, protocol: string | undefined): GitProcess {
    const process = this.start(repo, service, ['--advertise-refs'], protocol, ADVERTISE_TIMEOUT_MS);
    process.child.stdin.end();
    return process;
  }

  /** One stateless RPC exchange (`POST /git-upload-pack` or `/git-receive-pack`); the caller feeds stdin. */
  exchange(
    repo: RepoName,
    service: GitService,
    protocol: string | undefined,
    push?: PushPolicy,
  ): GitProcess {
    return this.start(repo, service, [], protocol, RPC_TIMEOUT_MS, RPC_IDLE_MS, push);
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
    push?: PushPolicy,
  ): GitProcess {
    const env: Record<string, string> = {};
    // receive-pack has no v2; passing it on would only make git fall back anyway.
    if (service === 'upload-pack' && protocol && PROTOCOL_VALUE.test(protocol))
      env['GIT_PROTOCOL'] = protocol;
    const config: string[] = [];
    if (service === 'receive-pack') {
      const policy = push ?? { maxBytes: 0, protectDefaultBranch: true };
      // Every object is checked (strictly: "..", ".git" and malformed entries refused),
      // the pack size is bounded, and the forge's hook vets each ref update.
      config.push('-c', 'receive.fsckObjects=true', '-c', `core.hooksPath=${this.hooks()}`);
      if (policy.maxBytes > 0) config.push('-c', `receive.maxInputSize=${policy.maxBytes}`);
      if (policy.protectDefaultBranch) env['FORGE_PROTECT_DEFAULT'] = '1';
      if (policy.lockedRefs?.length) env['FORGE_LOCKED_REFS'] = policy.lockedRefs.join('\n');
    }
    return this.git.spawn([...config, service, '--stateless-rpc', ...extra, '--', '.'], {
      cwd: this.adapter.dir(repo),
      env,
      timeoutMs,
      idleTimeoutMs,
    });
  }

  /** The forge's hook folder, written on the first push of this process. */
  private hooks(): string {
    const dir = this.paths.hooksRoot;
    if (!this.hooksReady) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'pre-receive');
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (current !== PRE_RECEIVE_HOOK) fs.writeFileSync(file, PRE_RECEIVE_HOOK);
      fs.chmodSync(file, 0o755);
      this.hooksReady = true;
    }
    return dir;
  }
}
