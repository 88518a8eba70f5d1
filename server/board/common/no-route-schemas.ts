import type { FastifyServerOptions } from 'fastify';

/**
 * The board's Fastify schema compilers: none. Requests are validated by the routes' DTOs
 * and answers serialized by Nest (docs/rules.md#board-api-input), so no route
 * declares a JSON schema, and Fastify's own compilers (Ajv and fast-json-stringify, which
 * it loads with every instance unless given others, about 1 MB of heap) stay unloaded.
 * A route that declares a schema stops the board at start-up with this message, rather
 * than being validated a second way.
 */
export const NO_ROUTE_SCHEMAS: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: () => refuse('validation'),
    buildSerializer: () => refuse('response'),
  },
};

function refuse(kind: string): never {
  throw new Error(
    `A route declares a ${kind} schema; the board validates requests with DTOs and does not compile Fastify schemas`,
  );
}
