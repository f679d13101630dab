import { InternalError } from '../../errors/internal-error.js';
import { bytesEqual, concatBytes, hasPrefix } from '../../codecs/key/bytes.js';
import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { keySuccessor } from '../../codecs/key/key-range.js';

/** What deleting one key range takes: whole-prefix drops plus single rows. */
export interface PrefixDrops {
  readonly prefixes: readonly Uint8Array[];
  readonly rows: readonly Uint8Array[];
}

const ORDERED_CODE_END = Uint8Array.of(0x00, 0x02);
const ORDERED_CODE_SEPARATOR = Uint8Array.of(0x00, 0x01);

function notAPrefix(): RangeError {
  // Only the key codec builds these ranges; any other shape is a bug, never something to approximate.
  return new InternalError('prefixDrops', 'the range is neither a key prefix nor a single key');
}

/**
 * Expresses a range the key codec planned for leading key parts as DropRowRange prefixes (DropRowRange only takes
 * prefixes) plus single rows (DeleteFromRow):
 *
 * - a full key is the point range [k, k]: the one row k, never the prefix k (which would also hold longer keys);
 * - a delimited partial key is [p, successor(p)): the prefix p;
 * - an ordered-code partial key is [s, P ‖ 00 02), where P frames the leading fields with trailing empty ones
 *   written out (00 00) and s is the canonical key of the row whose remaining fields are all empty (trailing empty
 *   fields are omitted, so s is P itself or a prefix of it). Every canonical key in it is s or continues P with
 *   a field separator: the row s plus the prefix P ‖ 00 01.
 *
 * @example
 * ```ts
 * prefixDrops({ start: { key: p, inclusive: true }, end: { key: successor(p)!, inclusive: false } }); // { prefixes: [p], rows: [] }
 * prefixDrops({ start: { key: k, inclusive: true }, end: { key: k, inclusive: true } });               // { prefixes: [], rows: [k] }
 * ```
 */
export function prefixDrops(range: KeyRange): PrefixDrops {
  const start = range.start?.key;
  const end = range.end?.key;
  if (start === undefined || start.length === 0 || !range.start?.inclusive) throw notAPrefix();
  if (range.end?.inclusive) {
    if (!bytesEqual(start, end!)) throw notAPrefix();
    return { prefixes: [], rows: [start] };
  }
  const successor = keySuccessor(start);
  if (end === undefined ? successor === undefined : successor !== undefined && bytesEqual(successor, end)) {
    return { prefixes: [start], rows: [] };
  }
  if (end !== undefined && end.length >= 2 && hasPrefix(end.subarray(end.length - 2), ORDERED_CODE_END)) {
    const framed = end.subarray(0, end.length - 2);
    if (hasPrefix(framed, start)) {
      return { prefixes: [concatBytes([framed, ORDERED_CODE_SEPARATOR])], rows: [start] };
    }
  }
  throw notAPrefix();
}
