import { Counter, Registry } from 'prom-client';

/** Route label of requests that matched no route. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Prometheus metrics of one forge instance, in its own registry so several forges can
 * run in one process (tests). The route label is the route pattern (`/:org/-/issues`),
 * which keeps the label set small and lets tests count upstream calls per endpoint.
 */
export class ForgeMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly delays: Counter;

  constructor() {
    this.requests = new Counter({
      name: 'forge_http_requests_total',
      help: 'API requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [this.registry],
    });
    this.delays = new Counter({
      name: 'forge_injected_delay_milliseconds_total',
      help: 'Delay injected before API requests (FORGE_LATENCY_MS), summed',
      registers: [this.registry],
    });
  }

  /** Record a delay injected before a request. */
  delayed(ms: number): void {
    this.delays.inc(ms);
  }

  /** Count one answered request. */
  count(route: string | undefined, method: string, status: number): void {
    this.requests.inc({ route: route ?? UNMATCHED_ROUTE, method, status: String(status) });
  }

  /** The Prometheus text exposition. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
