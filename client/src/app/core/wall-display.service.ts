import { DOCUMENT, DestroyRef, Injectable, inject, signal } from '@angular/core';
import { NavigationEnd, PRIMARY_OUTLET, Router } from '@angular/router';
import { filter } from 'rxjs';

/** The query parameter that turns a page into a wall display: `?wall=1`. */
export const WALL_PARAM = 'wall';
/** The pages with a wall display, by router path. */
export const WALL_PAGES: ReadonlySet<string> = new Set(['/', '/tasks']);
/** Without mouse movement for this long, the wall hides the pointer. */
export const CURSOR_IDLE_MS = 5_000;

/** Classes on `<html>`: the wall's look (global stylesheet), and its hidden pointer. */
export const WALL_CLASS = 'npc-wall';
export const IDLE_CLASS = 'npc-wall-idle';

/**
 * Wall display mode (`?wall=1` on the dashboard and the task board), for a screen on a
 * wall that nobody touches for days: the global stylesheet turns dark and larger with
 * `html.npc-wall`, the top bar shows a clock, and the pointer hides after a few seconds
 * without movement. The mode follows the address, so a reload or a shared link keeps it.
 * One listener and one timer while on, none while off.
 */
@Injectable({ providedIn: 'root' })
export class WallDisplayService {
  private readonly router = inject(Router);
  private readonly html = inject(DOCUMENT).documentElement;
  private readonly on = signal(false);
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** True while the page in view is a wall display. */
  readonly active = this.on.asReadonly();

  constructor() {
    const navigations = this.router.events
      .pipe(filter((event) => event instanceof NavigationEnd))
      .subscribe(() => this.follow(this.router.url));
    this.follow(this.router.url);
    inject(DestroyRef).onDestroy(() => {
      navigations.unsubscribe();
      this.set(false);
    });
  }

  /** The page's query parameters with wall display turned on or off, to merge into its URL. */
  toggled(): Record<string, string | null> {
    return { [WALL_PARAM]: this.on() ? null : '1' };
  }

  private follow(url: string): void {
    const tree = this.router.parseUrl(url);
    const segments = tree.root.children[PRIMARY_OUTLET]?.segments ?? [];
    const path = '/' + segments.map((segment) => segment.path).join('/');
    this.set(WALL_PAGES.has(path) && tree.queryParams[WALL_PARAM] === '1');
  }

  private set(wall: boolean): void {
    if (wall === this.on()) return;
    // The class first: whatever reads the theme once the signal changes (the charts) reads
    // the wall's colours.
    this.html.classList.toggle(WALL_CLASS, wall);
    if (wall) {
      this.html.addEventListener('mousemove', this.moved, { passive: true });
      this.moved();
    } else {
      this.html.removeEventListener('mousemove', this.moved);
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      this.html.classList.remove(IDLE_CLASS);
    }
    this.on.set(wall);
  }

  /** Shows the pointer, and hides it again after a few seconds without movement. */
  private readonly moved = (): void => {
    this.html.classList.remove(IDLE_CLASS);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.html.classList.add(IDLE_CLASS);
    }, CURSOR_IDLE_MS);
  };
}
