import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional } from 'class-validator';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@shared/platform/types';

/** A page request after clamping: `limit` rows from `offset`. */
export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/** One page of a list and the total the forge sends as `X-Total-Count`. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Query strings that spell an integer become numbers; anything else stays for the validator to refuse. */
export function toIntegerParam({ value }: TransformFnParams): unknown {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())
    ? Number(value.trim())
    : value;
}

/** `true`/`false`/`1`/`0` query values become booleans; anything else stays for the validator. */
export function toBooleanParam({ value }: TransformFnParams): unknown {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** Query fields every list takes (docs/architecture.md#the-forge). */
export class PageQueryDto {
  @IsOptional()
  @Transform(toIntegerParam)
  @IsInt()
  page?: number;

  @IsOptional()
  @Transform(toIntegerParam)
  @IsInt()
  page_size?: number;
}

/**
 * Clamp as docs/architecture.md#the-forge says: page below 1 is 1; page_size above
 * 100 is 100, below 1 is the default.
 */
export function toPaging(query: PageQueryDto): Paging {
  const page = Math.max(1, query.page ?? 1);
  let pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
  if (pageSize < 1) pageSize = PAGE_SIZE_DEFAULT;
  if (pageSize > PAGE_SIZE_MAX) pageSize = PAGE_SIZE_MAX;
  return { page, pageSize, offset: (page - 1) * pageSize };
}
