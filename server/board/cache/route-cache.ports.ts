import type { FastifyRequest } from 'fastify';

/**
 * What the route cache asks of the rest of the board without importing it: provided by the
 * root module (`board.module.ts`) and the sync module.
 */

/** The requests whose misses never count against a client's allowance (an admin's). */
export abstract class MissExemption {
  abstract exempt(request: FastifyRequest): boolean;
}

/** How far the board's background reads have come (`BackgroundReads`). */
export abstract class ReadProgress {
  /** A mark of the reads finished so far, kept with an answer built while some were pending. */
  abstract mark(): string;
  /** Whether reads have finished since `mark` and none is left: the answer is worth rebuilding. */
  abstract hasNews(mark: string | undefined): boolean;
}
