import { Signal, computed } from '@angular/core';
import { rxResource } from '@angular/core/rxjs-interop';
import { Observable, startWith, tap } from 'rxjs';

import { RemoteState, asApiError } from './remote-state';

/** What the resource holds from the start of a load until its first answer. */
const LOADING = Symbol('loading');

/** One piece of remote data a page shows, loaded with `remoteResource`. */
export interface RemoteResource<T> {
  /** Loading, the last good answer and the error, as the templates read them. */
  readonly state: Signal<RemoteState<T>>;
  /** Load again with the same parameters (the Retry button). */
  reload(): void;
}

/**
 * The app's one way to load remote data (docs/app.md#the-app), on Angular's
 * `rxResource`: whenever `params()` changes (filters, the top bar's refresh, a live update),
 * `load` runs again and a newer load cancels the one in flight. While loading, the last
 * good answer stays visible so the page does not flash; a failure drops it, since data for
 * other parameters would mislead next to an error about these. An observable that answers
 * more than once (an answer's pending enrichments followed up) updates the state each time.
 * `undefined` params mean "nothing to load yet". Call in an injection context.
 *
 * The resource is answered at once with a placeholder, so a load is not pending work until
 * its first answer as a resource's would be: its requests already are (HttpClient), and
 * specs that answer requests by hand turn that off, so `whenStable()` does not wait for
 * answers they have yet to give.
 */
export function remoteResource<P, T>(
  params: () => P | undefined,
  load: (params: P) => Observable<T>,
): RemoteResource<T> {
  // The last good answer, whenever it came: the resource forgets it as soon as new
  // parameters arrive, and the page may not have looked in between.
  let lastGood: T | null = null;
  const resource = rxResource({
    params,
    stream: ({ params }) =>
      load(params).pipe(
        tap({
          next: (value) => (lastGood = value),
          error: () => (lastGood = null),
        }),
        startWith(LOADING),
      ),
  });
  const state = computed((): RemoteState<T> => {
    const status = resource.status();
    if (status === 'error') {
      return { loading: false, data: null, error: asApiError(resource.error()) };
    }
    const value = resource.hasValue() ? resource.value() : LOADING;
    if ((status === 'resolved' || status === 'local') && value !== LOADING) {
      return { loading: false, data: value, error: null };
    }
    // idle, loading, reloading, no answer yet: the last good answer stays until the new one.
    return { loading: true, data: lastGood, error: null };
  });
  return { state, reload: () => void resource.reload() };
}
