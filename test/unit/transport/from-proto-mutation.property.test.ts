// Property: a batch keeps only the proto forms of its rows and gives the rows whose outcome is unknown their SDK
// mutations back with fromProtoMutation, to compare with the row read back; that must be exactly the mutation
// that was converted, for every kind and every int64 (exact as a number or not, negative included).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/model/mutation.js';
import { fromProtoMutation } from '../../../src/transport/from-proto-mutation.js';
import { toProtoMutation } from '../../../src/transport/to-proto-mutation.js';

const family = fc.string({ minLength: 1, maxLength: 8 });
const bytes = fc.uint8Array({ maxLength: 12 });
const int64 = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }),
  fc.constantFrom(0n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('setCell' as const),
    family,
    qualifier: bytes,
    timestampMicros: int64,
    value: bytes,
  }),
  fc.record(
    {
      kind: fc.constant('deleteFromColumn' as const),
      family,
      qualifier: bytes,
      startMicros: int64,
      endMicros: int64,
    },
    { requiredKeys: ['kind', 'family', 'qualifier'] },
  ),
  fc.record({ kind: fc.constant('deleteFromFamily' as const), family }),
  fc.constant({ kind: 'deleteFromRow' as const }),
  fc.record({
    kind: fc.constant('addToCell' as const),
    family,
    qualifier: bytes,
    timestampMicros: int64,
    input: int64,
  }),
  fc.record({
    kind: fc.constant('mergeToCell' as const),
    family,
    qualifier: bytes,
    timestampMicros: int64,
    state: bytes,
  }),
);

describe('fromProtoMutation', () => {
  it('gives back exactly the mutation toProtoMutation converted, fresh or shared (frozen)', () => {
    fc.assert(
      fc.property(mutation, fc.boolean(), (m, frozen) => {
        const source = frozen ? Object.freeze({ ...m }) : m;
        expect(fromProtoMutation(toProtoMutation(source))).toStrictEqual({ ...m });
      }),
      { numRuns: 2_000 },
    );
  });
});
