import { InvalidArgumentError } from '../../index.js';
import type { EntityMetadata, KeyPartMetadata } from '../../metadata/public/index.js';

/** A key part's value as the key codec takes it. */
type KeyValue = string | number | bigint | Date | Uint8Array;

function refuse(meta: EntityMetadata, part: string, value: unknown, expected: string): never {
  throw new InvalidArgumentError({
    api: 'studio',
    argument: `key part ${part}`,
    entity: meta.name,
    property: part,
    value,
    expected,
  });
}

/** Parses one key part typed as text by its declared segment type. */
function parsePart(meta: EntityMetadata, part: KeyPartMetadata, text: unknown): KeyValue {
  const name = part.property;
  if (typeof text !== 'string') return refuse(meta, name, text, 'text');
  const segment = part.segment;
  switch (segment.type) {
    case 'string':
    case 'reversedDomain':
      return text;
    case 'bytes':
      if (!/^([0-9a-fA-F]{2})*$/.test(text))
        return refuse(meta, name, text, 'bytes as hex (an even number of 0-9a-f)');
      return Buffer.from(text, 'hex');
    case 'int64':
    case 'reversedInt64': {
      if (!/^-?\d+$/.test(text.trim())) return refuse(meta, name, text, 'an integer');
      const n = BigInt(text.trim());
      if (segment.as === 'number') {
        if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER))
          return refuse(meta, name, text, 'a safe integer');
        return Number(n);
      }
      return n;
    }
    case 'timestamp':
    case 'reversedTimestamp': {
      if (segment.as === 'micros') {
        if (!/^-?\d+$/.test(text.trim())) return refuse(meta, name, text, 'microseconds as an integer');
        return BigInt(text.trim());
      }
      const date = new Date(text);
      if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
        return refuse(meta, name, text, 'an ISO date (2024-05-01T12:00:00Z)');
      return date;
    }
    default:
      return refuse(meta, name, text, 'a key part');
  }
}

/**
 * Key parts entered as text (`{ deviceType: 'phone' }`), parsed by each part's declared type (integers, dates as
 * ISO, bytes as hex); an unknown or badly typed part is an InvalidArgumentError naming the entity and the part.
 * Only leading parts, in key order, make a prefix (the key codec refuses a gap).
 *
 * @example
 * ```ts
 * parseKeyParts(meta, { deviceType: 'phone', seq: '42' }); // { deviceType: 'phone', seq: 42n }
 * ```
 */
export function parseKeyParts(meta: EntityMetadata, input: unknown): Record<string, KeyValue> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input))
    return refuse(meta, 'prefix', input, 'an object of key parts ({ "name": "text" })');
  const parts: Record<string, KeyValue> = {};
  for (const [name, text] of Object.entries(input as Record<string, unknown>)) {
    const part = meta.key.parts.find((p) => p.property === name);
    if (!part)
      return refuse(
        meta,
        name,
        text,
        `one of the key parts ${meta.key.parts.map((p) => p.property).join(', ')}`,
      );
    if (text === '' || text === undefined) continue;
    parts[name] = parsePart(meta, part, text);
  }
  return parts;
}

/** Parses a query-string JSON object of key parts (`prefix={"deviceType":"phone"}`). */
export function keyPartsParam(
  meta: EntityMetadata,
  param: string | null,
  name: string,
): Record<string, KeyValue> {
  if (param === null || param === '') return {};
  let input: unknown;
  try {
    input = JSON.parse(param);
  } catch {
    return refuse(meta, name, param, 'a JSON object of key parts');
  }
  return parseKeyParts(meta, input);
}
