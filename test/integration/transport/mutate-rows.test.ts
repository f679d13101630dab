import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/model/mutation.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';

const table = useTestTable({ f: {}, g: { gcRule: { maxVersions: 2 } } }, { prefix: 'mutrows' });

const set = (family: string, qualifier: string, value: string): Mutation => ({
  kind: 'setCell',
  family,
  qualifier: Buffer.from(qualifier),
  timestampMicros: 1_000n,
  value: Buffer.from(value),
});

async function readKeys(prefix: string): Promise<string[]> {
  const t = table();
  const keys: string[] = [];
  const rows = readRows(t.connection, t.tableId, {
    rows: {
      rowKeys: [],
      rowRanges: [{ startKeyClosed: Buffer.from(prefix), endKeyOpen: Buffer.from(`${prefix}~`) }],
    },
  });
  for await (const row of rows) keys.push(Buffer.from(row.key).toString());
  return keys;
}

describe('mutateRows on the emulator', () => {
  it('reports entries that target a missing family individually while the others commit', async () => {
    const t = table();
    const results = await mutateRows(t.connection, t.tableId, [
      { rowKey: Buffer.from('fam#1'), mutations: [set('f', 'q', 'one')] },
      { rowKey: Buffer.from('fam#2'), mutations: [set('nope', 'q', 'two')] },
      { rowKey: Buffer.from('fam#3'), mutations: [set('g', 'q', 'three')] },
    ]);
    expect(results).toEqual([
      { ok: true },
      // The emulator answers INTERNAL (13), which is not retryable, so the entry is settled at once.
      {
        ok: false,
        outcome: 'notWritten',
        grpcCode: expect.any(Number),
        message: expect.stringMatching(/family "nope"/),
      },
      { ok: true },
    ]);
    expect(await readKeys('fam#')).toEqual(['fam#1', 'fam#3']);
  });

  it('emulator quirk: mutations listed before the failing one in an entry are applied (not atomic)', async () => {
    const t = table();
    const [result] = await mutateRows(t.connection, t.tableId, [
      {
        rowKey: Buffer.from('quirk#1'),
        mutations: [set('f', 'q', 'x'), set('missing', 'q', 'y')],
      },
    ]);
    expect(result).toEqual({
      ok: false,
      outcome: 'notWritten',
      grpcCode: 13,
      message: expect.stringMatching(/family "missing"/),
    });
    // Production Bigtable validates the whole entry first and applies nothing; the emulator keeps the first SetCell.
    expect(await readKeys('quirk#')).toEqual(['quirk#1']);
  });

  it('splits a batch into several requests and keeps one outcome per entry in input order', async () => {
    const t = table();
    const entries = Array.from({ length: 25 }, (_, i) => ({
      rowKey: Buffer.from(`split#${String(i).padStart(2, '0')}`),
      mutations: [set('f', 'a', `a${i}`), set('f', 'b', `b${i}`)],
    }));
    const results = await mutateRows(t.connection, t.tableId, entries, { maxMutationsPerRequest: 5 });
    expect(results).toHaveLength(25);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await readKeys('split#')).toEqual(entries.map((e) => e.rowKey.toString()));
  });

  it('turns an RPC-level failure into the outcome of every entry', async () => {
    const t = table();
    const results = await mutateRows(t.connection, 'no_such_table', [
      { rowKey: Buffer.from('x'), mutations: [set('f', 'q', 'v')] },
      { rowKey: Buffer.from('y'), mutations: [set('f', 'q', 'v')] },
    ]);
    expect(results).toEqual([
      expect.objectContaining({ ok: false, grpcCode: 5 }),
      expect.objectContaining({ ok: false, grpcCode: 5 }),
    ]);
  });

  it('returns an empty result for an empty batch without calling Bigtable', async () => {
    expect(await mutateRows(table().connection, 'no_such_table', [])).toEqual([]);
  });
});
