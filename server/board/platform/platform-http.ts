/**
 * The one way the board talks HTTP to the platform: bearer auth, JSON, a per-attempt
 * timeout, a concurrency limit, retries (axios-retry drives the loop; the rules are in
 * retry-policy.ts), typed errors, paged lists, and redacted logs.
 */
import { AsyncResource } from 'node:async_hooks';
import { HttpService } from '@nestjs/axios';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import axiosRetry from 'axios-retry';
import { PAGE_SIZE_MAX } from '@shared/platform/types';
import { ConcurrencyLimiter } from './concurrency-limiter';
import { fixed, type PlatformRoute } from './platform-params';
import {
  PLATFORM_OPTIONS,
  type PlatformClientOptions,
  type ResolvedPlatformOptions,
  resolvePlatformOptions,
} from './platform.options';
import { PlatformUpstreamError } from './platform.errors';
import { toPlatformError } from './platform-failures';
import { type Page, readPages } from './platform-lists';
import { redact } from './platform-redact';
import {
  flatHeaders,
  type ListOptions,
  type PlatformList,
  type PlatformRequest,
  type PlatformResponse,
  toBuffer,
  toQueryString,
  urlPath,
} from './platform-request';
import { retryDelay } from './retry-policy';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Route template of the call, for the onResponse hook. */
    platformRoute?: string;
  }
}

/** Page size the client asks for: the platform's maximum, to make the fewest calls. */
export const LIST_PAGE_SIZE = PAGE_SIZE_MAX;

@Injectable()
export class PlatformHttp {
  readonly options: ResolvedPlatformOptions;
  private readonly logger = new Logger(PlatformHttp.name);
  private readonly limiter: ConcurrencyLimiter;
  private readonly axios: AxiosInstance;
  /** Delay chosen by the retry condition, read back in onRetry (both get the same error). */
  private readonly plannedDelays = new WeakMap<object, number>();

  /**
   * In the board, Nest's `HttpModule` (@nestjs/axios) provides the axios instance, so the
   * platform's HTTP service is an injectable like any other; standalone (the forge
   * harness, unit tests), the client makes its own.
   */
  constructor(
    @Inject(PLATFORM_OPTIONS) options: PlatformClientOptions,
    @Optional() http?: HttpService,
  ) {
    this.options = resolvePlatformOptions(options);
    this.limiter = new ConcurrencyLimiter(
      this.options.concurrency,
      this.options.backgroundConcurrency,
    );
    const transport = axios.getAdapter('http');
    this.axios = http?.axiosRef ?? axios.create();
    const defaults = this.axios.defaults;
    defaults.baseURL = this.options.baseUrl.replace(/\/+$/, '');
    defaults.timeout = this.options.timeoutMs;
    defaults.headers.common['Accept'] = 'application/json';
    // Report our timeout as ETIMEDOUT rather than the ambiguous ECONNABORTED.
    defaults.transitional = { ...defaults.transitional, clarifyTimeoutError: true };
    // Each attempt, retries included, takes a slot; waiting between retries does not.
    // The budget is asked inside the slot, right before the request leaves.
    defaults.adapter = (config: InternalAxiosRequestConfig) => {
      const lane = this.options.lane;
      const now = lane?.() ?? 'viewer';
      return this.limiter.run(
        async () => {
          await this.options.admit?.();
          return this.timed(transport, config);
        },
        now,
        config.url,
        // A queued background call reads its lane again, in its own context, when a
        // viewer starts waiting for its work (`recheckLanes`).
        now === 'background' && lane ? AsyncResource.bind(lane) : undefined,
      );
    };
    axiosRetry(this.axios, {
      retries: this.options.retries,
      // The timeout bounds each attempt; retries are few and timeouts are not retried.
      shouldResetTimeout: true,
      retryCondition: (error) => this.planRetry(error),
      // axios-retry would sleep with its own setTimeout; the injectable sleep in onRetry does it instead.
      retryDelay: () => 0,
      onRetry: (retryCount, error) => this.waitBeforeRetry(retryCount, error),
    });
  }

