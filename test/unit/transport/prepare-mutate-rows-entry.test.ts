import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { LimitExceededError } from '../../../src/errors/limit-exceeded-error.js';
import type { Mutation } from '../../../src/model/mutation.js';
import { mutationBytes } from '../../../src/model/mutation-size.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { prepareMutateRowsEntry } from '../../../src/transport/prepare-mutate-rows-entry.js';
import { decodeMutateRowsEntry } from '../../../src/transport/decode-mutate-rows-entry.js';
import { encodeMutateRowsEntry } from '../../../src/transport/encode-mutate-rows-entry.js';

const key = Buffer.from('phone#1');
const q = Uint8Array.of(0x00, 0xff);
const mutations: Mutation[] = [
  Object.freeze({ kind: 'deleteFromColumn', family: 'd', qualifier: q }),
  { kind: 'setCell', family: 'd', qualifier: q, timestampMicros: 1_700_000_000_000_000n, value: q },
  { kind: 'deleteFromFamily', family: 'tags' },
];

describe('prepareMutateRowsEntry', () => {
  it('keeps the entry encoded as it is sent, its mutation count and the size batching counts', () => {
    const entry = prepareMutateRowsEntry(key, mutations, 'Device');
    expect(entry.rowKey).toBe(key);
    expect(Buffer.from(entry.encoded).equals(encodeMutateRowsEntry(key, mutations))).toBe(true);
    expect(decodeMutateRowsEntry(entry.encoded)).toStrictEqual({
      rowKey: new Uint8Array(key),
      mutations: mutations.map((m) => ({ ...m })),
    });
    expect(entry.mutationCount).toBe(3);
    expect(entry.requestBytes).toBe(mutationBytes(key, mutations));
  });

  it('refuses an empty key, no mutations and too many, naming the entry', () => {
    const refusal = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const empty = refusal(() => prepareMutateRowsEntry(new Uint8Array(0), mutations, 'Device', 'entries[2]'));
    expect(empty).toBeInstanceOf(InvalidArgumentError);
    expect((empty as Error).message).toContain('entries[2].rowKey');
    const none = refusal(() => prepareMutateRowsEntry(key, [], 'Device'));
    expect(none).toBeInstanceOf(InvalidArgumentError);
    expect((none as Error).message).toContain('entry.mutations');
    const many = Array.from({ length: 100_001 }, (): Mutation => ({ kind: 'deleteFromRow' }));
    expect(refusal(() => prepareMutateRowsEntry(key, many))).toBeInstanceOf(InvalidArgumentError);
  });

  it('refuses an entry larger than a request may be, naming the entity', () => {
    const huge: Mutation = {
      kind: 'setCell',
      family: 'd',
      qualifier: q,
      timestampMicros: 0n,
      value: { length: 300 * 1024 * 1024 } as Uint8Array,
    };
    expect(() => prepareMutateRowsEntry(key, [huge], 'Device')).toThrow(LimitExceededError);
    expect(() => prepareMutateRowsEntry(key, [huge], 'Device')).toThrow(/Device/);
  });

  it('is what mutateRows checks its entries with, before any request (the entry named by its index)', async () => {
    const untouched = new Proxy({} as BigtableConnection, {
      get: () => {
        throw new Error('mutateRows touched the connection before checking its entries');
      },
    });
    await expect(
      mutateRows(untouched, 't', [
        { rowKey: key, mutations },
        { rowKey: new Uint8Array(0), mutations },
      ]),
    ).rejects.toThrow(/entries\[1\]\.rowKey/);
  });
});
