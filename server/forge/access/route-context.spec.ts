import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ACCESS_KEY, type AccessRule, GitAccess, OrgAccess, RepoAccess } from './access.decorator';
import { type Caller, CurrentPrincipal } from './principal';
import type { NamespaceGrant } from '../orgs/org.types';
import { type GroupContext, Org, type OrgContext, Repo, type RepoContext } from './request-context';

/** Route parameters only the access guard reads: it resolves them into the context. */
const CONTEXT_PARAMS = ['org', 'repo', 'sub', 'slug'];

interface RouteArg {
  index: number;
  data?: unknown;
  factory?: unknown;
}

interface Handler {
  name: string;
  paths: string[];
  rule: AccessRule | undefined;
  args: { key: string; arg: RouteArg }[];
}

function controllerFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return controllerFiles(full);
    return entry.name.endsWith('.controller.ts') ? [full] : [];
  });
}

function argsOf(target: object, method: string): { key: string; arg: RouteArg }[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target, method) ?? {}) as Record<
    string,
    RouteArg
  >;
  return Object.entries(args).map(([key, arg]) => ({ key, arg }));
}

/** The factory behind a custom parameter decorator, read off a probe method. */
function factoryOf(decorator: () => ParameterDecorator): unknown {
  class Probe {
    handle(_value: unknown): void {}
  }
  decorator()(Probe.prototype, 'handle', 0);
  return argsOf(Probe, 'handle')[0].arg.factory;
}

/** Every route handler of every forge controller, with its paths, access rule and parameters. */
async function forgeHandlers(): Promise<Handler[]> {
  const modules = await Promise.all(
    controllerFiles(path.resolve(__dirname, '..')).map(
      (file) => import(file) as Promise<Record<string, unknown>>,
    ),
  );
  return modules.flatMap((exported) =>
    Object.values(exported)
      .filter(
        (value): value is new () => object =>
          typeof value === 'function' && Reflect.hasMetadata(PATH_METADATA, value),
      )
      .flatMap((controller) =>
        Object.getOwnPropertyNames(controller.prototype)
          .map((name) => ({
            name,
            method: (controller.prototype as Record<string, unknown>)[name],
          }))
          .filter(
            ({ method }) =>
              typeof method === 'function' && Reflect.hasMetadata(METHOD_METADATA, method),
          )
          .map(({ name, method }) => {
            const routed = Reflect.getMetadata(PATH_METADATA, method as object) as
              string | string[];
            return {
              name: `${controller.name}.${name}`,
              paths: [routed].flat(),
              rule: Reflect.getMetadata(ACCESS_KEY, method as object) as AccessRule | undefined,
              args: argsOf(controller, name),
            };
          }),
      ),
  );
}

