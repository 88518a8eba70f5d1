import { Injectable } from '@nestjs/common';
import { ForgeDatabase } from './forge-database';

/** Small facts about the data set itself (e.g. whether the demo seed has run). */
@Injectable()
export class MetaRepository {
  constructor(private readonly db: ForgeDatabase) {}

  /** The stored value of `key`, or null. */
  get(key: string): string | null {
    return (
      this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key])?.value ?? null
    );
  }

  /** Store `value` under `key`. */
  set(key: string, value: string): void {
    this.db.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  }
}
