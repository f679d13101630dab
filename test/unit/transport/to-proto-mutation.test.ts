import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/model/mutation.js';
import { toProtoMutation } from '../../../src/transport/to-proto-mutation.js';

// Frozen mutations (the ones saves share) are converted once and their message reused: on the wire they must be
// exactly what a fresh conversion sends.
const require = createRequire(import.meta.url);
interface MessageType {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
}
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: { google: { bigtable: { v2: { Mutation: MessageType } } } };
};
const wire = (message: unknown): string => {
  const type = protos.google.bigtable.v2.Mutation;
  return Buffer.from(type.encode(type.fromObject(message)).finish()).toString('hex');
};

const q = Uint8Array.of(0x00, 0xff, 0x71);
const mutations: Mutation[] = [
  { kind: 'setCell', family: 'd', qualifier: q, timestampMicros: 1_700_000_000_123_000n, value: q },
  { kind: 'setCell', family: 'd', qualifier: q, timestampMicros: 2n ** 62n, value: q },
  { kind: 'deleteFromColumn', family: 'd', qualifier: q },
  { kind: 'deleteFromColumn', family: 'd', qualifier: q, startMicros: 1000n },
  { kind: 'deleteFromColumn', family: 'd', qualifier: q, endMicros: 2000n },
  { kind: 'deleteFromColumn', family: 'd', qualifier: q, startMicros: 1000n, endMicros: 2000n },
  { kind: 'deleteFromFamily', family: 'tags' },
  { kind: 'deleteFromRow' },
  { kind: 'addToCell', family: 's', qualifier: q, timestampMicros: 0n, input: -5n },
  { kind: 'mergeToCell', family: 's', qualifier: q, timestampMicros: 0n, state: q },
];

describe('toProtoMutation', () => {
  it('sends a frozen (shared) mutation exactly as a fresh one, converting it once', () => {
    for (const mutation of mutations) {
      const fresh = toProtoMutation({ ...mutation });
      const shared = Object.freeze({ ...mutation });
      const first = toProtoMutation(shared);
      expect(wire(first)).toBe(wire(fresh));
      if (mutation.kind !== 'setCell') expect(toProtoMutation(shared)).toBe(first);
    }
  });

  it('sends a column delete without a time range as a bare DeleteFromColumn', () => {
    expect(wire(toProtoMutation(mutations[2]!))).toBe('1208 0a0164 120300ff71'.replaceAll(' ', ''));
    expect(toProtoMutation(mutations[5]!)).toEqual({
      deleteFromColumn: {
        familyName: 'd',
        columnQualifier: q,
        timeRange: { startTimestampMicros: '1000', endTimestampMicros: '2000' },
      },
    });
  });
});
