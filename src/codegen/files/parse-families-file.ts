import { checkOptions, checkString } from '../../errors/check-argument.js';
import { MetadataError } from '../../errors/metadata-error.js';
import { BUILTIN_CODEC_NAMES } from '../../codecs/value/codecs.js';
import { loadDocument } from '../../codecs/load-document.js';
import { KEY_PART_TYPES } from '../../metadata/key-part-types.js';
import { familyNameProblem, tableIdProblem } from '../../metadata/bigtable-names.js';
import type { MetadataProblem } from '../../errors/metadata-error.js';
import type { AggregateKind, GcRule } from '../../model/family-spec.js';
import type {
  FamiliesFile,
  FileCodec,
  FileColumn,
  FileFamily,
  FileInt64Cell,
  FileKeyHint,
  FileLint,
  FileQualifier,
} from './families-file-types.js';

/**
 * Options of {@link parseFamiliesFile}.
 *
 * @example
 * ```ts
 * parseFamiliesFile('{"table": "t", "entity": "T", "families": {}}', { format: 'json' });
 * ```
 */
export interface ParseFamiliesFileOptions {
  /** Default `auto`: JSON when the text starts with `{`, else YAML. */
  readonly format?: 'yaml' | 'json' | 'auto';
}

const ENTITY = 'families file';
const CLASS_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const BUILTIN: readonly string[] = BUILTIN_CODEC_NAMES;
const KEY_TYPES: readonly string[] = KEY_PART_TYPES;
const UNIT_MS: Readonly<Record<string, number>> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** A node that failed its check; parsing goes on elsewhere so that one error lists every problem. */
class Skip {}
const SKIP = new Skip();

class Reader {
  readonly problems: MetadataProblem[] = [];

  fail(path: string, message: string): Skip {
    this.problems.push({ entity: ENTITY, property: path || '(root)', message });
    return SKIP;
  }

  /** The mapping's entries; unknown keys are problems. */
  mapping(value: unknown, path: string, allowed: readonly string[]): Map<string, unknown> | Skip {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.fail(path, `expected a mapping, got ${JSON.stringify(value) ?? String(value)}`);
    const out = new Map<string, unknown>();
    for (const [k, v] of Object.entries(value)) {
      if (allowed.includes(k)) out.set(k, v);
      else this.fail(at(path, k), `unknown key; expected one of ${allowed.join(', ')}`);
    }
    return out;
  }

  string(value: unknown, path: string): string | Skip {
    return typeof value === 'string' && value !== ''
      ? value
      : this.fail(path, `expected a non-empty string, got ${JSON.stringify(value)}`);
  }

  optionalFlag(value: unknown, path: string): boolean | undefined {
    if (value === undefined || typeof value === 'boolean') return value;
    this.fail(path, `expected true or false, got ${JSON.stringify(value)}`);
    return undefined;
  }

  positiveInt(value: unknown, path: string): number | Skip {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
      ? value
      : this.fail(path, `expected a positive integer, got ${JSON.stringify(value)}`);
  }

  list(value: unknown, path: string): unknown[] {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    this.fail(path, 'expected a list');
    return [];
  }
}

function at(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

function ok<T>(value: T | Skip): value is T {
  return !(value instanceof Skip);
}

function parseQualifier(r: Reader, value: unknown, path: string): FileQualifier | undefined | Skip {
  if (value === undefined || typeof value === 'string') return value;
  const m = r.mapping(value, path, ['base64']);
  if (!ok(m)) return m;
  const b = m.get('base64');
  if (typeof b !== 'string' || b.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b))
    return r.fail(at(path, 'base64'), `expected base64 text, got ${JSON.stringify(b)}`);
  return { base64: b };
}

