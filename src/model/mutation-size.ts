import type { Mutation } from './mutation.js';

/**
 * The largest request Bigtable (and the emulator) accepts: gRPC messages above 256 MiB are refused with
 * RESOURCE_EXHAUSTED after being sent in full.
 */
export const MAX_REQUEST_BYTES = 256 * 1024 * 1024;

/** Protobuf framing and the request's table name, counted generously so the estimate never falls short. */
const REQUEST_OVERHEAD = 4 * 1024;

/**
 * An upper estimate of the bytes one row's mutations take in a request: key, family names, qualifiers and values,
 * plus per-mutation framing (tags, lengths, timestamps).
 *
 * @example
 * ```ts
 * mutationBytes(key, [{ kind: 'deleteFromRow' }]); // key.length + framing
 * ```
 */
export function mutationBytes(rowKey: Uint8Array, mutations: readonly Mutation[]): number {
  let bytes = rowKey.length + 8;
  for (const m of mutations) {
    bytes += 24 + ('family' in m ? m.family.length : 0);
    if ('qualifier' in m) bytes += m.qualifier.length;
    if (m.kind === 'setCell') bytes += m.value.length;
    if (m.kind === 'mergeToCell') bytes += m.state.length;
  }
  return bytes;
}

/**
 * Whether a request carrying these row mutations would be larger than Bigtable accepts.
 *
 * @example
 * ```ts
 * exceedsRequestLimit(300 * 1024 * 1024); // true: refuse before sending
 * ```
 */
export function exceedsRequestLimit(bytes: number): boolean {
  return bytes + REQUEST_OVERHEAD > MAX_REQUEST_BYTES;
}
