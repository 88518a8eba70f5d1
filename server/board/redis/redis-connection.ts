import { Logger } from '@nestjs/common';
import type { RedisClientType } from '@redis/client';

/**
 * The board's one Redis client (cache store, snapshot store, settings, locks). Commands
 * fail at once while Redis is away instead of queueing, so the board degrades to platform
 * calls and its own memory, and the client reconnects in the background.
 */
export class RedisConnection {
  private readonly logger = new Logger('Redis');
  private lastError = 0;

  /**
   * Connect to `url`. The client library is loaded here, so a board without Redis never
   * loads it (a few MB of resident memory).
   */
  static async open(url: string): Promise<RedisConnection> {
    const { createClient } = await import('@redis/client');
    const connection = new RedisConnection(
      createClient({
        url,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: 2000,
          reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000),
        },
      }),
    );
    await connection.connect();
    return connection;
  }

  private constructor(readonly client: RedisClientType) {
    this.client.on('error', (error: Error) => {
      // One line per few seconds is enough while Redis is down.
      const now = Date.now();
      if (now - this.lastError > 5000) this.logger.warn(`Redis: ${error.message}`);
      this.lastError = now;
    });
  }

  /** Connect once at start-up; the board still starts when Redis is not there yet. */
  private async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error) {
      this.logger.warn(
        `Redis is not reachable yet (${(error as Error).message}); retrying in the background`,
      );
    }
  }

  get ready(): boolean {
    return this.client.isReady;
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }
}
