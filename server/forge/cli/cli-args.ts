/** Positional words and `--flag [value]` options of one command line. */
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/** Split `user add bob --npc --email b@x` into words and flags; `--x=y` works too. */
export function parseArgs(args: readonly string[], valueFlags: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) flags.set(name, inline);
    else if (valueFlags.includes(name) && i + 1 < args.length) flags.set(name, args[++i]);
    else flags.set(name, true);
  }
  return { positional, flags };
}

/** A flag's string value, or undefined. */
export function flagValue(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}
