import type { ArgumentsHost } from '@nestjs/common';
import { Logger, NotFoundException } from '@nestjs/common';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { InvalidError } from '../../common/errors';
import { BoardExceptionFilter } from './board-exception.filter';

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
    [libraryError('Forbidden', 403), 403, 'Forbidden'],
    [libraryError('Bad Request', 400), 400, 'Bad Request'],
    [libraryError('Request body is too large', 413), 413, 'Request body is too large'],
    [libraryError('', 404), 404, 'Not Found'],
  ])('answers a library refusal (%p) with its own 4xx', async (error, status, message) => {
    expect(await answer(error)).toMatchObject({
      status,
      body: { statusCode: status, message, request_id: expect.any(String) as unknown },
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
