import { describe, expect, it } from 'vitest';
import { isIdempotent } from '../../../src/transport/mutate-row.js';

const q = new Uint8Array([1]);
describe('isIdempotent', () => {
  it('accepts explicit-timestamp sets and deletes', () => {
    expect(
      isIdempotent([
        { kind: 'setCell', family: 'f', qualifier: q, timestampMicros: 1000n, value: q },
        { kind: 'deleteFromFamily', family: 'f' },
        { kind: 'deleteFromRow' },
      ]),
    ).toBe(true);
  });
  it('rejects server timestamps and aggregate inputs, which a retry would apply twice', () => {
    expect(
      isIdempotent([{ kind: 'setCell', family: 'f', qualifier: q, timestampMicros: -1n, value: q }]),
    ).toBe(false);
    expect(
      isIdempotent([{ kind: 'addToCell', family: 'f', qualifier: q, timestampMicros: 0n, input: 1n }]),
    ).toBe(false);
    expect(
      isIdempotent([{ kind: 'mergeToCell', family: 'f', qualifier: q, timestampMicros: 0n, state: q }]),
    ).toBe(false);
  });
});
