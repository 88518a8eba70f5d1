import type { FastifyReply } from 'fastify';
import type { Page } from './paging';

/** Lists answer a bare array; the total goes in `X-Total-Count` (a forge extension). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  void reply.header('x-total-count', String(page.total));
  return page.items;
}
