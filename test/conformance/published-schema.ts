/**
 * The platform's published schema (an extract of its Swagger 2.0 file, kept beside this
 * file) turned into JSON Schema for ajv, with the rules of the conformance check:
 * every published property is required, extra properties are allowed, and a value set
 * stated in a property's description is enforced like an enum.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import * as fs from 'node:fs';
import * as path from 'node:path';

type Json = Record<string, unknown>;

export interface SwaggerParameter {
  name: string;
  in: 'path' | 'query';
  type?: string;
  required?: boolean;
  default?: unknown;
  enum?: unknown[];
}

export interface SwaggerOperation {
  operationId: string;
  produces?: string[];
  parameters?: SwaggerParameter[];
  responses: Record<string, { schema?: Json }>;
}

export interface Swagger {
  paths: Record<string, Record<string, SwaggerOperation>>;
  definitions: Record<string, Json>;
}

/** The extracts kept beside this file: the main one, and the build family's. */
export const EXTRACT_FILES = ['cnb-swagger-extract.json', 'cnb-build-extract.json'] as const;

/** The fixture: the published extracts, as one schema. */
export const SWAGGER: Swagger = EXTRACT_FILES.map(
  (file) => JSON.parse(fs.readFileSync(path.join(__dirname, file), 'utf8')) as Swagger,
).reduce((all, extract) => ({
  paths: { ...all.paths, ...extract.paths },
  definitions: { ...all.definitions, ...extract.definitions },
}));

/** One published GET operation. */
export interface PublishedOperation {
  path: string;
  operation: SwaggerOperation;
  /** The success status it publishes (200, 204 or 302), or 200 when it publishes none. */
  status: number;
  /** The published 200 schema, if any. */
  schema: Json | undefined;
}

export function publishedOperations(swagger: Swagger = SWAGGER): PublishedOperation[] {
  const out: PublishedOperation[] = [];
  for (const [route, methods] of Object.entries(swagger.paths)) {
    const operation = methods['get'];
    if (!operation) continue;
    const codes = Object.keys(operation.responses);
    const status = codes.includes('200')
      ? 200
      : codes.includes('204')
        ? 204
        : codes.includes('302')
          ? 302
          : 200;
    out.push({ path: route, operation, status, schema: operation.responses['200']?.schema });
  }
  return out;
}

/** Values a description lists as "枚举值：`a`,`b`" (the published way of stating a value set). */
export function describedValues(description: unknown): string[] | null {
  if (typeof description !== 'string') return null;
  const at = description.indexOf('枚举值');
  if (at < 0) return null;
  const values = [...description.slice(at).matchAll(/`([^`]*)`/g)].map((match) => match[1]);
  return values.length > 0 ? values : null;
}

/** One Swagger schema node as JSON Schema under the conformance rules (formats are left descriptive). */
function convert(node: Json, propertyName?: string): Json {
  if (typeof node['$ref'] === 'string') return { $ref: node['$ref'] };
  if (Array.isArray(node['allOf']))
    return { allOf: (node['allOf'] as Json[]).map((n) => convert(n)) };
  const out: Json = {};
  const type = node['type'];
  if (type !== undefined) out['type'] = node['x-nullable'] ? [type, 'null'] : type;
  if (node['items']) out['items'] = convert(node['items'] as Json);
  const enumValues =
    (node['enum'] as unknown[] | undefined) ?? describedValues(node['description']);
  if (enumValues) {
    // An unset priority is the empty string, as is a blocking reason when nothing blocks
    // (the value set lists reasons only), and a value the description says holds only
    // for some content type ("仅当…") where it does not apply.
    const conditional =
      typeof node['description'] === 'string' && node['description'].includes('仅当');
    const emptyAllowed =
      propertyName === 'priority' || propertyName === 'blocked_on' || conditional;
    const values = emptyAllowed ? [...enumValues, ''] : enumValues;
    out['enum'] = node['x-nullable'] ? [...values, null] : values;
  }
  // A map (`pipelinesStatus`): each value as its schema says.
  const values = node['additionalProperties'] as Json | undefined;
  if (values && Object.keys(values).length > 0) out['additionalProperties'] = convert(values);
  const properties = node['properties'] as Record<string, Json> | undefined;
  if (properties) {
    out['type'] = 'object';
    out['properties'] = Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [name, convert(child, name)]),
    );
    out['required'] = Object.keys(properties);
  }
  return out;
}

/** Every definition converted; `flags.Repo` is a comma-joined set of its members. */
export function convertedDefinitions(swagger: Swagger = SWAGGER): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, definition] of Object.entries(swagger.definitions)) {
    if (name === 'flags.Repo') {
      const members = (definition['enum'] as string[]).join('|');
      out[name] = { type: 'string', pattern: `^(|(${members})(,(${members}))*)$` };
    } else out[name] = convert(definition);
  }
  return out;
}

/** Validators per response schema, sharing one ajv instance. */
export class ResponseValidator {
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly definitions = convertedDefinitions();
  private readonly cache = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv.addSchema({ definitions: this.definitions }, 'swagger');
  }

  /** Validate a body against a published response schema. */
  validate(
    schema: Json,
    body: unknown,
  ): { ok: boolean; errors: { keyword: string; at: string; message: string }[] } {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(convert(schema)) as Json);
      this.cache.set(key, validate);
    }
    const ok = validate(body);
    return {
      ok,
      errors: (validate.errors ?? []).map((error) => ({
        keyword: error.keyword,
        at: error.instancePath,
        message: `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
      })),
    };
  }

  /** Published properties expected and present in a body, walking every nested record. */
  count(schema: Json, body: unknown): { present: number; expected: number } {
    const tally = { present: 0, expected: 0 };
    this.walk(schema, body, tally, 0);
    return tally;
  }

  private walk(
    node: Json,
    value: unknown,
    tally: { present: number; expected: number },
    depth: number,
  ): void {
    if (depth > 20 || value === null || value === undefined) return;
    const resolved = this.resolve(node);
    if (Array.isArray(value)) {
      const items = resolved['items'] as Json | undefined;
      if (items) for (const item of value) this.walk(items, item, tally, depth + 1);
      return;
    }
    const values = resolved['additionalProperties'] as Json | undefined;
    if (values && Object.keys(values).length > 0 && typeof value === 'object') {
      for (const member of Object.values(value as Json))
        this.walk(values, member, tally, depth + 1);
      return;
    }
    const properties = resolved['properties'] as Record<string, Json> | undefined;
    if (!properties || typeof value !== 'object') return;
    for (const [name, child] of Object.entries(properties)) {
      tally.expected += 1;
      if (Object.prototype.hasOwnProperty.call(value, name)) {
        tally.present += 1;
        this.walk(child, (value as Json)[name], tally, depth + 1);
      }
    }
  }

  private resolve(node: Json): Json {
    if (typeof node['$ref'] === 'string') {
      return this.resolve(this.definitions[node['$ref'].split('/').pop() as string]);
    }
    if (Array.isArray(node['allOf']) && (node['allOf'] as Json[]).length === 1) {
      return this.resolve((node['allOf'] as Json[])[0]);
    }
    return node['properties'] || node['items'] ? node : convert(node);
  }
}

/** Point local `#/definitions/…` references at the shared definitions document. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string'
          ? value.replace(/^#/, 'swagger#')
          : rebase(value),
      ]),
    );
  }
  return node;
}
