import { LocationStrategy } from '@angular/common';
import { Directive, ElementRef, computed, inject, input } from '@angular/core';
import { Params, Router } from '@angular/router';

/**
 * Whether a click on a link is the app's to follow: the main button with no modifier, on a
 * link that opens in the same tab. Any other click (a new tab, a download, a context menu)
 * is the browser's, as for any link.
 */
export function isPlainClick(event: MouseEvent, link?: HTMLAnchorElement): boolean {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
    return false;
  }
  return !link?.target || link.target === '_self';
}

/**
 * The address of an app page as the router writes it: the absolute path, then the query
 * parameters in the router's encoding (`null` and `undefined` values left out, an array
 * as one parameter per value). Equal to `router.serializeUrl(router.createUrlTree([path],
 * { queryParams }))` for an absolute path (app-link.spec.ts holds it to that), at a
 * fraction of the cost: a table's links are written hundreds at a time.
 */
export function appUrl(path: string, query: Params | null = null): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const one of Array.isArray(value) ? (value as unknown[]) : [value]) {
      pairs.push(`${encodeQuery(name)}=${encodeQuery(String(one))}`);
    }
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** The router's encoding of a query name or value (its `encodeUriQuery`). */
function encodeQuery(text: string): string {
  return encodeURIComponent(text)
    .replace(/%40/g, '@')
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%3B/gi, ';');
}

/**
 * A link to a page of the app by its absolute path, with optional query parameters:
 * `<a npcLink="/tasks" [query]="{ org: row.slug }">`. Its `href` is the address the router
 * would show (`appUrl`, under `<base href>`), and a plain click navigates in the app;
 * other clicks are the browser's.
 *
 * The app's own instead of the router's `RouterLink` for the links that tables and cards
 * repeat: `RouterLink` keeps a dozen signals per link and recomputes every link's address
 * on every navigation, which on a phone was a noticeable part of a page's first render
 * (docs/app.md#the-app). Links relative to the current address, or that keep its
 * query (`queryParamsHandling`), stay `RouterLink`s.
 */
@Directive({
  selector: 'a[npcLink]',
  host: { '[attr.href]': 'href()', '(click)': 'follow($event)' },
})
export class AppLink {
  /** The page's absolute path, such as `/tasks`. */
  readonly npcLink = input.required<string>();
  /** Query parameters; `null` and `undefined` values are left out, as by the router. */
  readonly query = input<Params | null>(null);

  private readonly router = inject(Router);
  private readonly location = inject(LocationStrategy);
  private readonly element = inject<ElementRef<HTMLAnchorElement>>(ElementRef);

  private readonly url = computed(() => appUrl(this.npcLink(), this.query()));
  protected readonly href = computed(() => this.location.prepareExternalUrl(this.url()));

  protected follow(event: MouseEvent): boolean {
    if (!isPlainClick(event, this.element.nativeElement)) return true;
    event.preventDefault();
    void this.router.navigateByUrl(this.url());
    return false;
  }
}
