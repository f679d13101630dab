import { describe, expect, it } from 'vitest';
import type { ReadRowsRequestData, RowRange } from '../../../src/model/read-rows-request.js';
import { readRowsResume } from '../../../src/transport/read-rows-resume.js';

const k = (s: string): Uint8Array => new Uint8Array(Buffer.from(s));
const show = (r: ReadRowsRequestData | 'done'): unknown =>
  r === 'done'
    ? 'done'
    : {
        keys: r.rows?.rowKeys.map((x) => Buffer.from(x).toString()),
        ranges: r.rows?.rowRanges.map((range) =>
          Object.fromEntries(
            Object.entries(range).map(([name, v]) => [name, Buffer.from(v as Uint8Array).toString()]),
          ),
        ),
        limit: r.rowsLimit,
      };
const ranges = (...rs: RowRange[]): ReadRowsRequestData => ({ rows: { rowKeys: [], rowRanges: rs } });

describe('readRowsResume', () => {
  it('returns the original request untouched before any progress', () => {
    const original: ReadRowsRequestData = { rowsLimit: 5n };
    expect(readRowsResume(original, { lastKey: undefined, rowsRead: 0n })).toBe(original);
  });

  it('turns a whole-table read into a range after the last key (before it when reversed)', () => {
    expect(show(readRowsResume({}, { lastKey: k('m'), rowsRead: 3n }))).toEqual({
      keys: [],
      ranges: [{ startKeyOpen: 'm' }],
      limit: undefined,
    });
    expect(show(readRowsResume({ reversed: true }, { lastKey: k('m'), rowsRead: 3n }))).toEqual({
      keys: [],
      ranges: [{ endKeyOpen: 'm' }],
      limit: undefined,
    });
  });

  it('treats an empty row set like the whole table, never re-sending it empty', () => {
    expect(show(readRowsResume(ranges(), { lastKey: k('m'), rowsRead: 1n }))).toEqual({
      keys: [],
      ranges: [{ startKeyOpen: 'm' }],
      limit: undefined,
    });
  });

  it('reversed: drops ranges and keys at or above the last key and moves the range end down', () => {
    const original: ReadRowsRequestData = {
      reversed: true,
      rowsLimit: 10n,
      rows: {
        rowKeys: [k('a'), k('m'), k('z')],
        rowRanges: [
          { startKeyClosed: k('b'), endKeyOpen: k('d') },
          { startKeyClosed: k('k'), endKeyClosed: k('p') },
          { startKeyOpen: k('m'), endKeyOpen: k('n') },
          { startKeyClosed: k('x') },
        ],
      },
    };
    expect(show(readRowsResume(original, { lastKey: k('m'), rowsRead: 4n }))).toEqual({
      keys: ['a'],
      ranges: [
        { startKeyClosed: 'b', endKeyOpen: 'd' },
        { startKeyClosed: 'k', endKeyOpen: 'm' },
      ],
      limit: 6n,
    });
  });

  it('forward: an end bound equal to the last key means the range is done, open or closed', () => {
    expect(
      show(
        readRowsResume(ranges({ endKeyClosed: k('m') }, { endKeyOpen: k('m') }), {
          lastKey: k('m'),
          rowsRead: 1n,
        }),
      ),
    ).toBe('done');
    expect(
      show(
        readRowsResume(ranges({ startKeyOpen: k('m'), endKeyOpen: k('q') }), {
          lastKey: k('m'),
          rowsRead: 1n,
        }),
      ),
    ).toEqual({ keys: [], ranges: [{ startKeyOpen: 'm', endKeyOpen: 'q' }], limit: undefined });
  });

  it('treats empty bounds as unbounded, like the server', () => {
    expect(
      show(
        readRowsResume(ranges({ startKeyClosed: k(''), endKeyOpen: k('') }), {
          lastKey: k('m'),
          rowsRead: 1n,
        }),
      ),
    ).toEqual({ keys: [], ranges: [{ startKeyOpen: 'm', endKeyOpen: '' }], limit: undefined });
  });

  it('is done once the limit is used up or every key and range was passed', () => {
    expect(readRowsResume({ rowsLimit: 2n }, { lastKey: k('b'), rowsRead: 2n })).toBe('done');
    expect(
      readRowsResume(
        { rows: { rowKeys: [k('a'), k('b')], rowRanges: [] } },
        { lastKey: k('b'), rowsRead: 2n },
      ),
    ).toBe('done');
  });

  it('keeps the filter and direction and never modifies the original', () => {
    const original: ReadRowsRequestData = {
      rows: { rowKeys: [k('a'), k('c')], rowRanges: [{ startKeyClosed: k('a') }] },
      filter: { cellsPerColumnLimit: 1 },
      rowsLimit: 9n,
    };
    const snapshot = show(original);
    const next = readRowsResume(original, { lastKey: k('b'), rowsRead: 1n });
    expect(next).not.toBe('done');
    expect((next as ReadRowsRequestData).filter).toBe(original.filter);
    expect(show(original)).toEqual(snapshot);
  });
});
