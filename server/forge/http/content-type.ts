/**
 * Content types of files the forge serves as they are (raw git files, uploads). Markup
 * that a browser would run (HTML, XHTML) is served as plain text: these bytes come from
 * users and must never act as a page of the forge's origin.
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  wasm: 'application/wasm',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
};

/** Headers that keep served user bytes inert: no sniffing, no scripts, no framing. */
export const INERT_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const TEXT = 'text/plain; charset=utf-8';
const BINARY = 'application/octet-stream';

/** The extension of a file name, lower case, or ''. */
function extension(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * The content type of a file: by extension when known, else text when the first bytes
 * hold no NUL (git's own test for binary), else octet-stream. Without a sample (a file
 * too large to look at first) an unknown type is binary.
 */
export function contentTypeFor(name: string, sample?: Buffer): string {
  const known = BY_EXTENSION[extension(name)];
  if (known) return known;
  if (!sample) return BINARY;
  return sample.subarray(0, 8000).includes(0) ? BINARY : TEXT;
}

/** Image extensions accepted by image uploads, with the magic bytes their content must start with. */
const IMAGE_MAGIC: Readonly<Record<string, readonly (readonly number[])[]>> = {
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  gif: [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  webp: [[0x52, 0x49, 0x46, 0x46]],
  bmp: [[0x42, 0x4d]],
};

/** Whether a name has an image extension image uploads accept (SVG is not one: it can carry script). */
export function isImageName(name: string): boolean {
  return extension(name) in IMAGE_MAGIC;
}

/** Whether the first bytes of a file match the image type its name claims. */
export function looksLikeImage(name: string, head: Buffer): boolean {
  const signatures = IMAGE_MAGIC[extension(name)];
  if (!signatures) return false;
  const matches = signatures.some((magic) => magic.every((byte, i) => head[i] === byte));
  // WebP is RIFF....WEBP.
  if (extension(name) === 'webp') return matches && head.toString('latin1', 8, 12) === 'WEBP';
  return matches;
}
