import { DOCUMENT, ErrorHandler, Injectable, InjectionToken, inject } from '@angular/core';

/** Reloads the page; a token so tests can observe it instead of reloading jsdom. */
export const RELOAD_PAGE = new InjectionToken<() => void>('RELOAD_PAGE', {
  providedIn: 'root',
  factory: () => {
    const location = inject(DOCUMENT).location;
    return () => location.reload();
  },
});

const RELOAD_MARK = 'npc-board.chunk-reload-at';
/** A second chunk failure within this window is a real outage, not a redeploy: no loop. */
const RELOAD_WINDOW_MS = 30_000;

// Wording of a failed dynamic import in Chromium, Firefox and Safari, plus webpack's name.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i;

/** True when the error says a lazy chunk could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_FAILURE.test(text);
}

/**
 * After a redeploy, an open tab still asks for the old lazy chunks, which are gone.
 * Reloading once fetches the new index and its chunks; anything else is only logged.
 */
@Injectable()
export class AppErrorHandler implements ErrorHandler {
  private readonly reload = inject(RELOAD_PAGE);
  private readonly window = inject(DOCUMENT).defaultView;

  handleError(error: unknown): void {
    if (isChunkLoadError(error) && this.mayReload()) {
      this.reload();
      return;
    }
    console.error(error);
  }

  // Without a place to remember the last reload, reloading could loop: then only log.
  private mayReload(): boolean {
    try {
      const storage = this.window?.sessionStorage;
      if (!storage) {
        return false;
      }
      const now = Date.now();
      if (now - Number(storage.getItem(RELOAD_MARK) ?? 0) < RELOAD_WINDOW_MS) {
        return false;
      }
      storage.setItem(RELOAD_MARK, String(now));
      return true;
    } catch {
      return false;
    }
  }
}
