/**
 * Holds `published.ts` to the platform's published schema (the extract kept as the
 * conformance fixture), and the board's wire types in `types.ts` to `published.ts`: a
 * definition, property or type that changes on one side and not the other fails here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

type Json = Record<string, unknown>;

const ROOT = path.join(__dirname, '..', '..');
/** The extracts the conformance suites keep: the main one and the build family's. */
const EXTRACT = {
  definitions: Object.assign(
    {},
    ...['cnb-swagger-extract.json', 'cnb-build-extract.json'].map(
      (file) =>
        (
          JSON.parse(fs.readFileSync(path.join(ROOT, 'test/conformance', file), 'utf8')) as {
            definitions: Record<string, Json>;
          }
        ).definitions,
    ),
  ) as Record<string, Json>,
};

/** The TypeScript name of a published definition (`api.UserInfo` → `ApiUserInfo`). */
function tsName(definition: string): string {
  const last = definition.slice(definition.lastIndexOf('.') + 1);
  if (definition.includes('_git_service_bff_api.')) return `Git${last}`;
  if (definition.includes('_vcs_service_bff_api.')) return `Vcs${last}`;
  const [prefix, rest] = [
    definition.slice(0, definition.indexOf('.')),
    definition.slice(definition.indexOf('.') + 1),
  ];
  return prefix.charAt(0).toUpperCase() + prefix.slice(1) + rest;
}

/** Values a description lists as "枚举值：`a`,`b`". */
function described(description: unknown): string[] | null {
  if (typeof description !== 'string' || !description.includes('枚举值')) return null;
  const values = [...description.slice(description.indexOf('枚举值')).matchAll(/`([^`]*)`/g)].map(
    (m) => m[1],
  );
  return values.length > 0 ? values : null;
}

/** The TypeScript type a published schema node stands for, normalised for comparison. */
function expectedType(node: Json, property?: string): string {
  if (typeof node['$ref'] === 'string') return tsName(node['$ref'].split('/').pop() as string);
  if (Array.isArray(node['allOf']))
    return (node['allOf'] as Json[]).map((n) => expectedType(n)).join('&');
  const type = node['type'];
  const values = (node['enum'] as unknown[] | undefined) ?? described(node['description']);
  let out: string;
  if (type === 'array') out = `${expectedType(node['items'] as Json)}[]`;
  else if (values && type === 'string') {
    const emptyToo =
      property === 'priority' ||
      (typeof node['description'] === 'string' ? node['description'] : '').includes('仅当');
    out = union([...values, ...(emptyToo ? [''] : [])].map((v) => JSON.stringify(v)));
  } else if (values && type === 'integer') out = union(values.map(String));
  else if (type === 'string') out = 'string';
  else if (type === 'integer' || type === 'number') out = 'number';
  else if (type === 'boolean') out = 'boolean';
  else if (
    type === 'object' &&
    node['additionalProperties'] &&
    Object.keys(node['additionalProperties']).length > 0
  )
    out = `Record<string,${expectedType(node['additionalProperties'] as Json)}>`;
  else if (type === 'object')
    out = node['properties']
      ? `{${Object.entries(node['properties'] as Record<string, Json>)
          .map(([key, child]) => `${key}:${expectedType(child, key)}`)
          .join(';')}}`
      : 'Record<string,unknown>';
  else out = 'unknown';
  return node['x-nullable'] ? union([out, 'null']) : out;
}

function union(parts: string[]): string {
  return [...parts].sort().join('|');
}

/** A type as written, normalised the same way. */
function written(text: string): string {
  const compact = text.replace(/\s+/g, '').replace(/'/g, '"').replace(/;}/g, '}');
  return compact.includes('|') && !compact.includes('{')
    ? union(compact.split('|').filter((p) => p !== ''))
    : compact;
}

function parse(file: string): ts.SourceFile {
  const full = path.join(ROOT, file);
  return ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
}

describe('published record types', () => {
  const source = parse('shared/platform/published.ts');
  const interfaces = new Map<string, Map<string, string>>();
  const aliases = new Map<string, string>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) {
      const members = new Map<string, string>();
      for (const member of node.members)
        if (ts.isPropertySignature(member) && member.type)
          members.set(member.name.getText(source), written(member.type.getText(source)));
      interfaces.set(node.name.text, members);
    } else if (ts.isTypeAliasDeclaration(node))
      aliases.set(node.name.text, written(node.type.getText(source)));
  });

  it('declares every published definition, property for property, with the published types', () => {
    const problems: string[] = [];
    for (const [definition, schema] of Object.entries(EXTRACT.definitions)) {
      const name = tsName(definition);
      const properties = schema['properties'] as Record<string, Json> | undefined;
      if (!properties) {
        if (!aliases.has(name)) problems.push(`${definition}: no type ${name}`);
        continue;
      }
      const members = interfaces.get(name);
      if (!members) {
        problems.push(`${definition}: no interface ${name}`);
        continue;
      }
      for (const [property, child] of Object.entries(properties)) {
        const actual = members.get(property);
        if (actual === undefined) problems.push(`${name}.${property}: missing`);
        else if (actual !== written(expectedType(child, property)))
          problems.push(
            `${name}.${property}: ${actual}, published ${expectedType(child, property)}`,
          );
      }
      for (const member of members.keys())
        if (!(member in properties)) problems.push(`${name}.${member}: not published`);
    }
    expect(problems).toEqual([]);
  });

  it("picks the board's wire types from the published ones, with only optional forge extensions besides", () => {
    const types = parse('shared/platform/types.ts');
    const problems: string[] = [];
    types.forEachChild((node) => {
      if (!ts.isTypeAliasDeclaration(node) || !ts.isIntersectionTypeNode(node.type)) return;
      for (const part of node.type.types) {
        if (!ts.isTypeLiteralNode(part)) continue;
        const picked = node.type.types.find(
          (other) => ts.isTypeReferenceNode(other) && other.typeName.getText(types) === 'Pick',
        ) as ts.TypeReferenceNode | undefined;
        const from = picked?.typeArguments?.[0].getText(types).replace('Pub.', '');
        const members = from ? interfaces.get(from) : undefined;
        for (const member of part.members) {
          if (!ts.isPropertySignature(member)) continue;
          const key = member.name.getText(types);
          // A field the published record has, narrowed; or a forge extension the board may not rely on.
          if (members?.has(key) || member.questionToken) continue;
          problems.push(`${node.name.text}.${key}: neither published in ${from} nor optional`);
        }
      }
    });
    expect(problems).toEqual([]);
  });
});
