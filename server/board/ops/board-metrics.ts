import { Injectable } from '@nestjs/common';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PlatformResponseInfo } from '../platform/platform.options';

/** The board's Prometheus metrics, in a registry of its own (one per application). */
@Injectable()
export class BoardMetrics {
  readonly registry = new Registry();

  readonly upstreamRequests = new Counter({
    name: 'board_upstream_requests_total',
    help: 'HTTP attempts made to the platform, by route template and status (0: no answer)',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly upstreamDuration = new Histogram({
    name: 'board_upstream_request_duration_seconds',
    help: 'Duration of HTTP attempts made to the platform',
    labelNames: ['method', 'route'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly routeCache = new Counter({
    name: 'board_route_cache_total',
    help: 'Answers of cached read routes by result (hit, miss, stale, limited)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly snapshotRuns = new Counter({
    name: 'board_snapshot_runs_total',
    help: 'Credit snapshot runs',
    registers: [this.registry],
  });

  readonly snapshotFailures = new Counter({
    name: 'board_snapshot_failures_total',
    help: 'Organizations whose balance could not be recorded in a snapshot run',
    labelNames: ['org'] as const,
    registers: [this.registry],
  });

  readonly alertDeliveries = new Counter({
    name: 'board_alert_deliveries_total',
    help: 'Alert delivery attempts by channel kind and outcome (sent, retry, failed, test_*)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly alerts = new Gauge({
    name: 'board_alerts',
    help: 'Stored alerts by rule and status (firing, resolved) after the last evaluation',
    labelNames: ['rule', 'status'] as const,
    registers: [this.registry],
  });

  private cacheSize: () => { entries: number; bytes: number } = () => ({ entries: 0, bytes: 0 });

  readonly cacheEntries = new Gauge({
    name: 'board_cache_entries',
    help: 'Entries in the in-process cache (both layers; bounded by CACHE_MAX_ENTRIES)',
    registers: [this.registry],
    collect: () => {
      this.cacheEntries.set(this.cacheSize().entries);
    },
  });

  readonly cacheBytes = new Gauge({
    name: 'board_cache_bytes',
    help: 'Approximate bytes held by the in-process cache (bounded by CACHE_MAX_BYTES)',
    registers: [this.registry],
    collect: () => {
      this.cacheBytes.set(this.cacheSize().bytes);
    },
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'board_' });
  }

  /** Where the cache gauges read their figures. */
  watchCache(size: () => { entries: number; bytes: number }): void {
    this.cacheSize = size;
  }

  /** The platform client's hook: one call per HTTP attempt. */
  readonly onUpstreamResponse = (info: PlatformResponseInfo): void => {
    this.upstreamRequests.inc({
      method: info.method,
      route: info.route,
      status: String(info.status),
    });
    this.upstreamDuration.observe(
      { method: info.method, route: info.route },
      info.durationMs / 1000,
    );
  };
}
