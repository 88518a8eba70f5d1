/** One page of a list: its items, and the total the platform gave (`X-Total-Count`), if any. */
export interface Page<T> {
  items: T[];
  total: number | null;
}

/**
 * Every page of a list, `pageSize` a page, from page 1 until a short page. When the first
 * answer carries a total, the remaining pages are fetched at once (the platform client
 * bounds how many run); without one (the real platform), or when the list grew while it
 * was read, page after page. At most `cap` items; `truncated` when there were more.
 */
export async function readPages<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  pageSize: number,
  cap: number,
): Promise<{ items: T[]; truncated: boolean }> {
  const first = await fetchPage(1);
  // A copy: pages may come from the response cache, which must not change under it.
  const items = [...first.items];
  // A platform that ignores paging sends everything at once; asking for page 2 would repeat it.
  if (items.length !== pageSize) return cut(items, cap, items.length > cap);
  let page = 1;
  let lastFull = true;
  const total = first.total;
  if (total !== null && total > pageSize) {
    const lastPage = Math.ceil(Math.min(total, cap) / pageSize);
    const rest = Array.from({ length: lastPage - 1 }, (_, i) => i + 2);
    const results = await Promise.all(rest.map((p) => fetchPage(p)));
    for (const result of results) items.push(...result.items);
    page = lastPage;
    lastFull = (results.at(-1)?.items.length ?? 0) === pageSize;
    if (total > cap && items.length >= cap) return cut(items, cap, true);
  } else if (total !== null) {
    lastFull = false;
  }
  while (lastFull && items.length < cap) {
    page += 1;
    const next = await fetchPage(page);
    items.push(...next.items);
    lastFull = next.items.length === pageSize;
  }
  return cut(items, cap, items.length > cap || (lastFull && items.length >= cap));
}

function cut<T>(items: T[], cap: number, truncated: boolean): { items: T[]; truncated: boolean } {
  return truncated ? { items: items.slice(0, cap), truncated: true } : { items, truncated: false };
}
