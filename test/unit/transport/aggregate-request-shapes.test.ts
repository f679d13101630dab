import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/model/mutation.js';
import { toAdminColumnFamily } from '../../../src/transport/table-admin.js';
import { toProtoMutation } from '../../../src/transport/to-proto-mutation.js';

// Min, Max and HLL cannot be verified on the emulator (Min/Max keep the last input, see the integration test), so
// their requests are checked here as the server would decode them: through the generated message types.
const require = createRequire(import.meta.url);
interface MessageType {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
  decode(b: Uint8Array): unknown;
  toObject(m: unknown, o: Record<string, unknown>): Record<string, unknown>;
}
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: {
    google: {
      bigtable: { v2: { Mutation: MessageType }; admin: { v2: { ColumnFamily: MessageType } } };
    };
  };
};

function overTheWire(type: MessageType, message: unknown): unknown {
  const decoded = type.decode(type.encode(type.fromObject(message)).finish());
  return JSON.parse(
    JSON.stringify(
      type.toObject(decoded, { longs: String, bytes: String, oneofs: false }),
      (_k, v: unknown) => v,
    ),
  );
}

const q = Uint8Array.from([0x00, 0xff, 0x74]);

describe('aggregate request shapes', () => {
  it('AddToCell carries qualifier and timestamp as Value messages and the input as int64', () => {
    const mutation: Mutation = {
      kind: 'addToCell',
      family: 'peak',
      qualifier: q,
      timestampMicros: 3_600_000_000n,
      input: -42n,
    };
    expect(overTheWire(protos.google.bigtable.v2.Mutation, toProtoMutation(mutation))).toEqual({
      addToCell: {
        familyName: 'peak',
        columnQualifier: { rawValue: Buffer.from(q).toString('base64') },
        timestamp: { rawTimestampMicros: '3600000000' },
        input: { intValue: '-42' },
      },
    });
  });

  it('MergeToCell carries the raw state', () => {
    const mutation: Mutation = {
      kind: 'mergeToCell',
      family: 'uniq',
      qualifier: q,
      timestampMicros: 0n,
      state: Uint8Array.from([1, 2]),
    };
    expect(overTheWire(protos.google.bigtable.v2.Mutation, toProtoMutation(mutation))).toEqual({
      mergeToCell: {
        familyName: 'uniq',
        columnQualifier: { rawValue: Buffer.from(q).toString('base64') },
        timestamp: { rawTimestampMicros: '0' },
        input: { rawValue: 'AQI=' },
      },
    });
  });

  it.each([
    ['sum', 'sum'],
    ['min', 'min'],
    ['max', 'max'],
    ['hll', 'hllppUniqueCount'],
  ] as const)('a %s family is created with Aggregate{int64 big-endian input, %s}', (kind, field) => {
    const family = overTheWire(
      protos.google.bigtable.admin.v2.ColumnFamily,
      toAdminColumnFamily({ aggregate: kind }),
    );
    expect(family).toEqual({
      valueType: {
        aggregateType: {
          inputType: { int64Type: { encoding: { bigEndianBytes: {} } } },
          [field]: {},
        },
      },
    });
  });

  it('GC rules nest as the admin API expects', () => {
    const family = overTheWire(
      protos.google.bigtable.admin.v2.ColumnFamily,
      toAdminColumnFamily({ gcRule: { union: [{ maxVersions: 3 }, { maxAgeMillis: 90_061_500 }] } }),
    );
    expect(family).toEqual({
      gcRule: {
        union: { rules: [{ maxNumVersions: 3 }, { maxAge: { seconds: '90061', nanos: 500_000_000 } }] },
      },
    });
  });
});