  /**
   * Hold background calls back while a viewer's request is answered (start-up and sync
   * work yields to it); call the returned function when the answer has gone out.
   */
  holdBackground(): () => void {
    return this.limiter.holdBackground();
  }

  /**
   * A viewer now waits for background work (`UpstreamBudget.boost`): its calls already
   * queued in the background lane go on as the viewer's.
   */
  recheckLanes(): void {
    this.limiter.recheck();
  }

  /** Viewers' holds that ran out their time (`ConcurrencyLimiter.holdsExpired`). */
  get holdsExpired(): number {
    return this.limiter.holdsExpired;
  }

  /** Whether background calls are held back now. */
  get holdingBackground(): boolean {
    return this.limiter.holdingBackground;
  }

  /** Redact credentials (patterns and the configured token) from any text. */
  redact(text: string): string {
    return redact(text, [this.options.token]);
  }

  /**
   * Make one call (with retries) and map any failure to a typed platform error. JSON GETs
   * go through the response cache when one is configured.
   */
  async request<T>(req: PlatformRequest): Promise<PlatformResponse<T>> {
    const cache = this.options.cache;
    if (
      !cache ||
      req.fresh ||
      req.method !== 'GET' ||
      req.responseType === 'buffer' ||
      req.auth === false
    ) {
      return this.send<T>(req);
    }
    const { path } = typeof req.at === 'string' ? fixed(req.at) : req.at;
    const queryString = toQueryString(req.query);
    // A viewer may be about to share a read that background work has queued: it goes first.
    if ((this.options.lane?.() ?? 'viewer') === 'viewer') this.limiter.promote(path + queryString);
    return cache.cachedGet(path, queryString, async () => {
      const response = await this.send<T>(req);
      // Of the headers, paging is all a cached answer needs.
      return {
        status: response.status,
        headers: { 'x-total-count': response.headers['x-total-count'] },
        data: response.data,
      };
    });
  }

  private async send<T>(req: PlatformRequest): Promise<PlatformResponse<T>> {
    const { path, route } = typeof req.at === 'string' ? fixed(req.at) : req.at;
    const where = { method: req.method, path: urlPath(path) };
    const headers: Record<string, string> = {};
    if (req.auth !== false && this.options.token)
      headers['Authorization'] = `Bearer ${this.options.token}`;
    if (req.responseType === 'buffer') headers['Accept'] = '*/*';
    let data: unknown;
    if (req.bytes !== undefined) {
      data = req.bytes;
      headers['Content-Type'] = req.contentType ?? 'application/octet-stream';
    } else if (req.json !== undefined) {
      data = JSON.stringify(req.json);
      headers['Content-Type'] = 'application/json';
    }
    try {
      const response = await this.axios.request<T>({
        method: req.method,
        url: path + toQueryString(req.query),
        headers,
        data,
        responseType: req.responseType === 'buffer' ? 'arraybuffer' : 'json',
        platformRoute: route,
      });
      const body = req.responseType === 'buffer' ? (toBuffer(response.data) as T) : response.data;
      return { status: response.status, headers: flatHeaders(response.headers), data: body };
    } catch (error) {
      throw toPlatformError(error, where, (text) => this.redact(text), this.options.timeoutMs);
    }
  }

  /** GET a JSON body. */
  async get<T>(at: PlatformRoute | string, query?: object): Promise<T> {
    return (await this.request<T>({ method: 'GET', at, query })).data;
  }

  /** POST a JSON body and return the JSON answer. */
  async post<T>(at: PlatformRoute | string, json: unknown, query?: object): Promise<T> {
    return (await this.request<T>({ method: 'POST', at, json, query })).data;
  }

  /** PATCH a JSON body and return the JSON answer. */
  async patch<T>(at: PlatformRoute | string, json: unknown): Promise<T> {
    return (await this.request<T>({ method: 'PATCH', at, json })).data;
  }

  /** PUT a JSON body and return the JSON answer. */
  async put<T>(at: PlatformRoute | string, json: unknown): Promise<T> {
    return (await this.request<T>({ method: 'PUT', at, json })).data;
  }

