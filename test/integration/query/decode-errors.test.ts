import { beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { KeyEncodingError } from '../../../src/errors/key-encoding-error.js';
import { QueryError } from '../../../src/errors/query-error.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import type { SkippedRow } from '../../../src/query/builder/skipped-row.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';

@Entity({ table: 'meter_readings' })
@Family('d')
class Reading {
  @KeyPart(0, 'string') meter!: string;
  @KeyPart(1, { type: 'int64', as: 'number', width: 6 }) seq!: number;
  @Column({ family: 'd', codec: 'int64AsNumber' }) value!: number;
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
const bytes = (s: string): Uint8Array => Buffer.from(s, 'latin1');
const seqs = (rows: readonly Reading[]): number[] => rows.map((r) => r.seq);
const keysOf = (skipped: readonly SkippedRow[]): string[] => skipped.map((s) => text(s.key));

/** Meter `a`: readings 1..10 where 4 and 7 hold a 3-byte value in the int64 column. */
const CORRUPT_A = [4, 7];

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the read to fail');
    },
    (error: unknown) => error,
  );
}

describe('reading rows whose cells cannot be decoded (emulator)', () => {
  const mapper = useMapper([Reading]);

  beforeAll(async () => {
    const readings = mapper().repository(Reading);
    const put = (key: string, family: string, qualifier: string, value: Uint8Array): Promise<void> =>
      mutateRow(mapper().connection, readings.tableId, bytes(key), [
        { kind: 'setCell', family, qualifier: bytes(qualifier), timestampMicros: 1_000n, value },
      ]);
    for (let seq = 1; seq <= 10; seq++) {
      const key = `a#${String(seq).padStart(6, '0')}`;
      if (CORRUPT_A.includes(seq)) await put(key, 'd', 'value', Uint8Array.of(1, 2, 3));
      else await readings.save(Object.assign(new Reading(), { meter: 'a', seq, value: seq * 10 }));
    }
    // Meter `b`: the first row is corrupt, the second is fine.
    await put('b#000001', 'd', 'value', Uint8Array.of(0xff));
    await readings.save(Object.assign(new Reading(), { meter: 'b', seq: 2, value: 20 }));
    // Meter `c`: a row inside the meter's key prefix whose key does not decode (not a 6-digit sequence number).
    await put('c#notnum', 'd', 'value', new Uint8Array(8));
    await readings.save(Object.assign(new Reading(), { meter: 'c', seq: 1, value: 1 }));
  });

  it('by default ends the read with an error naming entity, property, row key, column, value and rule', async () => {
    const error = await failure(mapper().repository(Reading).find({ meter: 'a' }).toArray());
    expect(error).toBeInstanceOf(ValueEncodingError);
    const e = error as ValueEncodingError;
    expect(e.code).toBe('VALUE_ENCODING');
    expect(e).toMatchObject({
      entity: 'Reading',
      property: 'value',
      direction: 'decode',
      codec: 'int64AsNumber',
    });
    expect(e.cell && [text(e.cell.key), e.cell.family, text(e.cell.qualifier)]).toEqual([
      'a#000004',
      'd',
      'value',
    ]);
    expect(e.message).toBe(
      'Reading.value: cannot decode 3 bytes "\\x01\\x02\\x03" in row "a#000004" column d:value ' +
        'with codec int64AsNumber: expected exactly 8 bytes (big-endian int64)',
    );
  });

  it("onDecodeError('throw') is the default, explicitly", async () => {
    const q = mapper().repository(Reading).find({ meter: 'a' }).onDecodeError('throw');
    expect(await failure(q.toArray())).toBeInstanceOf(ValueEncodingError);
  });

  it('get() of a corrupt row names the row too', async () => {
    const error = await failure(mapper().repository(Reading).get({ meter: 'a', seq: 7 }));
    expect((error as Error).message).toMatch(
      /^Reading\.value: cannot decode .* in row "a#000007" column d:value /,
    );
  });

  it("onDecodeError('skip') yields every decodable row and reports each skipped row once, in order", async () => {
    const skipped: SkippedRow[] = [];
    const rows = await mapper()
      .repository(Reading)
      .find({ meter: 'a' })
      .onDecodeError('skip', (row) => skipped.push(row))
      .toArray();
    expect(seqs(rows)).toEqual([1, 2, 3, 5, 6, 8, 9, 10]);
    expect(keysOf(skipped)).toEqual(['a#000004', 'a#000007']);
    expect(skipped[0]!.entity).toBe('Reading');
    expect(skipped[0]!.error).toBeInstanceOf(ValueEncodingError);
    expect(skipped[0]!.error.message).toContain('in row "a#000004" column d:value');
  });

  it('skipped rows do not count toward limit(n): the read goes on after the limit was spent on them', async () => {
    const readings = mapper().repository(Reading);
    const skipped: SkippedRow[] = [];
    const report = (row: SkippedRow): number => skipped.push(row);
    const forward = await readings.find({ meter: 'a' }).limit(5).onDecodeError('skip', report).toArray();
    expect(seqs(forward)).toEqual([1, 2, 3, 5, 6]);
    expect(keysOf(skipped)).toEqual(['a#000004']);

    skipped.length = 0;
    const backward = await readings
      .find({ meter: 'a' })
      .reverse()
      .limit(4)
      .onDecodeError('skip', report)
      .toArray();
    expect(seqs(backward)).toEqual([10, 9, 8, 6]);
    expect(keysOf(skipped)).toEqual(['a#000007']);

    // Two corrupt rows in a window of four: two follow-up reads are needed.
    skipped.length = 0;
    const window = await readings
      .find({ meter: 'a' })
      .where('seq', '>=', 4)
      .limit(3)
      .onDecodeError('skip', report)
      .toArray();
    expect(seqs(window)).toEqual([5, 6, 8]);
    expect(keysOf(skipped)).toEqual(['a#000004', 'a#000007']);
  });

  it('first() skips a corrupt first row and returns the next one', async () => {
    const skipped: SkippedRow[] = [];
    const first = await mapper()
      .repository(Reading)
      .find({ meter: 'b' })
      .onDecodeError('skip', (row) => skipped.push(row))
      .first();
    expect(first?.seq).toBe(2);
    expect(keysOf(skipped)).toEqual(['b#000001']);
  });

  it('pages hold `size` decodable rows and report a skipped row once, even between two pages', async () => {
    const q = mapper()
      .repository(Reading)
      .find({ meter: 'a' })
      .onDecodeError('skip', (row) => skipped.push(row));
    const skipped: SkippedRow[] = [];
    const pages: number[][] = [];
    let page = await q.page(3);
    pages.push(seqs(page.items));
    while (page.cursor) {
      page = await q.after(page.cursor).page(3);
      pages.push(seqs(page.items));
    }
    // Row 4 lies between page 1's last item (3) and its look-ahead row (5): the cursor resumes after it.
    expect(pages).toEqual([
      [1, 2, 3],
      [5, 6, 8],
      [9, 10],
    ]);
    expect(keysOf(skipped)).toEqual(['a#000004', 'a#000007']);
  });

  it('count() and exists() read keys only, so rows with undecodable cells still count', async () => {
    const readings = mapper().repository(Reading);
    expect(await readings.find({ meter: 'a' }).count()).toBe(10);
    expect(
      await readings
        .find({ meter: 'a' })
        .onDecodeError('skip', () => undefined)
        .count(),
    ).toBe(10);
    expect(await readings.find({ meter: 'b' }).exists()).toBe(true);
  });

  it('a row key that does not decode is a KeyEncodingError, skippable like a bad cell', async () => {
    const readings = mapper().repository(Reading);
    const error = await failure(readings.find({ meter: 'c' }).toArray());
    expect(error).toBeInstanceOf(KeyEncodingError);
    expect((error as KeyEncodingError).message).toBe(
      'Reading.seq: row key value "notnum" in row "c#notnum" rejected: exactly 6 decimal digits',
    );
    expect(text((error as KeyEncodingError).rowKey!)).toBe('c#notnum');

    const skipped: SkippedRow[] = [];
    const rows = await readings
      .find({ meter: 'c' })
      .onDecodeError('skip', (row) => skipped.push(row))
      .toArray();
    expect(seqs(rows)).toEqual([1]);
    expect(keysOf(skipped)).toEqual(['c#notnum']);
    expect(skipped[0]!.error).toBeInstanceOf(KeyEncodingError);
  });

  it('an error thrown by the reporter ends the read with that error', async () => {
    const stop = new Error('stop at the first bad row');
    const error = await failure(
      mapper()
        .repository(Reading)
        .find({ meter: 'a' })
        .onDecodeError('skip', () => {
          throw stop;
        })
        .toArray(),
    );
    expect(error).toBe(stop);
  });

  it("refuses 'skip' without a reporter and unknown policies before reading", () => {
    const q = mapper().repository(Reading).find({ meter: 'a' });
    expect(() => q.onDecodeError('skip', undefined as never)).toThrow(QueryError);
    expect(() => q.onDecodeError('ignore' as never)).toThrow(
      /^Reading\.onDecodeError: the policy must be 'throw' or 'skip' \(value "ignore"\)$/,
    );
  });
});
