import { checkObject, checkOptions } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import type {
  FieldKind,
  RowKeySchema,
  RowKeySchemaCodecOptions,
  RowKeySchemaField,
} from './row-key-schema-types.js';

const EMPTY = new Uint8Array(0);

/** How one field is encoded. */
export interface FieldPlan {
  readonly name: string;
  readonly kind: FieldKind;
  readonly int64: 'bigEndian' | 'orderedCode';
}

/**
 * A row key schema checked once by {@link planRowKeySchema}: what its encode, decode and range functions share.
 *
 * @example
 * ```ts
 * const plan: SchemaPlan = planRowKeySchema(schema, { entity: 'Device' });
 * ```
 */
export interface SchemaPlan {
  readonly entity: string;
  readonly timestamps: 'micros' | 'date';
  readonly plans: readonly FieldPlan[];
  readonly structEncoding: 'singleton' | 'delimited' | 'orderedCode';
  readonly delimiter: Uint8Array;
  readonly count: number;
}

/**
 * A KeyEncodingError naming the entity, the field (or part of the schema), the value and the limit.
 *
 * @example
 * ```ts
 * throw fail('Device', 'id', value, 'a string');
 * ```
 */
export function fail(
  entity: string,
  field: string | undefined,
  value: unknown,
  limit: string,
): KeyEncodingError {
  return new KeyEncodingError({ entity, field, value, limit });
}

function onlyKey(object: unknown, allowed: readonly string[], entity: string, where: string): string {
  if (typeof object !== 'object' || object === null) throw fail(entity, where, object, `an object`);
  const keys = Object.keys(object).filter((k) => (object as Record<string, unknown>)[k] !== undefined);
  if (keys.length !== 1 || !allowed.includes(keys[0]!)) {
    throw fail(
      entity,
      where,
      object,
      `exactly one of ${allowed.join(', ')} (found ${keys.join(', ') || 'none'})`,
    );
  }
  return keys[0]!;
}

function planInt64(encoding: unknown, entity: string, where: string): 'bigEndian' | 'orderedCode' {
  const key = onlyKey(encoding, ['bigEndianBytes', 'orderedCodeBytes'], entity, where);
  return key === 'bigEndianBytes' ? 'bigEndian' : 'orderedCode';
}

function planField(field: RowKeySchemaField, index: number, entity: string): FieldPlan {
  const name = field.fieldName === undefined || field.fieldName === '' ? `#${index}` : field.fieldName;
  const type = field.type as unknown as Record<string, { encoding?: Record<string, unknown> } | undefined>;
  const kind = onlyKey(type, ['stringType', 'bytesType', 'int64Type', 'timestampType'], entity, name);
  const encoding = type[kind]?.encoding;
  switch (kind) {
    case 'stringType':
      onlyKey(encoding, ['utf8Bytes'], entity, `${name}.stringType.encoding`);
      return { name, kind: 'string', int64: 'orderedCode' };
    case 'bytesType':
      onlyKey(encoding, ['raw'], entity, `${name}.bytesType.encoding`);
      return { name, kind: 'bytes', int64: 'orderedCode' };
    case 'int64Type':
      return { name, kind: 'int64', int64: planInt64(encoding, entity, `${name}.int64Type.encoding`) };
    default: {
      onlyKey(encoding, ['unixMicrosInt64'], entity, `${name}.timestampType.encoding`);
      const int64 = planInt64(
        encoding?.unixMicrosInt64,
        entity,
        `${name}.timestampType.encoding.unixMicrosInt64`,
      );
      return { name, kind: 'timestamp', int64 };
    }
  }
}

/**
 * Checks a row key schema (unknown type or encoding, delimiter not 1–50 bytes, singleton with other than one field,
 * duplicate field names) and plans its fields.
 *
 * @example
 * ```ts
 * planRowKeySchema(schema, { entity: 'Device' }).count; // 2
 * ```
 */
export function planRowKeySchema(schema: RowKeySchema, options: RowKeySchemaCodecOptions): SchemaPlan {
  checkObject({ api: 'compileRowKeySchema', argument: 'schema' }, schema);
  checkOptions({ api: 'compileRowKeySchema', argument: 'options' }, options);
  const entity = options.entity ?? 'row key';
  const timestamps = options.timestamps ?? 'micros';
  if (!schema || !Array.isArray(schema.fields))
    throw fail(entity, undefined, schema, 'a schema with a fields array');
  const plans = schema.fields.map((f, i) => planField(f, i, entity));
  const seen = new Set<string>();
  for (const p of plans) {
    if (seen.has(p.name)) throw fail(entity, p.name, p.name, 'unique field names');
    seen.add(p.name);
  }
  const structKey = onlyKey(
    schema.encoding,
    ['singleton', 'delimitedBytes', 'orderedCodeBytes'],
    entity,
    'encoding',
  );
  const structEncoding =
    structKey === 'singleton' ? 'singleton' : structKey === 'delimitedBytes' ? 'delimited' : 'orderedCode';
  let delimiter = EMPTY;
  if (structEncoding === 'delimited') {
    const d = (schema.encoding as { delimitedBytes: { delimiter: unknown } }).delimitedBytes?.delimiter;
    if (!(d instanceof Uint8Array) || d.length < 1 || d.length > 50) {
      throw fail(entity, 'encoding.delimitedBytes.delimiter', d, 'a delimiter of 1 to 50 bytes');
    }
    delimiter = Uint8Array.from(d);
  }
  if (structEncoding === 'singleton' && plans.length !== 1) {
    throw fail(entity, 'encoding.singleton', plans.length, 'exactly one field for the Singleton encoding');
  }
  const count = plans.length;
  return { entity, timestamps, plans, structEncoding, delimiter, count };
}

/**
 * The plan of field `index`, or a KeyEncodingError past the last field.
 *
 * @example
 * ```ts
 * fieldPlan(plan, 0).kind; // 'string'
 * ```
 */
export function fieldPlan(s: SchemaPlan, index: number): FieldPlan {
  const p = s.plans[index];
  if (!p) throw fail(s.entity, undefined, index, `a field index below ${s.count}`);
  return p;
}
