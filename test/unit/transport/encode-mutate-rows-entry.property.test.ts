// Property: the MutateRows and MutateRow requests the library serializes from its own row encoding are, byte for
// byte, what the generated client's serializer writes for the same rows given in the proto shape `toProtoMutation`
// makes (the oracle: the generated message types), and an encoded entry reads back as exactly the mutations it was
// made from.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/model/mutation.js';
import { decodeMutateRowsEntry } from '../../../src/transport/decode-mutate-rows-entry.js';
import {
  encodeMutateRowFields,
  encodeMutateRowsEntry,
} from '../../../src/transport/encode-mutate-rows-entry.js';
import { serializeMutateRowRequest } from '../../../src/transport/serialize-mutate-row-request.js';
import { serializeMutateRowsRequest } from '../../../src/transport/serialize-mutate-rows-request.js';
import { toProtoMutation } from '../../../src/transport/to-proto-mutation.js';
import { mutationArbitrary } from '../../support/mutation-arbitrary.js';

interface GeneratedMessageType {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
}
const require = createRequire(import.meta.url);
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: {
    google: {
      bigtable: { v2: { MutateRowsRequest: GeneratedMessageType; MutateRowRequest: GeneratedMessageType } };
    };
  };
};
const { MutateRowsRequest, MutateRowRequest } = protos.google.bigtable.v2;

const row = fc.record({
  rowKey: fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 16 }),
    fc.uint8Array({ minLength: 126, maxLength: 200 }),
  ),
  mutations: fc.array(mutationArbitrary, { minLength: 1, maxLength: 8 }),
  frozen: fc.boolean(),
});
const request = fc.record(
  {
    tableName: fc.string({ maxLength: 60 }),
    appProfileId: fc.oneof(fc.constant(''), fc.string({ maxLength: 12 })),
    rows: fc.array(row, { minLength: 0, maxLength: 6 }),
  },
  { requiredKeys: ['tableName', 'rows'] },
);

/** What the generated serializer writes for the request, its mutations in toProtoMutation's shape. */
function generated(r: {
  tableName: string;
  appProfileId?: string;
  rows: { rowKey: Uint8Array; mutations: Mutation[] }[];
}): string {
  const message = MutateRowsRequest.fromObject({
    tableName: r.tableName,
    ...(r.appProfileId === undefined ? {} : { appProfileId: r.appProfileId }),
    entries: r.rows.map((x) => ({ rowKey: x.rowKey, mutations: x.mutations.map(toProtoMutation) })),
  });
  return Buffer.from(MutateRowsRequest.encode(message).finish()).toString('hex');
}

describe('encodeMutateRowsEntry, serializeMutateRowsRequest and serializeMutateRowRequest', () => {
  it("write the generated serializer's bytes for every mutation kind, size and int64", () => {
    fc.assert(
      fc.property(request, (r) => {
        // Shared (frozen) mutations take toProtoMutation's cached path; ours encode them the same way.
        const rows = r.rows.map((x) => ({
          rowKey: x.rowKey,
          mutations: x.frozen ? x.mutations.map((m) => Object.freeze({ ...m }) as Mutation) : x.mutations,
        }));
        const ours = serializeMutateRowsRequest({
          tableName: r.tableName,
          appProfileId: r.appProfileId,
          entries: rows.map((x) => ({ encoded: encodeMutateRowsEntry(x.rowKey, x.mutations) })),
        });
        expect(Buffer.from(ours).toString('hex')).toBe(generated({ ...r, rows }));
      }),
      { numRuns: 1_500 },
    );
  });

  it('write lengths past one varint byte the same way (a 20,000-byte value, 300 and 5,000 mutations)', () => {
    const key = Buffer.from('phone#1');
    const big: Mutation = {
      kind: 'setCell',
      family: 'f',
      qualifier: Buffer.from('q'),
      timestampMicros: 1_700_000_000_000_000n,
      value: new Uint8Array(20_000).fill(7),
    };
    const many: Mutation[] = Array.from({ length: 300 }, (_, i) => ({
      kind: 'deleteFromColumn',
      family: 'f',
      qualifier: Buffer.from(`q${i}`),
    }));
    // Past the 4,096 mutations whose sizes the encoder keeps in a shared array.
    const huge: Mutation[] = Array.from({ length: 5_000 }, (_, i) => ({
      kind: 'deleteFromFamily',
      family: `f${i % 7}`,
    }));
    for (const mutations of [[big], many, [big, ...many], huge, [...huge, big]]) {
      const ours = serializeMutateRowsRequest({
        tableName: 't',
        entries: [{ encoded: encodeMutateRowsEntry(key, mutations) }],
      });
      expect(Buffer.from(ours).toString('hex')).toBe(
        generated({ tableName: 't', rows: [{ rowKey: key, mutations }] }),
      );
    }
  });

  it('write a MutateRowRequest as the generated serializer does, from the same row encoding', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
        row,
        (tableName, appProfileId, { rowKey, mutations }) => {
          const ours = serializeMutateRowRequest({
            tableName,
            appProfileId,
            rowFields: encodeMutateRowFields(rowKey, mutations),
          });
          const message = MutateRowRequest.fromObject({
            tableName,
            ...(appProfileId === undefined ? {} : { appProfileId }),
            rowKey,
            mutations: mutations.map(toProtoMutation),
          });
          expect(Buffer.from(ours).toString('hex')).toBe(
            Buffer.from(MutateRowRequest.encode(message).finish()).toString('hex'),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('read back as exactly the row key and mutations encoded', () => {
    fc.assert(
      fc.property(row, ({ rowKey, mutations }) => {
        const back = decodeMutateRowsEntry(encodeMutateRowsEntry(rowKey, mutations));
        expect(back).toStrictEqual({
          rowKey: new Uint8Array(rowKey),
          mutations: mutations.map((m) => ({ ...m })),
        });
      }),
      { numRuns: 2_000 },
    );
  });
});
