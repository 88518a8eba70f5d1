import { RouteConfig } from '@nestjs/platform-fastify';

/** Fastify route config the request hooks read (set through Nest's RouteConfig). */
export interface ForgeRouteConfig {
  /** Not a JSON API route (images, metrics, git transport): never answers 406. */
  raw?: boolean;
  /** Operational route (health, metrics): no rate limit, no faults, not counted. */
  operational?: boolean;
  /** Git smart HTTP: counted, but outside the API's rate limit, injected latency and faults. */
  transport?: boolean;
  /** The body is read by the handler as a stream (git packs, uploads): no parser, no 1 MiB limit. */
  stream?: boolean;
  /** A forge extension the platform does not publish: absent (404) with FORGE_EXTENSIONS off. */
  extension?: boolean;
}

/** Mark a route that does not answer JSON, so an explicit non-JSON Accept is fine. */
export const RawResponse = (): MethodDecorator =>
  RouteConfig({ raw: true } satisfies ForgeRouteConfig);

/** Mark a git smart-HTTP route: raw answers, streamed bodies, no API rate limit or faults. */
export const GitTransportRoute = (): MethodDecorator =>
  RouteConfig({ raw: true, transport: true, stream: true } satisfies ForgeRouteConfig);

/** Mark a route that reads its body as a stream of any type (upload PUT). */
export const StreamBody = (): MethodDecorator =>
  RouteConfig({ raw: true, stream: true } satisfies ForgeRouteConfig);

/** Mark a health or metrics route: outside rate limits, fault injection and counts. */
export const Operational = (): MethodDecorator =>
  RouteConfig({ raw: true, operational: true } satisfies ForgeRouteConfig);

/** Mark a route only the forge has (ledger, organization-wide lists): 404 when extensions are off. */
export const ForgeExtension = (): MethodDecorator =>
  RouteConfig({ extension: true } satisfies ForgeRouteConfig);
