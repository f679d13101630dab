import fc from 'fast-check';
import type { Mutation } from '../../src/model/mutation.js';

/** Family names: short ASCII mostly, any Unicode sometimes (its UTF-8 is what goes on the wire). */
const family = fc.oneof(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.string({ minLength: 1, maxLength: 4, unit: 'grapheme' }),
);
/** Bytes around the varint length boundaries (127/128) too. */
const bytes = fc.oneof(fc.uint8Array({ maxLength: 12 }), fc.uint8Array({ minLength: 120, maxLength: 300 }));
/** Every int64: exact as a number or not, negative included. */
export const int64Arbitrary = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }),
  fc.constantFrom(0n, -1n, 127n, 128n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n),
);

/** Any mutation of the model, of every kind. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('setCell' as const),
    family,
    qualifier: bytes,
    timestampMicros: int64Arbitrary,
    value: bytes,
  }),
  fc.record(
    {
      kind: fc.constant('deleteFromColumn' as const),
      family,
      qualifier: bytes,
      startMicros: int64Arbitrary,
      endMicros: int64Arbitrary,
    },
    { requiredKeys: ['kind', 'family', 'qualifier'] },
  ),
  fc.record({ kind: fc.constant('deleteFromFamily' as const), family }),
  fc.constant({ kind: 'deleteFromRow' as const }),
  fc.record({
    kind: fc.constant('addToCell' as const),
    family,
    qualifier: bytes,
    timestampMicros: int64Arbitrary,
    input: int64Arbitrary,
  }),
  fc.record({
    kind: fc.constant('mergeToCell' as const),
    family,
    qualifier: bytes,
    timestampMicros: int64Arbitrary,
    state: bytes,
  }),
);
