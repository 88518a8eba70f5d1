import { type FactoryProvider, SetMetadata, type Type } from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService } from '@nestjs/core';
import type { ClassConstructor } from 'class-transformer';

/** One public read route, under `<BASE_PATH>api/`, and the class its query must satisfy. */
export interface PublicRead {
  /** Matched against the decoded path after `api/`. */
  pattern: RegExp;
  /** Query class; routes without one take no query parameters. */
  query?: ClassConstructor<object>;
}

const PUBLIC_READ = 'board:public-read';

/**
 * Marks a GET handler as a public read: the route cache keeps its answers and may serve them
 * before routing, ahead of every guard. Anything not marked, above all every admin route,
 * always goes through Nest's whole pipeline.
 */
export const PublicRead = (): MethodDecorator => SetMetadata(PUBLIC_READ, true);

const SLUG = '[A-Za-z0-9][A-Za-z0-9._-]{0,99}';

/**
 * What each path parameter of a public read may be. A repository's full name may come as
 * `org/repo` or percent-encoded as one segment: both decode to the same path, so they share
 * an entry.
 */
const PARAMETERS: Readonly<Record<string, string>> = {
  slug: SLUG,
  org: SLUG,
  repo: SLUG,
  handle: SLUG,
  full_name: `${SLUG}/${SLUG}`,
  number: '[1-9]\\d{0,9}',
};

/** The public read of one handler: its route (controller path + its own) and query class. */
export function publicReadOf(route: string, query?: ClassConstructor<object>): PublicRead {
  const segments = route.split('/').filter((segment) => segment !== '');
  if (segments[0] !== 'api') throw new Error(`Public read ${route} is not under api/`);
  const pattern = segments
    .slice(1)
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const rule = PARAMETERS[segment.slice(1)];
      if (rule === undefined) throw new Error(`Public read ${route}: no rule for ${segment}`);
      return rule;
    })
    .join('/');
  return { pattern: new RegExp(`^${pattern}$`), ...(query ? { query } : {}) };
}

/** The public reads a controller declares (`@PublicRead()` on its handlers). */
export function publicReadsOf(controller: Type<unknown>): PublicRead[] {
  const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  const prototype = controller.prototype as Record<string, unknown>;
  const reads: PublicRead[] = [];
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const handler = prototype[name];
    if (typeof handler !== 'function' || Reflect.getMetadata(PUBLIC_READ, handler) !== true)
      continue;
    const own = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
    reads.push(publicReadOf(`${base}/${own}`, queryClassOf(controller, name)));
  }
  return reads;
}

/** The class of a handler's `@Query()` argument, if it has one. */
function queryClassOf(
  controller: Type<unknown>,
  method: string,
): ClassConstructor<object> | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const entry = Object.entries(args).find(
    ([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined,
  );
  if (entry === undefined) return undefined;
  const prototype = controller.prototype as object;
  const types = Reflect.getMetadata('design:paramtypes', prototype, method) as
    ClassConstructor<object>[] | undefined;
  return types?.[entry[1].index];
}

/**
 * The table of public reads, built from the handlers of every controller of the app
 * (`publicReadsProvider`). `find` answers the read a decoded path under `api/` is, if any.
 */
export class PublicReads {
  private constructor(private readonly reads: readonly PublicRead[]) {}

  static of(controllers: readonly Type<unknown>[]): PublicReads {
    return new PublicReads(controllers.flatMap(publicReadsOf));
  }

  find(path: string): PublicRead | undefined {
    return this.reads.find((read) => read.pattern.test(path));
  }

  get size(): number {
    return this.reads.length;
  }
}

/** `PublicReads` of every controller the app's modules declare. */
export const publicReadsProvider: FactoryProvider<PublicReads> = {
  provide: PublicReads,
  useFactory: (discovery: DiscoveryService) =>
    PublicReads.of(
      discovery
        .getControllers()
        .flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type<unknown>] : [])),
    ),
  inject: [DiscoveryService],
};
