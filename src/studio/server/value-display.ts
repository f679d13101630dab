import { bytesDisplay, PREVIEW_LIMIT, previewText } from './bytes-display.js';

/** The kinds of decoded values the studio tells apart (docs/studio.md, "API"). */
export type ValueType =
  | 'string'
  | 'int'
  | 'bigint'
  | 'float'
  | 'bool'
  | 'bytes'
  | 'date'
  | 'json'
  | 'map'
  | 'set'
  | 'list'
  | 'proto'
  | 'null';

/**
 * A decoded property value as the studio's JSON shows it: its kind, a bounded escaped preview text and, for scalars
 * only, a JSON-safe value to edit (a bigint as its decimal string).
 *
 * @example
 * ```ts
 * const shown: ValueDisplay = { type: 'int', text: '42', truncated: false, json: 42 };
 * ```
 */
export interface ValueDisplay {
  readonly type: ValueType;
  readonly text: string;
  readonly truncated: boolean;
  readonly json?: string | number | boolean | null;
}

/** Entries shown in a map/set/list preview before `…`. */
const PREVIEW_ENTRIES = 50;

function shortText(value: unknown, budget: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string')
    return JSON.stringify(value.length > budget ? value.slice(0, budget) : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Uint8Array) return `0x${Buffer.from(value.subarray(0, budget / 2)).toString('hex')}`;
  if (value instanceof Map || value instanceof Set || Array.isArray(value))
    return collectionText(value, budget);
  if (typeof value === 'object') {
    try {
      const json = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
      return json.length > budget ? json.slice(0, budget) : json;
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

function collectionText(value: Map<unknown, unknown> | Set<unknown> | unknown[], budget: number): string {
  const entries: string[] = [];
  let used = 0;
  let count = 0;
  const size = value instanceof Map || value instanceof Set ? value.size : value.length;
  const each =
    value instanceof Map ? [...value].map(([k, v]) => [k, v] as const) : [...value].map((v) => [v] as const);
  for (const entry of each) {
    if (count >= PREVIEW_ENTRIES || used >= budget) break;
    const text =
      entry.length === 2
        ? `${shortText(entry[0], 256)} → ${shortText(entry[1], 512)}`
        : shortText(entry[0], 512);
    entries.push(text);
    used += text.length + 2;
    count++;
  }
  const more = size > count ? `, … (${size} in all)` : '';
  const open = value instanceof Map ? 'Map {' : value instanceof Set ? 'Set {' : '[';
  const close = value instanceof Map || value instanceof Set ? '}' : ']';
  return `${open}${entries.join(', ')}${more}${close}`;
}

/** The type a codec name stands for (the field's declared codec decides, not the run-time shape alone). */
function typeOfCodec(codec: string | undefined): ValueType | undefined {
  switch (codec) {
    case 'string':
      return 'string';
    case 'int64':
      return 'bigint';
    case 'int64AsNumber':
      return 'int';
    case 'float64':
    case 'float32':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'bytes':
      return 'bytes';
    case 'date':
      return 'date';
    case 'json':
      return 'json';
    default:
      return codec?.startsWith('protobuf') ? 'proto' : undefined;
  }
}

function typeOf(value: unknown, codec: string | undefined): ValueType {
  if (value === null || value === undefined) return 'null';
  const declared = typeOfCodec(codec);
  if (declared) return declared;
  if (typeof value === 'string') return 'string';
  if (typeof value === 'bigint') return 'bigint';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof Date) return 'date';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  if (Array.isArray(value)) return 'list';
  return 'json';
}

/** The value to edit, for scalars only: what a form field can hold and post back. */
function editable(value: unknown, type: ValueType): ValueDisplay['json'] {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date && type === 'date')
    return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return undefined;
}

/**
 * The display object of a decoded value (`codec` is the field's codec name, when known): the preview text is
 * bounded (4 KiB of text, at most 50 entries of a collection) and escaped like bytes are.
 *
 * @example
 * ```ts
 * valueDisplay(5n); // { type: 'bigint', text: '5', truncated: false, json: '5' }
 * ```
 */
export function valueDisplay(value: unknown, codec?: string): ValueDisplay {
  const type = typeOf(value, codec);
  if (value instanceof Uint8Array) {
    const bytes = bytesDisplay(value);
    return { type, text: bytes.text, truncated: bytes.truncated };
  }
  const raw =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
        ? String(value)
        : shortText(value, PREVIEW_LIMIT);
  const { text, truncated } = previewText(raw);
  const json = editable(value, type);
  return {
    type,
    text,
    truncated: truncated || (type === 'json' && raw.length >= PREVIEW_LIMIT),
    ...(json === undefined ? {} : { json }),
  };
}
