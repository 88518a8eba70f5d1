import { DestroyRef, Injectable, type Signal, computed, inject, signal } from '@angular/core';

import { APP_LOCALE } from './locale';
import { whenIdle } from './when-idle';

/** Where the viewer's choice is kept between visits. */
export const TIME_ZONE_STORAGE_KEY = 'npcBoard.timeZone';

/** Show times in the viewer's own zone, or every time in UTC. */
export type TimeZoneChoice = 'local' | 'utc';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be refused (privacy settings); the choice then lasts for the visit.
    return null;
  }
}

function storedChoice(): TimeZoneChoice {
  return storage()?.getItem(TIME_ZONE_STORAGE_KEY) === 'utc' ? 'utc' : 'local';
}

// One choice for the whole app, outside any injector, so the plain formatting functions
// (ui/format.ts) read it too and every time on every page follows the switch.
const choice = signal<TimeZoneChoice>(storedChoice());

/**
 * The zone times are shown in: `'UTC'`, or undefined for the viewer's own. A signal read,
 * so a computed or template that formats a time is redone when the choice changes.
 */
export function displayTimeZone(): 'UTC' | undefined {
  return choice() === 'utc' ? 'UTC' : undefined;
}

/**
 * The viewer's time zone as a person reads it, in the app's language and as `Intl` names
 * it: "Central European Time" / 中欧时间 for `Europe/Berlin`, "China Standard Time" /
 * 中国标准时间 for `Asia/Shanghai` (the generic name, else the long one where the generic
 * is only an offset); UTC as UTC. Looked up once a page: naming a zone loads time zone
 * data a phone takes tens of milliseconds over.
 */
export function viewerTimeZone(): string {
  return (namedZone ??= nameViewerZone(new Date()));
}

let namedZone: string | undefined;

function nameViewerZone(now: Date): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // UTC itself reads as UTC in both languages, not as "Coordinated Universal Time".
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const named = (style: 'longGeneric' | 'long'): string | undefined => {
    try {
      return new Intl.DateTimeFormat(APP_LOCALE, { timeZone: zone, timeZoneName: style })
        .formatToParts(now)
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const generic = named('longGeneric');
  const name = generic && !/^(GMT|UTC)[+-−]/.test(generic) ? generic : named('long');
  return name || $localize`:@@core.timeZone.local:local time`;
}

/**
 * The top bar's switch between local times and UTC, kept in `localStorage`. Windows and
 * day boundaries of figures are UTC whichever is chosen; only how times read changes.
 */
@Injectable({ providedIn: 'root' })
export class TimeZoneService {
  readonly choice = choice.asReadonly();
  readonly utc = computed(() => choice() === 'utc');
  private readonly zone = signal<string | null>(null);
  /**
   * The viewer's zone by name (`viewerTimeZone`); null until the browser is first idle, so
   * that the first screen does not wait for the lookup (only hints and the wall clock show
   * it; `nameZone` looks it up at once).
   */
  readonly viewerZone: Signal<string | null> = this.zone.asReadonly();

  constructor() {
    choice.set(storedChoice());
    whenIdle(() => this.nameZone());
    // Another tab flipping the switch flips it here too.
    const onStorage = (event: StorageEvent): void => {
      if (event.key === TIME_ZONE_STORAGE_KEY) choice.set(storedChoice());
    };
    globalThis.addEventListener?.('storage', onStorage);
    inject(DestroyRef).onDestroy(() => globalThis.removeEventListener?.('storage', onStorage));
  }

  set(next: TimeZoneChoice): void {
    choice.set(next);
    try {
      storage()?.setItem(TIME_ZONE_STORAGE_KEY, next);
    } catch {
      // Not kept, but shown for this visit.
    }
  }

  toggle(): void {
    this.set(choice() === 'utc' ? 'local' : 'utc');
  }

  /** Looks the viewer's zone name up now, if it is not known yet. */
  nameZone(): void {
    if (this.zone() === null) this.zone.set(viewerTimeZone());
  }
}