describe('forge routes: the access guard is the one place that reads org and repo', () => {
  let handlers: Handler[] = [];
  beforeAll(async () => {
    handlers = await forgeHandlers();
  });
  const repoFactory = factoryOf(Repo);
  const orgFactory = factoryOf(Org);
  const principalFactory = factoryOf(CurrentPrincipal);
  const names = (having: (handler: Handler) => boolean): string[] =>
    handlers.filter(having).map((handler) => handler.name);
  const named = (handler: Handler, pattern: RegExp): boolean =>
    handler.paths.some((route) => pattern.test(route));
  const takes = (handler: Handler, factory: unknown): boolean =>
    handler.args.some(({ arg }) => arg.factory === factory);

  it('finds every controller', () => {
    expect(handlers.length).toBeGreaterThanOrEqual(100);
    expect(names((handler) => handler.name === 'IssuesController.create')).toHaveLength(1);
  });

  it('reads no org, repo, sub or slug route parameter in a handler', () => {
    const readsContext = (handler: Handler): boolean =>
      handler.args.some(
        ({ key, arg }) =>
          key.startsWith(`${RouteParamtypes.PARAM}:`) &&
          (arg.data === undefined || CONTEXT_PARAMS.includes(arg.data as string)),
      );
    expect(names(readsContext)).toEqual([]);
  });

  it('reads no org or repo from the request in a controller either', () => {
    const reading = /params\??\.(org|repo|sub|slug)\b|params\??\[['"](org|repo|sub|slug)['"]\]/;
    const readers = controllerFiles(path.resolve(__dirname, '..')).filter((file) =>
      reading.test(fs.readFileSync(file, 'utf8')),
    );
    expect(readers.map((file) => path.basename(file))).toEqual([]);
  });

  it('gives every route an access rule', () => {
    expect(names((handler) => handler.rule === undefined)).toEqual([]);
  });

  it('resolves every route inside a repository, and hands the handler its context', () => {
    const inRepo = (handler: Handler): boolean => named(handler, /^(events\/)?:org\/:repo(\/|$)/);
    const repoRule = (handler: Handler): boolean =>
      handler.rule?.kind === 'repo' || handler.rule?.kind === 'git';
    const groupRoutes = names((handler) => inRepo(handler) && handler.rule?.kind === 'org');
    // Sub-group routes share the shape `:org/:repo`; the guard reads them as a group path.
    expect(groupRoutes).toEqual(['OrgsController.subGroupsOfSubGroup']);
    expect(
      names((handler) => inRepo(handler) && handler.rule?.kind !== 'org' && !repoRule(handler)),
    ).toEqual([]);
    expect(names((handler) => repoRule(handler) && !takes(handler, repoFactory))).toEqual([]);
    expect(names((handler) => takes(handler, repoFactory) && !repoRule(handler))).toEqual([]);
  });

  it('resolves every organization route, and hands the handler its context', () => {
    const orgRule = (handler: Handler): boolean => handler.rule?.kind === 'org';
    expect(
      names(
        (handler) =>
          named(handler, /:(org|slug)\b/) &&
          !orgRule(handler) &&
          handler.rule?.kind !== 'repo' &&
          handler.rule?.kind !== 'git',
      ),
    ).toEqual([]);
    expect(names((handler) => orgRule(handler) && !takes(handler, orgFactory))).toEqual([]);
    expect(names((handler) => takes(handler, orgFactory) && !orgRule(handler))).toEqual([]);
  });

  it('leaves the bare caller to routes outside any repository or organization', () => {
    expect(
      names((handler) => takes(handler, principalFactory) && handler.rule?.kind !== undefined),
    ).toEqual([]);
  });
});

describe('forge routes: a context promises a caller only where the route requires a token', () => {
  // The checks are the compiler's: each `@ts-expect-error` fails the type check once the
  // decorator lets a route that takes anonymous requests promise a caller.
  class Handlers {
    @RepoAccess('repo-code:r', 'read')
    read(_ctx: RepoContext): void {}

    // @ts-expect-error a read takes anonymous requests: its grant has no caller to promise
    @RepoAccess('repo-code:r', 'read')
    readPromisingCaller(_ctx: RepoContext<Caller>): void {}

    @RepoAccess('repo-code:rw', 'participate')
    write(_ctx: RepoContext<Caller>, _body: string): void {}

    @OrgAccess('repo-code:r', 'namespace', { anonymous: true })
    anonymousOrg(_ctx: OrgContext): void {}

    // @ts-expect-error an organization route that takes anonymous requests
    @OrgAccess('repo-code:r', 'namespace', { anonymous: true })
    anonymousOrgPromisingCaller(_body: string, _ctx: OrgContext<NamespaceGrant, Caller>): void {}

    @OrgAccess('group-resource:r', 'group')
    orgWrite(_ctx: GroupContext<Caller>): void {}

    // @ts-expect-error fetching may be anonymous
    @GitAccess('upload-pack')
    fetchPromisingCaller(_ctx: RepoContext<Caller>): void {}

    @GitAccess('receive-pack')
    push(_ctx: RepoContext<Caller>): void {}
  }

  it('keeps the rules the decorators set', () => {
    const rule = (name: keyof Handlers): unknown =>
      Reflect.getMetadata(
        ACCESS_KEY,
        Object.getOwnPropertyDescriptor(Handlers.prototype, name)?.value as object,
      );
    expect(rule('read')).toEqual({ kind: 'repo', scope: 'repo-code:r', permission: 'read' });
    expect(rule('write')).toEqual({
      kind: 'repo',
      scope: 'repo-code:rw',
      permission: 'participate',
    });
    expect(rule('anonymousOrg')).toEqual({
      kind: 'org',
      scope: 'repo-code:r',
      target: 'namespace',
      anonymous: true,
    });
    expect(rule('push')).toEqual({ kind: 'git', service: 'receive-pack' });
  });
});
