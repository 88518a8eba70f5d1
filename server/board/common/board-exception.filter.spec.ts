import type { ArgumentsHost } from '@nestjs/common';
import { HttpException, Logger, NotFoundException } from '@nestjs/common';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { ConflictError, InvalidError, NotFoundError } from '../../common/errors';
import { PlatformUpstreamError } from '../platform/platform.errors';
import { BoardExceptionFilter } from './board-exception.filter';
import { withCode } from './error-code';
import { DaysQuery } from './params';
import { BoardValidationPipe } from './validation';

/** An error as Fastify's plugins throw them: a message and a `statusCode`. */
function libraryError(message: string, statusCode: number): Error {
  return Object.assign(new Error(message), { statusCode });
}

describe('BoardExceptionFilter', () => {
  const filter = new BoardExceptionFilter(() => false);
  const server = Fastify();
  let thrown: unknown;
  server.get('/', (request: FastifyRequest, reply: FastifyReply) => {
    const http = { getRequest: () => request, getResponse: () => reply };
    filter.catch(thrown, { switchToHttp: () => http } as unknown as ArgumentsHost);
  });
  // The 500s are logged as they should be; the test's output needs none of it.
  beforeAll(() => {
    Logger.overrideLogger(false);
  });
  afterAll(async () => {
    Logger.overrideLogger(true);
    await server.close();
  });

  async function answer(
    error: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    thrown = error;
    const response = await server.inject({ method: 'GET', url: '/' });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  }

  it.each([
    [libraryError('Forbidden', 403), 403, 'Forbidden', 'forbidden'],
    [libraryError('Bad Request', 400), 400, 'Bad Request', 'bad_request'],
    [
      libraryError('Request body is too large', 413),
      413,
      'Request body is too large',
      'payload_too_large',
    ],
    [libraryError('', 404), 404, 'Not Found', 'not_found'],
  ])('answers a library refusal (%p) with its own 4xx', async (error, status, message, code) => {
    expect(await answer(error)).toMatchObject({
      status,
      body: {
        statusCode: status,
        message,
        code,
        params: {},
        request_id: expect.any(String) as unknown,
      },
    });
  });

  it("gives a domain error's answer its own code and params, else its status's", async () => {
    const coded = await answer(
      new NotFoundError(
        'Organization "x" is not covered by this board',
        withCode('unknown_organization', { org: 'x' }),
      ),
    );
    expect(coded).toEqual({
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        message: 'Organization "x" is not covered by this board',
        code: 'unknown_organization',
        params: { org: 'x' },
        request_id: expect.any(String) as unknown,
      },
    });
    expect((await answer(new InvalidError('days must be 7 or 30'))).body).toMatchObject({
      code: 'bad_request',
      params: {},
    });
    // Fields a domain error adds never replace the envelope's code and params.
    const refused = await answer(
      new ConflictError('Not dispatched', {
        body: { code: 'other', params: { x: 1 }, findings: [] },
        ...withCode('dispatch_blocked', { count: 2, codes: 'wip_limit, low_runway' }),
      }),
    );
    expect(refused.body).toMatchObject({
      code: 'dispatch_blocked',
      params: { count: 2, codes: 'wip_limit, low_runway' },
      findings: [],
    });
  });

  it('names a platform failure, a body that is not JSON and a failure of its own', async () => {
    const failed = new PlatformUpstreamError({
      method: 'GET',
      path: '/x',
      status: 503,
      errcode: null,
      errmsg: 'down',
    });
    expect(await answer(failed)).toMatchObject({
      status: 502,
      body: { code: 'upstream_unavailable', params: { detail: 'HTTP 503' } },
    });
    const notJson = new HttpException(
      "Body is not valid JSON but content-type is set to 'application/json'",
      400,
    );
    expect((await answer(notJson)).body).toMatchObject({ code: 'invalid_json', params: {} });
    expect((await answer(new Error('boom'))).body).toMatchObject({
      code: 'internal_error',
      params: {},
    });
  });

  it('names the field and rule of a failed validation, and an unknown query parameter', async () => {
    const pipe = new BoardValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
    });
    const refusal = async (value: object, type: 'query' | 'body') =>
      (
        await answer(
          await pipe
            .transform(value, { type, metatype: DaysQuery })
            .then(() => null)
            .catch((error: unknown) => error),
        )
      ).body;
    expect(await refusal({ days: '5' }, 'query')).toMatchObject({
      message: 'days must be 7 or 30',
      code: 'validation_failed',
      params: { field: 'days', fields: 'days', count: 1, rule: 'one_of', allowed: '7, 30' },
    });
    expect(await refusal({ days: '7', sort: 'x' }, 'query')).toMatchObject({
      message: 'property sort should not exist',
      code: 'unknown_query_parameter',
      params: { field: 'sort' },
    });
    expect(await refusal({ sort: 'x' }, 'body')).toMatchObject({
      code: 'validation_failed',
      params: { field: 'sort', rule: 'unknown' },
    });
  });

  it('answers domain errors by kind and Nest exceptions by their status', async () => {
    expect((await answer(new InvalidError('days must be 7 or 30'))).status).toBe(400);
    expect((await answer(new NotFoundException('No such thing'))).status).toBe(404);
  });

  it.each([
    ['an error without a status', new Error('boom')],
    ['a library error with a 5xx status', libraryError('Internal', 503)],
    ['a status that is not a number', Object.assign(new Error('odd'), { statusCode: '403' })],
    ['a thrown non-error', { statusCode: 403 }],
  ])('keeps %s a 500 without its text', async (_name, error) => {
    const { status, body } = await answer(error);
    expect(status).toBe(500);
    expect(body['message']).toBe('Internal server error');
  });
});
