import { DOCUMENT, DestroyRef, Injectable, computed, inject, signal } from '@angular/core';

import { WallDisplayService } from '../../core/wall-display.service';
import { ChartTheme, DARK_SERIES, DEFAULT_CHART_THEME, LIGHT_SERIES } from './chart-theme';

/**
 * The chart colours of the current colour scheme, read from the Material theme's CSS
 * variables and updated when the system switches between light and dark, and when a wall
 * display (always dark) starts or ends.
 */
@Injectable({ providedIn: 'root' })
export class ChartThemeService {
  private readonly document = inject(DOCUMENT);
  /** Bumped when the system's colour scheme or motion preference changes. */
  private readonly schemeChanges = signal(0);
  private readonly media = this.watchMedia();
  private readonly wall = inject(WallDisplayService).active;

  /**
   * Read when a chart is built, not when a page is created: reading the variables forces
   * the browser to compute the page's styles, which a page's first render should not pay
   * for a chart further down.
   */
  readonly theme = computed<ChartTheme>(() => {
    this.schemeChanges();
    const wall = this.wall();
    const media = this.media;
    return media
      ? this.read(wall || media.dark.matches, media.motion.matches)
      : DEFAULT_CHART_THEME;
  });

  private watchMedia(): { dark: MediaQueryList; motion: MediaQueryList } | null {
    const view = this.document.defaultView;
    if (!view?.matchMedia) return null;
    const dark = view.matchMedia('(prefers-color-scheme: dark)');
    const motion = view.matchMedia('(prefers-reduced-motion: reduce)');
    const changed = (): void => this.schemeChanges.update((n) => n + 1);
    dark.addEventListener('change', changed);
    motion.addEventListener('change', changed);
    inject(DestroyRef).onDestroy(() => {
      dark.removeEventListener('change', changed);
      motion.removeEventListener('change', changed);
    });
    return { dark, motion };
  }

  private read(dark: boolean, reducedMotion: boolean): ChartTheme {
    return {
      text: this.resolve('--mat-sys-on-surface-variant', DEFAULT_CHART_THEME.text),
      grid: this.resolve('--mat-sys-outline-variant', DEFAULT_CHART_THEME.grid),
      alert: this.resolve('--mat-sys-error', DEFAULT_CHART_THEME.alert),
      series: dark ? DARK_SERIES : LIGHT_SERIES,
      font: DEFAULT_CHART_THEME.font,
      reducedMotion,
    };
  }

  // The theme's variables hold `light-dark(…, …)`, which canvas cannot parse; a probe
  // element's computed colour is the resolved rgb() for the current scheme.
  private resolve(variable: string, fallback: string): string {
    const view = this.document.defaultView;
    const body = this.document.body;
    if (!view || !body) return fallback;
    const probe = this.document.createElement('span');
    probe.style.color = `var(${variable})`;
    probe.style.display = 'none';
    body.appendChild(probe);
    const color = view.getComputedStyle(probe).color;
    probe.remove();
    return color || fallback;
  }
}
