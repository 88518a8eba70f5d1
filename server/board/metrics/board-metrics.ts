import { Injectable } from '@nestjs/common';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One HTTP attempt made to the platform, for metrics. */
export interface PlatformResponseInfo {
  method: string;
  /** Route template such as `/{repo}/-/issues/{number}`, so metric labels stay few. */
  route: string;
  /** HTTP status, or 0 when no answer came (network error, timeout). */
  status: number;
  durationMs: number;
}

/** What the budget gauges show. */
export interface BudgetFigures {
  used: number;
  remaining: number;
  effectiveLimit: number;
  made: number;
  refused: number;
  ages: Map<string, number>;
}

/** A bounded in-process store's size, for its gauges. */
export interface StoreSize {
  entries: number;
  bytes: number;
}

type SizedStore = 'cache' | 'issueFacts';

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

  /** Hits answered since the counter below was last read (`countHit`). */
  private uncountedHits = 0;

  readonly routeCache = new Counter({
    name: 'board_route_cache_total',
    help: 'Answers of cached read routes by result (hit, miss, stale, limited)',
    labelNames: ['result'] as const,
    registers: [this.registry],
    // Hits are added when the counter is read, not one labelled increment per hit.
    collect: () => {
      if (this.uncountedHits === 0) return;
      const hits = this.uncountedHits;
      this.uncountedHits = 0;
      this.routeCache.inc({ result: 'hit' }, hits);
    },
  });

  /** One more hit of the route cache: a plain addition, the hot path's only metric. */
  countHit(): void {
    this.uncountedHits += 1;
  }

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

  readonly fullLoadCalls = new Gauge({
    name: 'board_upstream_full_load_calls',
    help: 'Estimated platform calls of one full load of the organizations read so far (issue lists, commits, conversations)',
    registers: [this.registry],
  });

  readonly fullLoadOverBudget = new Gauge({
    name: 'board_upstream_full_load_over_budget',
    help: '1 when one full load needs more calls than PLATFORM_MAX_CALLS_PER_HOUR: the caches cannot all be filled within an hour',
    registers: [this.registry],
  });

  readonly eventStreams = new Gauge({
    name: 'board_event_streams',
    help: 'Open change streams (GET /api/events) on this replica',
    registers: [this.registry],
  });

  readonly changesPublished = new Counter({
    name: 'board_changes_published_total',
    help: 'Changes the board stored and published on its change stream, by topic',
    labelNames: ['topic'] as const,
    registers: [this.registry],
  });

  readonly issueRefreshReads = new Counter({
    name: 'board_issue_refresh_reads_total',
    help:
      'Repositories whose issues the refresh plan read, by reason: full (first read, resync), ' +
      'moved (the repository record moved), sweep (due check of an unmoved repository)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly backgroundReads = new Counter({
    name: 'board_background_reads_total',
    help:
      'Background reads for enrichments, by enrichment, organization and outcome: asked (queued), ' +
      'done, failed, dropped (the queue was emptied when the budget refused a call, or on shutdown)',
    labelNames: ['enrichment', 'org', 'outcome'] as const,
    registers: [this.registry],
  });

  private budgetSource: (() => Promise<BudgetFigures>) | null = null;

  readonly upstreamCalls = new Gauge({
    name: 'board_upstream_calls_last_hour',
    help: 'Platform calls counted in the last hour against PLATFORM_MAX_CALLS_PER_HOUR (every replica with Redis)',
    registers: [this.registry],
    collect: async () => {
      const figures = await this.budgetFigures();
      if (figures) this.upstreamCalls.set(figures.used);
    },
  });

  readonly upstreamBudgetRemaining = new Gauge({
    name: 'board_upstream_budget_remaining',
    help: 'Platform calls left in the hour, after any lowering by platform 429s',
    registers: [this.registry],
    collect: async () => {
      const figures = await this.budgetFigures();
      if (figures) this.upstreamBudgetRemaining.set(figures.remaining);
    },
  });

  readonly upstreamBudgetLimit = new Gauge({
    name: 'board_upstream_budget_limit',
    help: 'Platform calls allowed per hour now (PLATFORM_MAX_CALLS_PER_HOUR divided by the 429 pressure)',
    registers: [this.registry],
    collect: async () => {
      const figures = await this.budgetFigures();
      if (figures) this.upstreamBudgetLimit.set(figures.effectiveLimit);
    },
  });

  readonly upstreamCallsMade = new Gauge({
    name: 'board_upstream_calls_made',
    help: 'Platform calls this replica made since start, and those its budget refused',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
    collect: async () => {
      const figures = await this.budgetFigures();
      if (!figures) return;
      this.upstreamCallsMade.set({ outcome: 'made' }, figures.made);
      this.upstreamCallsMade.set({ outcome: 'refused' }, figures.refused);
    },
  });

  readonly dataAge = new Gauge({
    name: 'board_data_age_seconds',
    help: 'Age of the oldest platform datum in the latest answer built for each organization',
    labelNames: ['org'] as const,
    registers: [this.registry],
    collect: async () => {
      const figures = await this.budgetFigures();
      if (!figures) return;
      this.dataAge.reset();
      for (const [org, age] of figures.ages) this.dataAge.set({ org }, age);
    },
  });

  private holdsExpired: () => number = () => 0;

  readonly viewerHoldsExpired = new Gauge({
    name: 'board_viewer_holds_expired',
    help:
      "Viewers' holds on background platform calls that ran out their time before the answer " +
      'went out, since start (a slow answer, or one waiting for work its own hold kept back)',
    registers: [this.registry],
    collect: () => {
      this.viewerHoldsExpired.set(this.holdsExpired());
    },
  });

  /** What the size gauges read: the in-process cache and the held issue facts. */
  private readonly sizes: Record<SizedStore, () => StoreSize> = {
    cache: () => ({ entries: 0, bytes: 0 }),
    issueFacts: () => ({ entries: 0, bytes: 0 }),
  };

  readonly cacheEntries = this.sizeGauge(
    'board_cache_entries',
    'Entries in the in-process cache (both layers; bounded by CACHE_MAX_ENTRIES)',
    'cache',
    'entries',
  );

  readonly cacheBytes = this.sizeGauge(
    'board_cache_bytes',
    'Approximate bytes held by the in-process cache (bounded by CACHE_MAX_BYTES)',
    'cache',
    'bytes',
  );

  readonly issueFactsEntries = this.sizeGauge(
    'board_issue_facts_entries',
    'Issues whose conversation facts are held (comments and activities read once per change)',
    'issueFacts',
    'entries',
  );

  readonly issueFactsBytes = this.sizeGauge(
    'board_issue_facts_bytes',
    'Estimated bytes of the held conversation facts (bounded at 64 MB)',
    'issueFacts',
    'bytes',
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'board_' });
  }

  /** Where the budget and data age gauges read their figures. */
  watchBudget(figures: () => Promise<BudgetFigures>): void {
    this.budgetSource = figures;
  }

  private budgetFigures(): Promise<BudgetFigures | null> {
    return this.budgetSource ? this.budgetSource() : Promise.resolve(null);
  }

  /** Where the held-calls gauge reads its count. */
  watchHolds(expired: () => number): void {
    this.holdsExpired = expired;
  }

  /** Where the cache gauges read their figures. */
  watchCache(size: () => StoreSize): void {
    this.sizes.cache = size;
  }

  /** Where the issue facts gauges read their figures. */
  watchIssueFacts(size: () => StoreSize): void {
    this.sizes.issueFacts = size;
  }

  private sizeGauge(name: string, help: string, store: SizedStore, field: keyof StoreSize): Gauge {
    const gauge: Gauge = new Gauge({
      name,
      help,
      registers: [this.registry],
      collect: () => {
        gauge.set(this.sizes[store]()[field]);
      },
    });
    return gauge;
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
