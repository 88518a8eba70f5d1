/** Deepest nesting of objects and arrays a JSON request body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects or arrays deeper than `max`, found by one pass over the
 * text before it is parsed: a hostile body a million levels deep is refused cheaply
 * instead of exhausting the parser or the validator's recursion.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}
