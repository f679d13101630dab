import { describe, expect, it } from 'vitest';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import type { RowData } from '../../../src/model/row-data.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { User, v3 } from './evolving-users.js';

const mapper = useMapper([User]);

async function tokenCells(key: string): Promise<Uint8Array[]> {
  const repo = mapper().repository(User);
  const rows: RowData[] = [];
  const request = { rows: { rowKeys: [Buffer.from(key)], rowRanges: [] } };
  for await (const row of readRows(mapper().connection, repo.tableId, request)) rows.push(row);
  return (rows[0]?.cells ?? [])
    .filter((c) => c.family === 'd' && Buffer.from(c.qualifier).toString() === '_v')
    .map((c) => c.value);
}

describe('every whole save of an evolving entity writes the schema-version token', () => {
  it('save, insert and saveMany each leave exactly one 16-byte token at the current version', async () => {
    const users = mapper().repository(User);
    await users.save(v3('tw-save', 'Ada', { theme: 'dark' }, {}));
    await users.insert(v3('tw-insert', 'Bob', {}, {}));
    await users.saveMany([v3('tw-many1', 'C', {}, {}), v3('tw-many2', 'D', {}, {})]);
    await users.saveMany(
      (function* () {
        yield v3('tw-stream', 'E', {}, {});
      })(),
    );
    for (const key of ['tw-save', 'tw-insert', 'tw-many1', 'tw-many2', 'tw-stream']) {
      const cells = await tokenCells(key);
      expect(cells, key).toHaveLength(1);
      expect(cells[0]!.length).toBe(16);
      expect(Buffer.from(cells[0]!).readBigInt64BE(0)).toBe(3n);
    }
  });

  it('a second save replaces the token with one of a new write id', async () => {
    const users = mapper().repository(User);
    const user = v3('tw-twice', 'Ada', {}, {});
    await users.save(user);
    const [first] = await tokenCells('tw-twice');
    await users.save(user);
    const cells = await tokenCells('tw-twice');
    expect(cells).toHaveLength(1);
    expect(Buffer.from(cells[0]!).subarray(0, 8)).toEqual(Buffer.from(first!).subarray(0, 8));
    expect(Buffer.from(cells[0]!).equals(Buffer.from(first!))).toBe(false);
  });
});
