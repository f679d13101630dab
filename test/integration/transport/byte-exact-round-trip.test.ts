import { describe, expect, it } from 'vitest';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { useTestTable } from '../../../src/testing/use-test-table.js';

/** Collects the raw cells of a v2 ReadRows stream (no high-level client decoding anywhere). */
async function rawCells(
  stream: AsyncIterable<{ chunks?: Array<Record<string, unknown>> | null }>,
): Promise<Array<{ key: string; family: string; qualifier: string; value: string; ts: string }>> {
  const out: Array<{ key: string; family: string; qualifier: string; value: string; ts: string }> = [];
  let key = '';
  let family = '';
  for await (const response of stream) {
    for (const chunk of response.chunks ?? []) {
      const k = chunk.rowKey as Uint8Array | undefined;
      if (k && k.length > 0) key = Buffer.from(k).toString('hex');
      const f = chunk.familyName as { value: string } | null | undefined;
      if (f) family = f.value;
      const q = chunk.qualifier as { value: Uint8Array } | null | undefined;
      out.push({
        key,
        family,
        qualifier: Buffer.from(q?.value ?? []).toString('hex'),
        value: Buffer.from(chunk.value as Uint8Array).toString('hex'),
        ts: String(chunk.timestampMicros),
      });
    }
  }
  return out;
}

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
    const cells = await rawCells(t.connection.data.readRows({ tableName: t.tableName }));
    expect(cells).toEqual([
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
    const stream = t.connection.data.readRows(
      {
        tableName: t.tableName,
        reversed: true,
        rows: { rowRanges: [{ startKeyClosed: Buffer.from('rev#'), endKeyOpen: Buffer.from('rev$') }] },
      },
      { otherArgs: { headers: { 'bigtable-features': 'CAE=' } } },
    );
    const cells = await rawCells(stream);
    expect(cells.map((c) => Buffer.from(c.key, 'hex').toString())).toEqual([
      'rev#r3',
      'rev#r2',
      'rev#r10',
      'rev#r1',
    ]);
  });
});
