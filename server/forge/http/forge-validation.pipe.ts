import {
  ArgumentMetadata,
  Injectable,
  PipeTransform,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { InvalidError } from '../../common/errors';

function messages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const field = `${prefix}${error.property}`;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? `${prefix}${text}` : `${field}: ${text}`,
    );
    return [...own, ...messages(error.children ?? [], `${field}.`)];
  });
}

function invalid(errors: ValidationError[]): InvalidError {
  const all = messages(errors);
  return new InvalidError(all.join('; ') || 'Invalid input', {
    field: errors[0]?.property ?? null,
  });
}

/**
 * A body's fields without their `null` members, in nested objects too: Go clients send
 * `null` for an unset pointer field, which the platform reads as "not given". Array
 * members stay, so `[null]` is still refused by the field's own rule.
 */
export function withoutNulls(body: object): object {
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [
        key,
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? withoutNulls(value)
          : value,
      ]),
  );
}

/**
 * Validation for every route, with messages that name the field. Bodies must be JSON
 * objects; a `null` field counts as not given (see `withoutNulls`). Fields a route does
 * not know are dropped, as the platform ignores them
 * (clients generated from a newer schema send fields an older server lacks). Query
 * strings likewise may carry fields a route does not know (clients share filters
 * across endpoints), which are dropped.
 */
@Injectable()
export class ForgeValidationPipe implements PipeTransform {
  private readonly body = new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: invalid,
  });
  private readonly query = new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: invalid,
  });

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new InvalidError('body must be a JSON object', { field: 'body' });
      }
      return this.body.transform(withoutNulls(value), metadata);
    }
    // One named query value (`@Query('ref')`) is handed over as sent; routes check it themselves.
    if (metadata.type === 'query' && metadata.data) return value;
    if (metadata.type === 'query') return this.query.transform(value ?? {}, metadata);
    return value;
  }
}
