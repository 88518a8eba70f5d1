/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped (use `ESCAPE '\\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
