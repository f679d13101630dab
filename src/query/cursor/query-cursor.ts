import { createHash } from 'node:crypto';
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

/** 2 added the integrity digest; a version 1 cursor (no digest) is refused as unsupported. */
const VERSION = 2;

/**
 * The integrity check of a cursor: SHA-256 (first 128 bits) over the version and every field, the query
 * fingerprint included, so a field changed by hand (the direction, the last key, the member counts) no longer
 * matches. It detects alteration, it is not a signature: anyone with this code can compute it, so a cursor is
 * never an authorization (it only ever narrows the query it was taken from).
 */
function digestOf(state: CursorState): string {
  const counts =
    state.counts === undefined
      ? null
      : Object.keys(state.counts)
          .sort()
          .map((member) => [member, state.counts![member]]);
  const fields = [
    VERSION,
    Buffer.from(state.lastKey).toString('hex'),
    state.reversed,
    state.fingerprint,
    counts,
  ];
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('base64url').slice(0, 22);
}

/**
 * Encodes a cursor as base64url of a small versioned JSON document with an integrity digest over all its fields.
 * Opaque to callers; it survives processes.
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
    d: digestOf(state),
  };
  return Buffer.from(JSON.stringify(doc), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor and checks that it is exactly as this SDK wrote it (any altered character or field is refused:
 * its integrity digest, or its re-encoding, no longer matches) and that it belongs to the query with `fingerprint`.
 * QueryError otherwise, also for a malformed cursor.
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
  const d = doc as {
    v?: unknown;
    k?: unknown;
    r?: unknown;
    f?: unknown;
    c?: unknown;
    d?: unknown;
  } | null;
  if (
    d === null ||
    typeof d !== 'object' ||
    d.v !== VERSION ||
    typeof d.k !== 'string' ||
    typeof d.r !== 'boolean' ||
    typeof d.f !== 'string' ||
    typeof d.d !== 'string'
  )
    throw invalid('not a cursor of this SDK (or of an unsupported version)');
  const counts = d.c;
  if (
    counts !== undefined &&
    (counts === null ||
      typeof counts !== 'object' ||
      Array.isArray(counts) ||
      !Object.values(counts).every((n) => Number.isSafeInteger(n) && (n as number) >= 0))
  )
    throw invalid('not a cursor of this SDK (bad member counts)');
  const state: CursorState = {
    lastKey: new Uint8Array(Buffer.from(d.k, 'base64url')),
    reversed: d.r,
    fingerprint: d.f,
    ...(counts === undefined ? {} : { counts: counts as Record<string, number> }),
  };
  // Written back, an intact cursor is the same string: this refuses a changed field (the digest differs) and a
  // change that decodes to the same fields (a base64url character's unused bits, JSON spelling) alike.
  if (encodeCursor(state) !== cursor)
    throw invalid(
      'the cursor was altered (its integrity check fails); use a cursor exactly as page() returned it',
    );
  if (d.f !== fingerprint) throw invalid('the cursor was taken from a different query');
  return state;
}
