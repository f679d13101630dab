import { QueryError } from '../../errors/query-error.js';

/**
 * What a cursor carries: the last row key returned, the direction, and the fingerprint of the query.
 *
 * @example
 * ```ts
 * const state: CursorState = { lastKey: Buffer.from('phone#1'), reversed: false, fingerprint: 'ab12…' };
 * ```
 */
export interface CursorState {
  readonly lastKey: Uint8Array;
  readonly reversed: boolean;
  readonly fingerprint: string;
  /** Collections: rows already returned per member, so that per-member limits hold across pages. */
  readonly counts?: Readonly<Record<string, number>>;
}

const VERSION = 1;

/**
 * Encodes a cursor as base64url of a small versioned JSON document. Opaque to callers; it survives processes.
 *
 * @example
 * ```ts
 * const cursor = encodeCursor({ lastKey, reversed: false, fingerprint });
 * ```
 */
export function encodeCursor(state: CursorState): string {
  const doc = {
    v: VERSION,
    k: Buffer.from(state.lastKey).toString('base64url'),
    r: state.reversed,
    f: state.fingerprint,
    ...(state.counts === undefined ? {} : { c: state.counts }),
  };
  return Buffer.from(JSON.stringify(doc), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor and checks it belongs to the query with `fingerprint` (QueryError otherwise, also for a
 * malformed cursor).
 *
 * @example
 * ```ts
 * const { lastKey } = decodeCursor('Device', cursor, queryFingerprint(node));
 * ```
 */
export function decodeCursor(entity: string, cursor: string, fingerprint: string): CursorState {
  const invalid = (problem: string, cause?: unknown): QueryError =>
    new QueryError({ entity, property: 'after', value: cursor, problem }, cause);
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw invalid('not a cursor of this SDK', error);
  }
  const d = doc as { v?: unknown; k?: unknown; r?: unknown; f?: unknown; c?: unknown } | null;
  if (
    d === null ||
    typeof d !== 'object' ||
    d.v !== VERSION ||
    typeof d.k !== 'string' ||
    typeof d.r !== 'boolean' ||
    typeof d.f !== 'string'
  )
    throw invalid('not a cursor of this SDK (or of an unsupported version)');
  if (d.f !== fingerprint) throw invalid('the cursor was taken from a different query');
  const counts = d.c;
  if (
    counts !== undefined &&
    (counts === null ||
      typeof counts !== 'object' ||
      !Object.values(counts).every((n) => Number.isSafeInteger(n) && (n as number) >= 0))
  )
    throw invalid('not a cursor of this SDK (bad member counts)');
  return {
    lastKey: new Uint8Array(Buffer.from(d.k, 'base64url')),
    reversed: d.r,
    fingerprint: d.f,
    ...(counts === undefined ? {} : { counts: counts as Record<string, number> }),
  };
}