function parseCodec(r: Reader, value: unknown, path: string): FileCodec | Skip {
  if (value === undefined)
    return r.fail(path, `a codec is required: one of ${BUILTIN.join(', ')}, { protobuf }, { custom }`);
  if (typeof value === 'string') {
    return BUILTIN.includes(value)
      ? (value as FileCodec)
      : r.fail(
          path,
          `unknown codec ${JSON.stringify(value)}; expected one of ${BUILTIN.join(', ')}, { protobuf }, { custom }`,
        );
  }
  if (typeof value === 'object' && value !== null && 'custom' in value) {
    const m = r.mapping(value, path, ['custom']);
    if (!ok(m)) return m;
    const name = r.string(m.get('custom'), at(path, 'custom'));
    return ok(name) ? { custom: name } : name;
  }
  const m = r.mapping(value, path, ['protobuf', 'file', 'output']);
  if (!ok(m)) return m;
  const type = r.string(m.get('protobuf'), at(path, 'protobuf'));
  const file = m.has('file') ? r.string(m.get('file'), at(path, 'file')) : undefined;
  const output = m.get('output');
  if (output !== undefined && output !== 'object' && output !== 'message')
    return r.fail(at(path, 'output'), `expected object or message, got ${JSON.stringify(output)}`);
  if (!ok(type) || (file !== undefined && !ok(file))) return SKIP;
  return {
    protobuf: type,
    ...(file === undefined ? {} : { file }),
    ...(output === undefined ? {} : { output }),
  };
}

function parseDuration(r: Reader, value: unknown, path: string): number | Skip {
  if (typeof value === 'number') return r.positiveInt(value, path);
  const match = typeof value === 'string' ? /^(\d+)(d|h|m|s|ms)$/.exec(value) : null;
  if (!match)
    return r.fail(path, `expected a duration such as 30d, 12h, 5m, 10s, 250ms, got ${JSON.stringify(value)}`);
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  return ms > 0 ? ms : r.fail(path, 'expected a positive duration');
}

function parseGc(r: Reader, value: unknown, path: string): GcRule | Skip {
  const m = r.mapping(value, path, ['maxVersions', 'maxAge', 'union', 'intersection']);
  if (!ok(m)) return m;
  if (m.size !== 1) return r.fail(path, 'expected exactly one of maxVersions, maxAge, union, intersection');
  const [kind, inner] = [...m][0]!;
  const here = at(path, kind);
  if (kind === 'maxVersions') {
    const n = r.positiveInt(inner, here);
    return ok(n) ? { maxVersions: n } : n;
  }
  if (kind === 'maxAge') {
    const ms = parseDuration(r, inner, here);
    return ok(ms) ? { maxAgeMillis: ms } : ms;
  }
  const rules = r.list(inner, here).map((rule, i) => parseGc(r, rule, at(here, i)));
  if (!rules.every(ok)) return SKIP;
  if (rules.length < 2) return r.fail(here, 'expected at least two rules');
  return kind === 'union' ? { union: rules } : { intersection: rules };
}

function parseColumn(r: Reader, value: unknown, path: string): FileColumn | Skip {
  const m = r.mapping(value, path, ['property', 'qualifier', 'codec', 'optional', 'nullable', 'versioned']);
  if (!ok(m)) return m;
  const property = r.string(m.get('property'), at(path, 'property'));
  const qualifier = parseQualifier(r, m.get('qualifier'), at(path, 'qualifier'));
  const codec = parseCodec(r, m.get('codec'), at(path, 'codec'));
  const flags = (['optional', 'nullable', 'versioned'] as const).flatMap((k) => {
    const flag = r.optionalFlag(m.get(k), at(path, k));
    return flag === undefined ? [] : [[k, flag] as const];
  });
  if (!ok(property) || !ok(qualifier) || !ok(codec)) return SKIP;
  return { property, ...(qualifier === undefined ? {} : { qualifier }), codec, ...Object.fromEntries(flags) };
}

function parseInt64Cell(r: Reader, value: unknown, path: string, versioned: boolean): FileInt64Cell | Skip {
  const keys = ['property', 'qualifier', 'as', ...(versioned ? ['versioned'] : [])];
  const m = r.mapping(value, path, keys);
  if (!ok(m)) return m;
  const property = r.string(m.get('property'), at(path, 'property'));
  const qualifier = parseQualifier(r, m.get('qualifier'), at(path, 'qualifier'));
  const as = m.get('as');
  if (as !== undefined && as !== 'bigint' && as !== 'number')
    r.fail(at(path, 'as'), `expected bigint or number, got ${JSON.stringify(as)}`);
  const flag = r.optionalFlag(m.get('versioned'), at(path, 'versioned'));
  if (!ok(property) || !ok(qualifier)) return SKIP;
  return {
    property,
    ...(qualifier === undefined ? {} : { qualifier }),
    ...(as === 'bigint' || as === 'number' ? { as } : {}),
    ...(flag === undefined ? {} : { versioned: flag }),
  };
}

