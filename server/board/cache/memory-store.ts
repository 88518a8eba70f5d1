import { Keyv } from 'keyv';
import { LRUCache } from 'lru-cache';

/** What Keyv keeps per key when it does not serialize: the value and its expiry. */
interface KeyvRecord {
  value: unknown;
  expires?: number;
}

/** Fixed cost counted per entry: the key, the record and the entry's object headers. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * Bytes an entry holds, counted from what dominates it: buffers (compressed answers) and
 * strings (keys, small answers), one level into the cached object.
 */
export function approximateBytes(key: string, record: KeyvRecord): number {
  let bytes = ENTRY_OVERHEAD_BYTES + key.length * 2;
  const value = record.value;
  const parts = value !== null && typeof value === 'object' ? Object.values(value) : [value];
  for (const part of parts) {
    if (Buffer.isBuffer(part) || part instanceof Uint8Array) bytes += part.byteLength;
    else if (typeof part === 'string') bytes += part.length * 2;
    else if (part !== null && typeof part === 'object') bytes += JSON.stringify(part).length * 2;
  }
  return bytes;
}

/**
 * The in-process cache store: least recently used entries leave first once either bound
 * (`CACHE_MAX_ENTRIES`, `CACHE_MAX_BYTES`) is reached, so no sequence of requests can grow
 * the board's memory without limit. Values are kept as they are (no serialization: the
 * cache layers already keep compact, immutable entries).
 */
export class BoundedMemoryStore {
  readonly lru: LRUCache<string, KeyvRecord>;
  readonly keyv: Keyv;

  constructor(maxEntries: number, maxBytes: number) {
    this.lru = new LRUCache<string, KeyvRecord>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (record, key) => approximateBytes(key, record),
    });
    const lru = this.lru;
    // Keyv hands a store its TTL as a third argument, which LRUCache would take for its
    // options; Keyv keeps expiry in the record itself, so the adapter drops it.
    const adapter = {
      get: (key: string) => lru.get(key),
      set: (key: string, record: KeyvRecord) => {
        lru.set(key, record);
        return true;
      },
      delete: (key: string) => lru.delete(key),
      clear: () => lru.clear(),
    };
    this.keyv = new Keyv({
      store: adapter,
      serialize: undefined,
      deserialize: undefined,
      useKeyPrefix: false,
      namespace: undefined,
    });
  }

  get entries(): number {
    return this.lru.size;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }

  /**
   * The value held under `key`, read without a promise (the hot path's read); undefined
   * when none is held or it expired. Keyv keeps expiry in the record, in the system's time.
   */
  peek(key: string): unknown {
    const record = this.lru.get(key);
    if (record === undefined) return undefined;
    if (record.expires !== undefined && record.expires <= Date.now()) return undefined;
    return record.value;
  }

  /** Keys held now (most recently used first). */
  keys(): IterableIterator<string> {
    return this.lru.keys();
  }
}
