import { bytesEqual, concatBytes } from '../codecs/key/bytes.js';
import type { KeyRange } from '../codecs/key/key-codec-types.js';
import { keySuccessor } from '../codecs/key/key-range.js';

/** What deleting one key range takes: whole-prefix drops plus single rows. */
export interface PrefixDrops {
  readonly prefixes: readonly Uint8Array[];
  readonly rows: readonly Uint8Array[];
}

const concat = (a: Uint8Array, b: readonly number[]): Uint8Array => concatBytes([a, Uint8Array.from(b)]);
const equal = (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean =>
  a !== undefined && b !== undefined && bytesEqual(a, b);

/**
 * Expresses a partial-key range as DropRowRange prefixes (DropRowRange only takes prefixes). A delimited partial
 * key is the pure prefix range [p, successor(p)). An ordered-code one is [p, p ‖ 00 02): the keys that continue
 * with a separator (p ‖ 00 01 …), those whose next field is empty (p ‖ 00 00 …), and the row p itself, whose
 * remaining fields are all empty (trailing empty fields are omitted).
 *
 * @example
 * ```ts
 * prefixDrops({ start: { key: p, inclusive: true }, end: { key: successor(p)!, inclusive: false } }); // { prefixes: [p], rows: [] }
 * ```
 */
export function prefixDrops(range: KeyRange): PrefixDrops {
  const start = range.start?.key;
  const end = range.end?.key;
  if (start === undefined || start.length === 0 || !range.start?.inclusive || range.end?.inclusive) {
    throw new RangeError('prefixDrops: the range is not a key prefix');
  }
  if (end === undefined ? keySuccessor(start) === undefined : equal(keySuccessor(start), end)) {
    return { prefixes: [start], rows: [] };
  }
  if (equal(concat(start, [0x00, 0x02]), end)) {
    return { prefixes: [concat(start, [0x00, 0x00]), concat(start, [0x00, 0x01])], rows: [start] };
  }
  throw new RangeError('prefixDrops: the range is not a key prefix');
}