function parseFamily(r: Reader, name: string, value: unknown, path: string): FileFamily | Skip {
  const keys = ['gc', 'aggregate', 'columns', 'counters', 'aggregates', 'version', 'map', 'set'];
  const m = r.mapping(value ?? {}, path, keys);
  if (!ok(m)) return m;
  const out: Record<string, unknown> = { name };
  let bad = false;
  const keep = <T>(key: string, v: T | Skip): void => {
    if (ok(v)) out[key] = v;
    else bad = true;
  };
  if (m.has('gc')) keep('gc', parseGc(r, m.get('gc'), at(path, 'gc')));
  if (m.has('aggregate')) {
    const a = m.get('aggregate');
    keep(
      'aggregate',
      ['sum', 'min', 'max', 'hll'].includes(a as string)
        ? (a as AggregateKind)
        : r.fail(at(path, 'aggregate'), `expected sum, min, max or hll, got ${JSON.stringify(a)}`),
    );
  }
  const lists = [
    ['columns', (v: unknown, p: string) => parseColumn(r, v, p)],
    ['counters', (v: unknown, p: string) => parseInt64Cell(r, v, p, false)],
    ['aggregates', (v: unknown, p: string) => parseInt64Cell(r, v, p, true)],
  ] as const;
  for (const [key, parse] of lists) {
    if (!m.has(key)) continue;
    const items = r.list(m.get(key), at(path, key)).map((v, i) => parse(v, at(at(path, key), i)));
    keep(key, items.every(ok) ? items : SKIP);
  }
  if (m.has('version')) keep('version', parseInt64Cell(r, m.get('version'), at(path, 'version'), false));
  for (const kind of ['map', 'set'] as const) {
    if (!m.has(kind)) continue;
    const here = at(path, kind);
    const mm = r.mapping(
      m.get(kind),
      here,
      kind === 'map' ? ['property', 'key', 'value', 'cells'] : ['property', 'key'],
    );
    if (!ok(mm)) {
      bad = true;
      continue;
    }
    const property = r.string(mm.get('property'), at(here, 'property'));
    const key = parseCodec(r, mm.get('key'), at(here, 'key'));
    const v = kind === 'map' ? parseCodec(r, mm.get('value'), at(here, 'value')) : undefined;
    const cells = mm.get('cells');
    if (cells !== undefined && cells !== 'counter' && cells !== 'aggregate') {
      r.fail(at(here, 'cells'), `expected counter or aggregate, got ${JSON.stringify(cells)}`);
      bad = true;
    } else if (!ok(property) || !ok(key) || (v !== undefined && !ok(v))) bad = true;
    else
      out[kind] = {
        property,
        key,
        ...(v === undefined ? {} : { value: v }),
        ...(cells === undefined ? {} : { cells }),
      };
  }
  const stores = ['columns', 'counters', 'aggregates', 'version'].filter((k) => m.has(k));
  if ((m.has('map') || m.has('set')) && stores.length > 0)
    return r.fail(path, `a map or set owns its family; it cannot also hold ${stores.join(', ')}`);
  if (m.has('map') && m.has('set')) return r.fail(path, 'a family holds one map or one set, not both');
  return bad ? SKIP : (out as unknown as FileFamily);
}

