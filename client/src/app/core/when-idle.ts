/**
 * Runs `work` once the browser is idle: soon after the first screen is drawn, without
 * lengthening the tasks that draw it (a phone's main thread is the first load's budget).
 */
export function whenIdle(work: () => void): void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    globalThis.requestIdleCallback(work, { timeout: 2_000 });
  } else {
    setTimeout(work, 200);
  }
}