  /** DELETE, with an optional JSON body (assignees); the answer is ignored. */
  async delete(at: PlatformRoute | string, json?: unknown): Promise<void> {
    await this.request<unknown>({ method: 'DELETE', at, json });
  }

  /** GET raw bytes. */
  async getBuffer(at: PlatformRoute | string, query?: object): Promise<Buffer> {
    return (await this.request<Buffer>({ method: 'GET', at, query, responseType: 'buffer' })).data;
  }

  /** Every item of a paged list, up to `maxListItems` (see `getListResult`). */
  async getList<T>(
    at: PlatformRoute | string,
    query: object = {},
    options: ListOptions = {},
  ): Promise<T[]> {
    return (await this.getListResult<T>(at, query, options)).items;
  }

  /**
   * Every item of a list, paged (`readPages`), stopping at `maxListItems` with a warning.
   * With `page` in the query, that one page only.
   */
  async getListResult<T>(
    at: PlatformRoute | string,
    query: object = {},
    options: ListOptions = {},
  ): Promise<PlatformList<T>> {
    const target = typeof at === 'string' ? fixed(at) : at;
    const base: Record<string, unknown> = { ...query };
    if (base['page'] !== undefined) {
      const one = await this.fetchPage<T>(target, { page_size: LIST_PAGE_SIZE, ...base }, options);
      return { items: one.items, truncated: false };
    }
    delete base['page_size'];
    const cap = this.options.maxListItems;
    const list = await readPages(
      (page) => this.fetchPage<T>(target, { ...base, page, page_size: LIST_PAGE_SIZE }, options),
      LIST_PAGE_SIZE,
      cap,
    );
    if (list.truncated)
      this.logger.warn(
        this.redact(`List GET ${urlPath(target.path)} truncated at ${cap} items (maxListItems)`),
      );
    return list;
  }

  private async fetchPage<T>(
    at: PlatformRoute,
    query: object,
    options: ListOptions,
  ): Promise<Page<T>> {
    const response = await this.request<unknown>({ method: 'GET', at, query, ...options });
    if (!Array.isArray(response.data)) {
      throw new PlatformUpstreamError({
        method: 'GET',
        path: urlPath(at.path),
        status: response.status,
        errcode: null,
        errmsg: 'expected a JSON array',
      });
    }
    const total = Number(response.headers['x-total-count']);
    return {
      items: response.data as T[],
      total: Number.isInteger(total) && total >= 0 ? total : null,
    };
  }

  /** One HTTP attempt, reported to the onResponse hook whatever its outcome. */
  private async timed(transport: AxiosAdapter, config: InternalAxiosRequestConfig) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await transport(config);
      status = response.status;
      return response;
    } catch (error) {
      status = axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0;
      throw error;
    } finally {
      this.report(config, status, performance.now() - started);
    }
  }

  private report(config: InternalAxiosRequestConfig, status: number, durationMs: number): void {
    if (!this.options.onResponse) return;
    const method = (config.method ?? 'GET').toUpperCase();
    try {
      this.options.onResponse({
        method,
        route: config.platformRoute ?? urlPath(config.url ?? ''),
        status,
        durationMs,
      });
    } catch (error) {
      // Metrics must never break a platform call.
      this.logger.warn(
        `onResponse hook failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private planRetry(error: AxiosError): boolean {
    const delay = retryDelay(error, this.options);
    if (delay === null) return false;
    this.plannedDelays.set(error, delay);
    return true;
  }

  private async waitBeforeRetry(retryCount: number, error: AxiosError): Promise<void> {
    const delay = this.plannedDelays.get(error) ?? 0;
    const method = (error.config?.method ?? 'GET').toUpperCase();
    const why = error.response ? `HTTP ${error.response.status}` : (error.code ?? 'network error');
    this.logger.warn(
      this.redact(
        `Retrying ${method} ${urlPath(error.config?.url ?? '')} after ${why} ` +
          `(retry ${retryCount}/${this.options.retries} in ${delay} ms)`,
      ),
    );
    await this.options.sleep(delay);
  }
}
