import type { KeyPartType } from './declaration-args.js';

// A record, not a list, so that the compiler refuses a missing or unknown segment type: the list is derived from
// KeyPartType (codecs/key SegmentSpec without literal and salt) instead of being copied.
const TYPES: Readonly<Record<KeyPartType, true>> = {
  string: true,
  bytes: true,
  int64: true,
  timestamp: true,
  reversedTimestamp: true,
  reversedInt64: true,
  reversedDomain: true,
};

/**
 * Every key part type a declaration or a families file may name, in documentation order.
 *
 * @example
 * ```ts
 * KEY_PART_TYPES.includes('reversedDomain'); // true
 * ```
 */
export const KEY_PART_TYPES: readonly KeyPartType[] = Object.freeze(Object.keys(TYPES) as KeyPartType[]);
