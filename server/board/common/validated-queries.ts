/**
 * Queries already validated on the way in, so validation runs once a request. The route
 * cache validates a public read's query to build its key (server/board/cache/cache-keys.ts)
 * and hands the instance over here, keyed by the request's parsed query object; the
 * validation pipe takes it instead of validating the same object again.
 */
const handedOver = new WeakMap<object, object>();

/** Records `instance` as the validated form of the request query object `raw`. */
export function handOverQuery(raw: unknown, instance: object): void {
  if (typeof raw === 'object' && raw !== null) handedOver.set(raw, instance);
}

/**
 * The validated form of `raw` when it was handed over as an instance of `type`: a copy of
 * its own, since one validated instance serves every request of the same URL.
 */
export function takeValidatedQuery(raw: unknown, type: unknown): object | undefined {
  if (typeof raw !== 'object' || raw === null || typeof type !== 'function') return undefined;
  const instance = handedOver.get(raw);
  if (instance === undefined || !(instance instanceof type)) return undefined;
  handedOver.delete(raw);
  return Object.assign(
    Object.create(Object.getPrototypeOf(instance) as object) as object,
    instance,
  );
}
