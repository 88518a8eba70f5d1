import { ClassConstructor, plainToInstance, TransformFnParams } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';

/**
 * Helpers to read environment variables into a validated class (the pattern of Nest's
 * configuration docs). Values that cannot be converted are left as they are, so the
 * validator reports them with the variable's name.
 */

export type Environment = Record<string, string | undefined>;

const TRUE = new Set(['true', 'on', '1']);
const FALSE = new Set(['false', 'off', '0']);

/** Blank strings count as unset, so `FOO=` falls back to the default. */
function present(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function toBool({ value }: TransformFnParams): unknown {
  if (!present(value)) return undefined;
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return value;
}

export function toInt({ value }: TransformFnParams): unknown {
  if (!present(value)) return undefined;
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

export function toNumber({ value }: TransformFnParams): unknown {
  if (!present(value)) return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : value;
}

export function toList({ value }: TransformFnParams): unknown {
  if (!present(value)) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function toTrimmed({ value }: TransformFnParams): unknown {
  return present(value) ? value.trim() : undefined;
}

export const BOOLEAN_MESSAGE = '$property must be one of true, false, on, off, 1, 0';

/** A configuration that cannot start; the message lists every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}),
    ...flatten(error.children ?? []),
  ]);
}

/**
 * Build `cls` from `env`, keeping only decorated properties, and validate it.
 * Throws ConfigError listing every problem at once.
 */
export function readEnvironment<T extends object>(cls: ClassConstructor<T>, env: Environment): T {
  const plain = Object.fromEntries(Object.entries(env).filter(([, v]) => present(v)));
  const instance = plainToInstance(cls, plain, { exposeDefaultValues: true });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
  });
  if (errors.length > 0) throw new ConfigError(flatten(errors));
  return instance;
}

/** Build a configuration at start-up; on a ConfigError print every problem and exit 1. */
export function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
