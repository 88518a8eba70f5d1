import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { SLUG_PATTERN } from '@shared/platform/paths';

/**
 * Decorators for the board's input rules (docs/rules.md#board-api-input), so every
 * route words its 400s the same way and names the parameter. Each also documents its
 * rule in the OpenAPI document (type, pattern, bounds, values), which is what clients and
 * the fuzz suite read.
 */

const toNumberIfInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

/** A text field with its surrounding blanks removed (`@Transform(trimText)`). */
export const trimText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** `<org>/<repo>`, each a slug. */
export const FULL_NAME_PATTERN =
  /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The parameter may be left out (documented as optional). */
export function OptionalParam(): PropertyDecorator {
  return applyDecorators(IsOptional(), ApiPropertyOptional());
}

/**
 * A body field that may be left out but is never null: unlike `IsOptional`, which lets
 * `null` through unchecked, a `null` is validated like any other value and refused.
 */
export function OptionalField(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

export function IsSlugParam(): PropertyDecorator {
  return applyDecorators(
    Matches(SLUG_PATTERN, {
      message:
        '$property must be a slug: letters, digits, ".", "_" or "-", starting with a letter or digit',
    }),
    ApiProperty({ type: String, pattern: SLUG_PATTERN.source }),
  );
}

export function IsFullNameParam(): PropertyDecorator {
  return applyDecorators(
    Matches(FULL_NAME_PATTERN, { message: '$property must be <org>/<repo>, each a slug' }),
    ApiProperty({ type: String, pattern: FULL_NAME_PATTERN.source, example: 'acme/web' }),
  );
}

/** The largest number a positive integer parameter takes unless a route sets less (int32). */
export const POSITIVE_INT_MAX = 2_147_483_647;

export function IsPositiveIntParam(max = POSITIVE_INT_MAX): PropertyDecorator {
  return applyDecorators(
    Transform(toNumberIfInteger),
    IsInt({ message: '$property must be a positive integer' }),
    Min(1, { message: '$property must be a positive integer' }),
    Max(max, { message: `$property must be at most ${max}` }),
    ApiProperty({ type: 'integer', minimum: 1, maximum: max }),
  );
}

export function IsBooleanParam(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      value === 'true' ? true : value === 'false' ? false : value,
    ),
    IsIn([true, false], { message: '$property must be true or false' }),
    ApiProperty({ type: Boolean }),
  );
}

export function IsDaysParam(): PropertyDecorator {
  return applyDecorators(
    Transform(toNumberIfInteger),
    IsIn([7, 30], { message: '$property must be 7 or 30' }),
    ApiProperty({ type: 'integer', enum: [7, 30] }),
  );
}

/** One of `values`, named in the message as "a, b or c". */
export function IsOneOfParam(values: readonly string[]): PropertyDecorator {
  const listed = `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
  return applyDecorators(
    IsIn(values, { message: `$property must be ${listed}` }),
    ApiProperty({ type: String, enum: [...values] }),
  );
}
