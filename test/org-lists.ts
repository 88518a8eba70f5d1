/**
 * Organization-wide issue and pull lists, with the fallback of docs/architecture.md#the-forge:
 * when the platform answers 404 to `GET /{org}/-/issues` (or `/pulls`), list the org's
 * repositories and merge one list per repository, each item tagged with `repo.path`.
 */
import type { Logger } from '@nestjs/common';
import { PAGE_SIZE_DEFAULT } from '@shared/platform/types';
import {
  PlatformForbiddenError,
  PlatformNotFoundError,
} from '../server/board/platform/platform.errors';

export interface OrgListSource<T> {
  /** The organization-wide list. */
  orgWide: () => Promise<T[]>;
  /** Full names of the organization's repositories. */
  repositories: () => Promise<string[]>;
  /** One repository's list (already filtered by the same query). */
  perRepository: (fullName: string) => Promise<T[]>;
}

export interface OrgListOptions {
  /** `order_by` of the query, re-applied to the merged list. */
  orderBy?: string;
  /** `page`/`page_size` of the query, applied to the merged list. */
  page?: number;
  pageSize?: number;
  maxItems: number;
  logger: Pick<Logger, 'warn'>;
  /** What is being listed, for log lines. */
  label: string;
}

/**
 * The org-wide list, or the merged per-repository lists when the platform lacks it.
 * Repository calls run in parallel; the client's concurrency limit bounds the requests.
 */
export async function listAcrossOrg<T extends { repo?: { path: string } }>(
  source: OrgListSource<T>,
  options: OrgListOptions,
): Promise<T[]> {
  try {
    return await source.orgWide();
  } catch (error) {
    if (!(error instanceof PlatformNotFoundError)) throw error;
  }
  // If the organization itself is missing, this 404s too and the caller sees that.
  const repositories = await source.repositories();
  const lists = await Promise.all(
    repositories.map(async (fullName) => {
      try {
        const items = await source.perRepository(fullName);
        return items.map((item) => ({ ...item, repo: { path: fullName } }));
      } catch (error) {
        // A secret repository refuses token access, or a repository has issues turned off:
        // one such repository must not hide the rest of the organization.
        if (error instanceof PlatformForbiddenError || error instanceof PlatformNotFoundError) {
          options.logger.warn(`${options.label}: skipped ${fullName} (${error.errmsg})`);
          return [];
        }
        throw error;
      }
    }),
  );
  let merged = sortByOrder(lists.flat(), options.orderBy);
  if (options.page !== undefined) {
    // The platform's own paging rules: page below 1 is 1, no size is the default size.
    const page = Math.max(1, options.page);
    const size = options.pageSize ?? PAGE_SIZE_DEFAULT;
    merged = merged.slice((page - 1) * size, page * size);
  }
  if (merged.length > options.maxItems) {
    options.logger.warn(`${options.label}: truncated at ${options.maxItems} items (maxListItems)`);
    merged = merged.slice(0, options.maxItems);
  }
  return merged;
}

/** Sort by `field` ascending or `-field` descending (RFC 3339 strings compare as text). */
export function sortByOrder<T>(items: T[], orderBy: string | undefined): T[] {
  if (!orderBy) return items;
  const descending = orderBy.startsWith('-');
  const field = descending ? orderBy.slice(1) : orderBy;
  const value = (item: T): string => {
    const raw = (item as Record<string, unknown>)[field];
    return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  };
  return [...items].sort((a, b) => {
    const order = value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0;
    return descending ? -order : order;
  });
}