function parseKeyHint(r: Reader, value: unknown, path: string): FileKeyHint | Skip {
  if (typeof value === 'object' && value !== null && 'literal' in value) {
    const m = r.mapping(value, path, ['literal']);
    if (!ok(m)) return m;
    const q = parseQualifier(r, m.get('literal'), at(path, 'literal'));
    if (q === undefined) return r.fail(at(path, 'literal'), 'expected the literal text or { base64 }');
    return ok(q) ? { literal: q } : q;
  }
  if (typeof value === 'object' && value !== null && 'salt' in value) {
    const m = r.mapping(value, path, ['salt']);
    if (!ok(m)) return m;
    const s = r.mapping(m.get('salt'), at(path, 'salt'), ['buckets', 'of']);
    if (!ok(s)) return s;
    const buckets = r.positiveInt(s.get('buckets'), at(path, 'salt.buckets'));
    const of = r
      .list(s.get('of'), at(path, 'salt.of'))
      .map((v, i) => r.string(v, at(at(path, 'salt.of'), i)));
    if (!ok(buckets) || !of.every(ok)) return SKIP;
    return { salt: { buckets, of } };
  }
  const m = r.mapping(value, path, ['type', 'width', 'encoding', 'as', 'unit']);
  if (!ok(m)) return m;
  const type = m.get('type');
  if (!KEY_TYPES.includes(type as string))
    return r.fail(at(path, 'type'), `expected one of ${KEY_TYPES.join(', ')}, got ${JSON.stringify(type)}`);
  const hint: Record<string, unknown> = { type };
  const choices: Record<string, readonly string[]> = {
    encoding: ['orderedCode', 'bigEndian'],
    as: ['bigint', 'number', 'date', 'micros'],
    unit: ['millis', 'micros'],
  };
  for (const [key, allowed] of Object.entries(choices)) {
    const v = m.get(key);
    if (v === undefined) continue;
    if (!allowed.includes(v as string))
      return r.fail(at(path, key), `expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
    hint[key] = v;
  }
  if (m.has('width')) {
    const w = r.positiveInt(m.get('width'), at(path, 'width'));
    if (!ok(w)) return w;
    hint['width'] = w;
  }
  return hint as FileKeyHint;
}

function parseLint(r: Reader, value: unknown): FileLint | Skip {
  const m = r.mapping(value, 'lint', ['allow', 'maxBytes']);
  if (!ok(m)) return m;
  const allow: Record<string, string> = {};
  const maxBytes: Record<string, number> = {};
  if (m.has('allow')) {
    const rules = r.mapping(m.get('allow'), 'lint.allow', Object.keys(Object(m.get('allow'))));
    // An empty reason is kept: lint reports it (lint-silence-without-reason), as for entity silences.
    if (ok(rules))
      for (const [rule, reason] of rules) {
        if (typeof reason === 'string') allow[rule] = reason;
        else r.fail(at('lint.allow', rule), `expected the reason as text, got ${JSON.stringify(reason)}`);
      }
  }
  if (m.has('maxBytes')) {
    const bounds = r.mapping(m.get('maxBytes'), 'lint.maxBytes', Object.keys(Object(m.get('maxBytes'))));
    if (ok(bounds))
      for (const [property, bound] of bounds) {
        const n = r.positiveInt(bound, at('lint.maxBytes', property));
        if (ok(n)) maxBytes[property] = n;
      }
  }
  return {
    ...(m.has('allow') ? { allow } : {}),
    ...(m.has('maxBytes') ? { maxBytes } : {}),
  };
}

/** What the file can get wrong beyond its shape: family names, aggregate placement, a property declared twice. */
function checkFamilies(r: Reader, families: readonly FileFamily[]): void {
  const seen = new Map<string, string>();
  for (const family of families) {
    const path = at('families', family.name);
    const nameProblem = familyNameProblem(family.name);
    if (nameProblem) r.fail(path, nameProblem);
    const isAggregate = family.aggregate !== undefined;
    if (
      isAggregate &&
      (family.columns?.length ||
        family.counters?.length ||
        family.version ||
        (family.map && family.map.cells !== 'aggregate') ||
        family.set)
    )
      r.fail(path, `an aggregate family (${family.aggregate}) holds aggregates (or an aggregate map) only`);
    if (!isAggregate && family.map?.cells === 'aggregate')
      r.fail(at(path, 'map'), 'an aggregate map needs an aggregate family (aggregate: sum, min, max or hll)');
    if (!isAggregate && family.aggregates?.length)
      r.fail(
        at(path, 'aggregates'),
        'aggregates need an aggregate family: add aggregate: sum | min | max | hll',
      );
    const properties = [
      ...(family.columns ?? []),
      ...(family.counters ?? []),
      ...(family.aggregates ?? []),
      ...(family.version ? [family.version] : []),
      ...(family.map ? [family.map] : []),
      ...(family.set ? [family.set] : []),
    ].map((f) => f.property);
    for (const property of properties) {
      const first = seen.get(property);
      if (first !== undefined) r.fail(path, `property ${property} is already declared in family ${first}`);
      else seen.set(property, family.name);
    }
  }
}

/** `parent` (a class name) and `literal` (text or { base64 }, only with a parent). */
function parseHierarchy(r: Reader, top: Map<string, unknown>): { parent?: string; literal?: FileQualifier } {
  const out: { parent?: string; literal?: FileQualifier } = {};
  if (top.has('parent')) {
    const parent = r.string(top.get('parent'), 'parent');
    if (ok(parent) && !CLASS_NAME.test(parent))
      r.fail('parent', `expected the class name of the parent entity, got ${JSON.stringify(parent)}`);
    else if (ok(parent)) out.parent = parent;
  }
  if (top.has('literal')) {
    const literal = parseQualifier(r, top.get('literal'), 'literal');
    if (!top.has('parent'))
      r.fail('literal', 'literal is the constant after a parent key; give parent too (or use a key hint)');
    else if (literal === '' || literal === undefined)
      r.fail('literal', 'expected the literal text or { base64 }');
    else if (ok(literal)) out.literal = literal;
  }
  return out;
}

/**
 * Reads a families/columns file (YAML or JSON, see docs/codegen.md): `table`, `entity`, for a child entity
 * `parent` and `literal`, optional `key` hints by
 * row-key schema field name, `families` by name, each with `gc` / `aggregate` and its columns, counters,
 * aggregates, version, or one `map` / `set`, and an optional `lint` section (`allow` with reasons, `maxBytes`). Every problem is collected and thrown as one {@link MetadataError}
 * whose problems name their path, e.g. `families file.families.d.columns[2].codec: unknown codec "int32"`.
 *
 * @example
 * ```ts
 * const file = parseFamiliesFile(`
 * table: telemetry
 * entity: DeviceDay
 * families:
 *   stats_summary:
 *     gc: { maxVersions: 1 }
 *     columns:
 *       - { property: osBuild, qualifier: os_build, codec: string }
 * `);
 * file.families[0]?.columns?.[0]?.codec; // 'string'
 * ```
 */
export function parseFamiliesFile(text: string, options: ParseFamiliesFileOptions = {}): FamiliesFile {
  checkString({ api: 'parseFamiliesFile', argument: 'text' }, text, 'a string');
  checkOptions({ api: 'parseFamiliesFile', argument: 'options' }, options);
  const document = loadDocument(text, options.format ?? 'auto', (format, error) => {
    throw new MetadataError(
      [{ entity: ENTITY, message: `not valid ${format}: ${(error as Error).message}` }],
      error,
    );
  });
  const r = new Reader();
  const top = r.mapping(document, '', ['table', 'entity', 'parent', 'literal', 'key', 'families', 'lint']);
  if (!ok(top)) throw new MetadataError(r.problems);
  const table = r.string(top.get('table'), 'table');
  const entity = r.string(top.get('entity'), 'entity');
  if (ok(entity) && !CLASS_NAME.test(entity)) r.fail('entity', 'expected a class name');
  const hierarchy = parseHierarchy(r, top);
  const key: Record<string, FileKeyHint> = {};
  if (top.has('key')) {
    const hints = r.mapping(top.get('key'), 'key', Object.keys(Object(top.get('key'))));
    if (ok(hints))
      for (const [name, hint] of hints) {
        const parsed = parseKeyHint(r, hint, at('key', name));
        if (ok(parsed)) key[name] = parsed;
      }
  }
  const families: FileFamily[] = [];
  const fams = r.mapping(top.get('families'), 'families', Object.keys(Object(top.get('families'))));
  if (ok(fams))
    for (const [name, body] of fams) {
      const parsed = parseFamily(r, name, body, at('families', name));
      if (ok(parsed)) families.push(parsed);
    }
  if (ok(table)) {
    const problem = tableIdProblem(table);
    if (problem) r.fail('table', problem);
  }
  checkFamilies(r, families);
  const lint = top.has('lint') ? parseLint(r, top.get('lint')) : undefined;
  if (r.problems.length > 0 || !ok(table) || !ok(entity)) throw new MetadataError(r.problems);
  return { table, entity, ...hierarchy, key, families, ...(lint && ok(lint) ? { lint } : {}) };
}
