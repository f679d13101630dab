import { describe, expect, it } from 'vitest';
import type { RowData } from '../../../src/model/row-data.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';

/** Every cell of a read, flattened to hex so that any byte difference shows in the diff. */
async function cells(
  rows: AsyncIterable<RowData>,
): Promise<Array<{ key: string; family: string; qualifier: string; value: string; ts: string }>> {
  const out: Array<{ key: string; family: string; qualifier: string; value: string; ts: string }> = [];
  for await (const row of rows) {
    for (const cell of row.cells) {
      out.push({
        key: Buffer.from(row.key).toString('hex'),
        family: cell.family,
        qualifier: Buffer.from(cell.qualifier).toString('hex'),
        value: Buffer.from(cell.value).toString('hex'),
        ts: cell.timestampMicros.toString(),
      });
    }
  }
  return out;
}

// The generated v2 client, read through our own chunk merger: the high-level client's lossy conversions (8-byte
// values to numbers, qualifiers to object keys) never happen. The merger also sorts families, which the emulator
// returns in random order.
describe('transport avoids the high-level client traps', () => {
  const table = useTestTable({ f: {}, g: { gcRule: { maxVersions: 2 } } }, { prefix: 'bytes' });

  it('round-trips 0x00/0xFF bytes in key, qualifier and value, and an 8-byte value, exactly', async () => {
    const t = table();
    const key = Uint8Array.from([0x00, 0x61, 0xff, 0x00, 0xfe]);
    const qualifier = Uint8Array.from([0xff, 0x00, 0x23, 0x00]);
    const eightBytes = Uint8Array.from([0x7f, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01]);
    const blob = Uint8Array.from([0x00, 0xff, 0x80, 0xc3, 0x28]); // also invalid UTF-8
    const ts = 1_700_000_000_123_000n;
    await mutateRow(t.connection, t.tableId, key, [
      { kind: 'setCell', family: 'f', qualifier, timestampMicros: ts, value: eightBytes },
      { kind: 'setCell', family: 'g', qualifier: Uint8Array.from([0x00]), timestampMicros: ts, value: blob },
    ]);
    expect(await cells(readRows(t.connection, t.tableId, {}))).toEqual([
      { key: '0061ff00fe', family: 'f', qualifier: 'ff002300', value: '7fff000000000001', ts: ts.toString() },
      { key: '0061ff00fe', family: 'g', qualifier: '00', value: '00ff80c328', ts: ts.toString() },
    ]);
  });

  it('reads in descending key order with reversed:true and the bigtable-features header', async () => {
    const t = table();
    const keys = ['r1', 'r2', 'r3', 'r10'].map((k) => Buffer.from(`rev#${k}`));
    for (const key of keys) {
      await mutateRow(t.connection, t.tableId, key, [
        { kind: 'setCell', family: 'f', qualifier: Buffer.from('q'), timestampMicros: 1000n, value: key },
      ]);
    }
    const read = await cells(
      readRows(t.connection, t.tableId, {
        reversed: true,
        rows: {
          rowKeys: [],
          rowRanges: [{ startKeyClosed: Buffer.from('rev#'), endKeyOpen: Buffer.from('rev$') }],
        },
      }),
    );
    expect(read.map((c) => Buffer.from(c.key, 'hex').toString())).toEqual([
      'rev#r3',
      'rev#r2',
      'rev#r10',
      'rev#r1',
    ]);
  });
});
