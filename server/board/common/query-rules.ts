import { Transform } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { SLUG_PATTERN } from '@shared/platform/paths';

/**
 * Decorators for the board's input rules (docs/architecture.md#board-api-input), so every
 * route words its 400s the same way and names the parameter.
 */

const toNumberIfInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

export function IsSlugParam(): PropertyDecorator {
  return Matches(SLUG_PATTERN, {
    message:
      '$property must be a slug: letters, digits, ".", "_" or "-", starting with a letter or digit',
  });
}

export function IsPositiveIntParam(max?: number): PropertyDecorator {
  return (target, key) => {
    Transform(toNumberIfInteger)(target, key);
    IsInt({ message: '$property must be a positive integer' })(target, key);
    Min(1, { message: '$property must be a positive integer' })(target, key);
    if (max !== undefined) Max(max, { message: `$property must be at most ${max}` })(target, key);
  };
}

export function IsBooleanParam(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }: { value: unknown }) =>
      value === 'true' ? true : value === 'false' ? false : value,
    )(target, key);
    IsIn([true, false], { message: '$property must be true or false' })(target, key);
  };
}

export function IsDaysParam(): PropertyDecorator {
  return (target, key) => {
    Transform(toNumberIfInteger)(target, key);
    IsIn([7, 30], { message: '$property must be 7 or 30' })(target, key);
  };
}
