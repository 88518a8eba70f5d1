import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Issue descriptions come from the platform, written by anyone, and the dispatch form
 * previews what will become one: Markdown is rendered with marked, then everything that
 * could run or fetch is removed with DOMPurify (docs/architecture.md, "Security"). No
 * script, event handler or `javascript:` URL survives; images are kept only when they come
 * from the platform itself (the one image origin the CSP allows, so others would fail
 * anyway, noisily) and always carry an `alt` (empty when the author gave none); links open
 * in a new tab without a referrer.
 */

const markdown = new Marked({ gfm: true, breaks: false, async: false });

// A dedicated instance: hooks added here do not leak into other users of DOMPurify.
const purifier = DOMPurify(window);

const PURIFY_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset'],
};

/** The platform origin of the sanitising call in progress (sanitising is synchronous). */
let platformBase: URL | null = null;

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof Element && node.tagName === 'A' && node.hasAttribute('href')) {
    const href = resolveOnPlatform(node.getAttribute('href') ?? '', /* sameOriginOnly */ false);
    if (href) {
      node.setAttribute('href', href);
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      node.removeAttribute('href');
    }
  }
  if (node instanceof Element && node.tagName === 'IMG') {
    const src = resolveOnPlatform(node.getAttribute('src') ?? '', true);
    if (src) {
      node.setAttribute('src', src);
      // An image without alt is read out by its file name; empty marks it decorative.
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    } else {
      // Text in its place: it fetches nothing and says an image was left out.
      const alt = node.getAttribute('alt');
      const text = alt
        ? $localize`:@@ui.markdown.imageNotShownAlt:[image not shown: ${alt}:alt:]`
        : $localize`:@@ui.markdown.imageNotShown:[image not shown]`;
      node.replaceWith(node.ownerDocument.createTextNode(text));
    }
  }
});

/**
 * An absolute http(s) URL for a link or image, resolving root-relative paths against the
 * platform; null for anything else (other schemes, paths relative to who knows what, and
 * for images, other origins).
 */
function resolveOnPlatform(raw: string, sameOriginOnly: boolean): string | null {
  const value = raw.trim();
  if (value.startsWith('#')) return sameOriginOnly ? null : value;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (!absolute && !value.startsWith('/')) return null;
  if (!absolute && value.startsWith('//')) return null;
  let url: URL;
  try {
    url = absolute ? new URL(value) : new URL(value, platformBase ?? undefined);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return !sameOriginOnly && url.protocol === 'mailto:' ? url.href : null;
  }
  if (sameOriginOnly && url.origin !== platformBase?.origin) return null;
  return url.href;
}

/**
 * Sanitised HTML for an issue description; `platformUrl` is the platform's web URL
 * (`api/meta`), against which root-relative links and images resolve.
 */
export function renderMarkdown(source: string, platformUrl: string): string {
  let base: URL | null = null;
  try {
    base = platformUrl ? new URL(platformUrl) : null;
  } catch {
    base = null;
  }
  const html = markdown.parse(source ?? '') as string;
  platformBase = base;
  try {
    return purifier.sanitize(html, PURIFY_CONFIG);
  } finally {
    platformBase = null;
  }
}
