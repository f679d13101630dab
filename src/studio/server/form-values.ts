import { InvalidArgumentError } from '../../index.js';
import type { EntityMetadata, FieldMetadata } from '../../metadata/public/index.js';
import { parseKeyParts } from './key-part-input.js';

function refuse(meta: EntityMetadata, property: string, value: unknown, expected: string): never {
  throw new InvalidArgumentError({
    api: 'studio',
    argument: 'value',
    entity: meta.name,
    property,
    value,
    expected,
  });
}

/**
 * A value from a form (JSON: text, number, boolean, null) as the property's codec takes it: int64 from an integer
 * or its decimal text (bigint), dates from ISO text, numbers from numbers or numeric text. Anything else is an
 * InvalidArgumentError naming the entity, the property and the value, before anything is sent.
 *
 * @example
 * ```ts
 * formValue(meta, field, '42'); // 42n for an int64 column
 * ```
 */
export function formValue(meta: EntityMetadata, field: FieldMetadata, value: unknown): unknown {
  const name = field.property;
  if (value === null) return null;
  if (field.kind !== 'column' && field.kind !== 'version')
    return refuse(
      meta,
      name,
      value,
      'a scalar property (maps, sets, counters and aggregates are not edited here)',
    );
  switch (field.codec.name) {
    case 'string':
      return typeof value === 'string' ? value : refuse(meta, name, value, 'text');
    case 'boolean':
      return typeof value === 'boolean' ? value : refuse(meta, name, value, 'true or false');
    case 'float64': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && !Number.isNaN(n) ? n : refuse(meta, name, value, 'a number');
    }
    case 'int64':
    case 'int64AsNumber': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof text !== 'string' || !/^-?\d+$/.test(text.trim()))
        return refuse(meta, name, value, 'an integer');
      const n = BigInt(text.trim());
      if (field.codec.name === 'int64') return n;
      if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER))
        return refuse(meta, name, value, 'a safe integer');
      return Number(n);
    }
    case 'date': {
      const date = typeof value === 'string' ? new Date(value) : undefined;
      return date && !Number.isNaN(date.getTime()) ? date : refuse(meta, name, value, 'an ISO date');
    }
    default:
      return refuse(meta, name, value, `a ${field.codec.name} value, which the studio does not edit`);
  }
}

/** A `where` value for a property or key part: key parts by their key type, properties by their codec. */
export function conditionValue(meta: EntityMetadata, property: string, value: unknown): unknown {
  if (meta.key.parts.some((p) => p.property === property)) {
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    return parseKeyParts(meta, { [property]: text })[property];
  }
  const field = meta.fields.find((f) => f.property === property);
  if (!field)
    return refuse(
      meta,
      property,
      value,
      `a property of ${meta.name} (${meta.fields.map((f) => f.property).join(', ')})`,
    );
  return formValue(meta, field, value);
}
