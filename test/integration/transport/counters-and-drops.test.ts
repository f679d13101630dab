import { describe, expect, it } from 'vitest';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { dropRowsByPrefix } from '../../../src/transport/drop-row-range.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';

const q = (s: string): Uint8Array => Buffer.from(s);

async function keys(t: ReturnType<ReturnType<typeof useTestTable>>): Promise<string[]> {
  const out: string[] = [];
  for await (const response of t.connection.data.readRows({ tableName: t.tableName })) {
    for (const chunk of (response as { chunks?: Array<{ rowKey?: Uint8Array; commitRow?: boolean }> })
      .chunks ?? []) {
      if (
        chunk.rowKey &&
        chunk.rowKey.length > 0 &&
        !out.includes(Buffer.from(chunk.rowKey).toString('latin1'))
      ) {
        out.push(Buffer.from(chunk.rowKey).toString('latin1'));
      }
    }
  }
  return out;
}

describe('ReadModifyWriteRow and DropRowRange transport', () => {
  const table = useTestTable({ c: {} }, { prefix: 'rmw' });

  it('increments a missing counter from 0 and returns exact 64-bit values', async () => {
    const t = table();
    const row = await readModifyWriteRow(t.connection, t.tableId, q('counter#1'), [
      { kind: 'increment', family: 'c', qualifier: Uint8Array.from([0x00, 0xff]), by: 2n ** 62n },
    ]);
    expect(row.cells).toHaveLength(1);
    expect(Buffer.from(row.cells[0]!.qualifier).toString('hex')).toBe('00ff');
    expect(Buffer.from(row.cells[0]!.value).readBigInt64BE()).toBe(2n ** 62n);
    const again = await readModifyWriteRow(t.connection, t.tableId, q('counter#1'), [
      { kind: 'increment', family: 'c', qualifier: Uint8Array.from([0x00, 0xff]), by: -(2n ** 62n) - 5n },
    ]);
    expect(Buffer.from(again.cells[0]!.value).readBigInt64BE()).toBe(-5n);
  });

  it('appends bytes', async () => {
    const t = table();
    await readModifyWriteRow(t.connection, t.tableId, q('log'), [
      { kind: 'append', family: 'c', qualifier: q('l'), value: Uint8Array.from([1, 0]) },
    ]);
    const row = await readModifyWriteRow(t.connection, t.tableId, q('log'), [
      { kind: 'append', family: 'c', qualifier: q('l'), value: Uint8Array.from([0xff]) },
    ]);
    expect([...row.cells[0]!.value]).toEqual([1, 0, 0xff]);
  });

  it('drops exactly the rows under a prefix and refuses an empty prefix', async () => {
    const t = table();
    for (const k of ['acme#1', 'acme#2', 'acme2#1', 'acm#1', 'acmé#1']) {
      await mutateRow(t.connection, t.tableId, q(`tenant/${k}`), [
        { kind: 'setCell', family: 'c', qualifier: q('x'), timestampMicros: 1000n, value: q('v') },
      ]);
    }
    await dropRowsByPrefix(t.connection, t.tableId, q('tenant/acme#'));
    const left = (await keys(t)).filter((k) => k.startsWith('tenant/'));
    expect(left.map((k) => Buffer.from(k, 'latin1').toString('utf8'))).toEqual([
      'tenant/acm#1',
      'tenant/acme2#1',
      'tenant/acmé#1',
    ]);
    await expect(dropRowsByPrefix(t.connection, t.tableId, new Uint8Array())).rejects.toThrow(/empty prefix/);
  });
});
