/**
 * Published operations the forge does not answer as published yet. Each runs as a
 * test expected to fail; once an operation conforms, its test fails until it is taken
 * off this list.
 */
export const KNOWN_GAPS: ReadonlySet<string> = new Set<string>([]);

/** Published write operations (`METHOD path`) the forge does not answer as published yet. */
export const KNOWN_WRITE_GAPS: ReadonlySet<string> = new Set<string>([]);
