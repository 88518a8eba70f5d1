import Fastify from 'fastify';
import { NO_ROUTE_SCHEMAS } from './no-route-schemas';

describe('NO_ROUTE_SCHEMAS', () => {
  it('serves routes without a schema or with one that has no validation or response part', async () => {
    const app = Fastify({ schemaController: NO_ROUTE_SCHEMAS });
    app.get('/plain', () => ({ ok: true }));
    // @fastify/static's routes carry such a schema (only `hide`).
    app.get('/partless', { schema: {} }, () => 'partless');
    try {
      expect((await app.inject('/plain')).json()).toEqual({ ok: true });
      expect((await app.inject('/partless')).body).toBe('partless');
    } finally {
      await app.close();
    }
  });

  it('stops start-up when a route declares a querystring schema', async () => {
    const app = Fastify({ schemaController: NO_ROUTE_SCHEMAS });
    app.get(
      '/checked',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
      () => 'never',
    );
    await expect(app.ready()).rejects.toThrow(
      'A route declares a validation schema; the board validates requests with DTOs',
    );
    await app.close();
  });

  it('stops start-up when a route declares a response schema', async () => {
    const app = Fastify({ schemaController: NO_ROUTE_SCHEMAS });
    app.get(
      '/typed',
      {
        schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
      },
      () => ({ ok: true }),
    );
    await expect(app.ready()).rejects.toThrow('A route declares a response schema');
    await app.close();
  });
});
