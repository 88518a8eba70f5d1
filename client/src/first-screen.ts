/**
 * The first screen's loader (docs/architecture.md, "First visit"). A user page's index
 * answer carries its first screen as HTML and holds the app's code (its module preloads
 * and `main.js`) in a `<template>`, so that code does not compete with the stylesheet and
 * the font the first screen needs. This script, built on its own
 * (`scripts/first-screen-loader.mjs`) and run deferred, starts the app's code once that
 * screen's text is painted.
 */

/** The element the board's index answer draws the first screen in. */
export const FIRST_SCREEN = '.app-shell';
/** The `<template>` holding the app's code until the first screen is painted. */
export const APP_CODE = 'template#app-code';
/**
 * The app's other Roboto weights (its buttons, links and headers), loaded with its code.
 * The stylesheet's faces swap: a face first needed by the app's first render would draw it
 * in the fallback font and then move it when the face arrives (a layout shift: a row of
 * buttons that wraps in one font fits on one line in the other).
 */
export const APP_FONTS = ['500 1em Roboto', '700 1em Roboto'] as const;
/** The first screen's text may wait for its font; past this the app starts anyway. */
export const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Resolves once the first screen's text has been painted: the first largest-contentful
 * paint of text inside it (its image is not enough, the text may still wait for its
 * font). Resolves at once when there is no first screen, when the browser does not report
 * such paints, or when the page is hidden (a hidden page paints nothing), and after
 * `waitMs` in any case.
 */
export function whenFirstScreenPainted(doc: Document, waitMs: number): Promise<void> {
  const shell = doc.querySelector(FIRST_SCREEN);
  const Observer = doc.defaultView?.PerformanceObserver;
  if (
    !shell ||
    !Observer?.supportedEntryTypes?.includes('largest-contentful-paint') ||
    doc.visibilityState === 'hidden'
  ) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = (): void => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new Observer((list) => {
      const painted = (list.getEntries() as LargestContentfulPaint[]).some(
        (entry) => !entry.url && entry.element !== null && shell.contains(entry.element),
      );
      if (painted) done();
    });
    const timer = setTimeout(done, waitMs);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * Puts the app's code from its `<template>` into the document: the module preloads and
 * the module script that a clone of the template's content brings are fetched and run
 * as if they had been in the page from the start. The app's fonts start loading with it.
 */
export function startApp(doc: Document, later: (work: () => void) => void = nextTask): void {
  const template = doc.querySelector<HTMLTemplateElement>(APP_CODE);
  if (!template) return;
  const code = doc.importNode(template.content, true);
  // Inserted scripts run as soon as they arrive unless told otherwise; the polyfills (the
  // locale's data) must run before the app.
  for (const script of code.querySelectorAll('script')) script.async = false;
  template.replaceWith(code);
  // In a task of their own: asking for a face makes the browser match the page's fonts,
  // which on a phone is a long task joined to the one above. The code takes longer to
  // arrive than the fonts do.
  later(() => {
    for (const font of APP_FONTS) {
      // A face that fails to load leaves the fallback font, as it would without this.
      doc.fonts?.load(font).catch(() => undefined);
    }
  });
}

function nextTask(work: () => void): void {
  setTimeout(work);
}
