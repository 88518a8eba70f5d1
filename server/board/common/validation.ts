import {
  type ArgumentMetadata,
  BadRequestException,
  HttpException,
  ValidationPipe,
  type ValidationPipeOptions,
} from '@nestjs/common';
import { getMetadataStorage, type ValidationError } from 'class-validator';
import type { BoardErrorCode, MessageParams } from '@shared/board/errors';
import { takeValidatedQuery } from './validated-queries';

/**
 * The 400 of a failed validation: Nest's own answer (the same `message` list), with the
 * errors it was made from and where the value came from (`body`, `query`, `param`), so
 * the exception filter can give the answer its code and params.
 */
export class ValidationFailedException extends BadRequestException {
  /** The route argument that failed: `body`, `query`, `param` or `custom`. */
  location: ArgumentMetadata['type'] | null = null;
  /** The class the value was validated against. */
  metatype: ArgumentMetadata['metatype'] | null = null;

  constructor(
    response: object,
    readonly errors: readonly ValidationError[],
  ) {
    super(response);
  }
}

/** Nest's validation pipe, answering a `ValidationFailedException` instead of its plain 400. */
export class BoardValidationPipe extends ValidationPipe {
  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'query') {
      const validated = takeValidatedQuery(value, metadata.metatype);
      if (validated !== undefined) return validated;
    }
    try {
      return (await super.transform(value, metadata)) as unknown;
    } catch (error) {
      if (error instanceof ValidationFailedException) {
        error.location = metadata.type;
        error.metatype = metadata.metatype ?? null;
      }
      throw error;
    }
  }

  override createExceptionFactory(): (errors?: ValidationError[]) => unknown {
    const plain = super.createExceptionFactory();
    return (errors: ValidationError[] = []) => {
      const answer = plain(errors);
      if (!(answer instanceof HttpException) || answer.getStatus() !== 400) return answer;
      const response = answer.getResponse();
      return new ValidationFailedException(
        typeof response === 'object' ? response : { message: response },
        errors,
      );
    };
  }
}

/** A failing field: its path and the names of the rules it broke. */
interface FailedField {
  path: string;
  property: string;
  constraints: string[];
  value: unknown;
  topLevel: boolean;
}

/** class-validator's rule names, as the board names them in `params.rule`. */
const RULES: Record<string, string> = {
  whitelistValidation: 'unknown',
  isIn: 'one_of',
  isInt: 'integer',
  isNumber: 'number',
  isBoolean: 'boolean',
  isString: 'string',
  isArray: 'array',
  isObject: 'format',
  isIso8601: 'date',
  matches: 'pattern',
  min: 'min',
  max: 'max',
  minLength: 'min_length',
  maxLength: 'max_length',
  arrayMaxSize: 'max_items',
};

/** Which broken rule is named when a field breaks several: the kind of value before its bounds. */
const RULE_ORDER = Object.keys(RULES);

/**
 * The code and params of a failed validation: `unknown_query_parameter` for a query
 * parameter the route does not take, else `validation_failed` naming the field(s) and,
 * for the first field, the rule it broke and its bounds or allowed values.
 */
export function describeValidation(exception: ValidationFailedException): {
  code: BoardErrorCode;
  params: MessageParams;
} {
  const fields = failedFields(exception.errors);
  const first = fields[0];
  if (first === undefined) return { code: 'validation_failed', params: {} };
  const paths = [...new Set(fields.map((f) => f.path))];
  const firstRule = [...first.constraints].sort((a, b) => rank(a) - rank(b))[0] as
    string | undefined;
  if (firstRule === 'whitelistValidation' && exception.location === 'query') {
    return { code: 'unknown_query_parameter', params: { field: first.path } };
  }
  const params: MessageParams = {
    field: first.path,
    fields: paths.join(', '),
    count: paths.length,
  };
  if (firstRule !== undefined) {
    Object.assign(params, ruleParams(first, firstRule, exception.metatype));
  }
  return { code: 'validation_failed', params };
}

function rank(constraint: string): number {
  const index = RULE_ORDER.indexOf(constraint);
  return index === -1 ? RULE_ORDER.length : index;
}

/** The rule and its arguments (allowed values, bounds) as params. */
function ruleParams(
  field: FailedField,
  constraint: string,
  metatype: ArgumentMetadata['metatype'] | null,
): MessageParams {
  const rule = RULES[constraint];
  if (rule === undefined) return {};
  if (field.value === undefined && rule !== 'unknown' && rule !== 'format') {
    return { rule: 'required' };
  }
  const args =
    field.topLevel && metatype ? constraintArgs(metatype, field.property, constraint) : [];
  const [first] = args;
  if (rule === 'one_of' && Array.isArray(first)) {
    return { rule, allowed: first.map(String).join(', ') };
  }
  if ((rule === 'min' || rule === 'min_length') && typeof first === 'number') {
    if (rule === 'min' && first === 0) return { rule: 'not_negative', min: 0 };
    if (rule === 'min' && first > 0 && first < 1) return { rule: 'positive' };
    return { rule, min: first };
  }
  if (
    (rule === 'max' || rule === 'max_length' || rule === 'max_items') &&
    typeof first === 'number'
  ) {
    return { rule, max: first };
  }
  return { rule };
}

/** The arguments a rule was declared with on `property` of `metatype` (its allowed values, its bound). */
function constraintArgs(
  metatype: NonNullable<ArgumentMetadata['metatype']>,
  property: string,
  constraint: string,
): unknown[] {
  const metadata = getMetadataStorage()
    .getTargetValidationMetadatas(metatype, '', true, false)
    .find((m) => m.propertyName === property && m.name === constraint);
  return (metadata?.constraints as unknown[] | undefined) ?? [];
}

/** Every field with broken rules, nested ones by their dotted path, in the order found. */
function failedFields(errors: readonly ValidationError[], parent = ''): FailedField[] {
  const found: FailedField[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      found.push({
        path,
        property: error.property,
        constraints: Object.keys(error.constraints),
        value: error.value,
        topLevel: parent === '',
      });
    }
    if (error.children && error.children.length > 0) {
      found.push(...failedFields(error.children, path));
    }
  }
  return found;
}
