import { escapeBytes } from './escape-bytes.js';

/** Longest string (in UTF-16 units) and byte array shown in full; longer ones are cut and marked with `…`. */
const MAX_STRING = 60;
const MAX_BYTES = 32;
/** Array elements and object keys shown before `…`. */
const MAX_ITEMS = 5;

function formatBytes(bytes: Uint8Array): string {
  const shown = escapeBytes(bytes.subarray(0, MAX_BYTES));
  const unit = bytes.length === 1 ? 'byte' : 'bytes';
  return `${bytes.length} ${unit} "${shown}${bytes.length > MAX_BYTES ? '…' : ''}"`;
}

function formatString(value: string): string {
  // JSON.stringify escapes control characters and lone surrogates, so the message shows what was really passed.
  const shown = value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
  return `${JSON.stringify(shown)}${value.length > MAX_STRING ? `… (${value.length} chars)` : ''}`;
}

function formatObject(value: object, depth: number): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (Array.isArray(value)) {
    if (depth > 0) return `[array of ${value.length}]`;
    const items = value.slice(0, MAX_ITEMS).map((item: unknown) => format(item, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… ${value.length} items`);
    return `[${items.join(', ')}]`;
  }
  if (value instanceof Map || value instanceof Set) return `${value.constructor.name}(${value.size})`;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const keys = Object.keys(value);
    const shown = keys.slice(0, MAX_ITEMS).join(', ');
    return keys.length === 0 ? '{}' : `{ ${shown}${keys.length > MAX_ITEMS ? ', …' : ''} }`;
  }
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return `a ${typeof name === 'string' && name !== '' ? name : 'object'}`;
}

function format(value: unknown, depth: number): string {
  if (value instanceof Uint8Array) return formatBytes(value);
  switch (typeof value) {
    case 'string':
      return formatString(value);
    case 'bigint':
      return `${value}n`;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'function':
      return `function ${value.name || '(anonymous)'}`;
    case 'symbol':
      return value.toString();
    case 'object':
      return value === null ? 'null' : formatObject(value, depth);
    default:
      return String(value); // boolean, undefined
  }
}

/**
 * How every SDK error message shows a value: strings quoted and escaped (`"a#b"`, `"\ud800"`), bigints with `n`,
 * bytes as their length and {@link printableKey} form (`3 bytes "p#\x00"`), dates in ISO form, arrays with their
 * first elements, class instances by class name. Long strings and byte arrays are cut (the error's `value`
 * field keeps the whole value). Never throws.
 *
 * @example
 * ```ts
 * formatValue('0x10'); // '"0x10"'
 * formatValue(Buffer.from('phone#1')); // '7 bytes "phone#1"'
 * formatValue([7]); // '[7]'
 * ```
 */
export function formatValue(value: unknown): string {
  try {
    return format(value, 0);
  } catch {
    // A hostile object (a throwing getter, a revoked proxy) must not hide the error being reported.
    return 'an unprintable value';
  }
}
