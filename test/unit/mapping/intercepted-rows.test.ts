import { describe, expect, it } from 'vitest';
import { interceptedRows, prefixRange } from '../../../src/mapping/intercepted-rows.js';

const b = (text: string): Uint8Array => Buffer.from(text, 'latin1');
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
const shown = (rows: ReturnType<typeof interceptedRows>): unknown => ({
  keys: rows.keys.map(text),
  ranges: rows.ranges.map((r) => [text(r.start), text(r.end)]),
});

// What an interceptor is shown of a ReadRows row set: half-open ranges, the whole table said out loud.
describe('interceptedRows', () => {
  it('turns every bound into a half-open range: an open start and a closed end move to the next key', () => {
    const rows = interceptedRows([
      {
        rowKeys: [b('a#1')],
        rowRanges: [
          { startKeyClosed: b('a#'), endKeyOpen: b('a$') },
          { startKeyOpen: b('b#'), endKeyClosed: b('b#9') },
          { startKeyClosed: b('c#') },
          { endKeyOpen: b('d') },
        ],
      },
    ]);
    expect(shown(rows)).toEqual({
      keys: ['a#1'],
      ranges: [
        ['a#', 'a$'],
        ['b#\u0000', 'b#9\u0000'],
        ['c#', ''],
        ['', 'd'],
      ],
    });
  });

  it('shows a request without rows, or with an empty row set, as the whole table; no request as nothing', () => {
    expect(shown(interceptedRows([undefined]))).toEqual({ keys: [], ranges: [['', '']] });
    expect(shown(interceptedRows([{ rowKeys: [], rowRanges: [] }]))).toEqual({
      keys: [],
      ranges: [['', '']],
    });
    expect(shown(interceptedRows([]))).toEqual({ keys: [], ranges: [] });
  });

  it('hands out copies: changing them changes nothing that is sent', () => {
    const key = b('a#1');
    const start = b('a#');
    const rows = interceptedRows([
      { rowKeys: [key], rowRanges: [{ startKeyClosed: start, endKeyOpen: b('a$') }] },
    ]);
    rows.keys[0]![0] = 0x7a;
    rows.ranges[0]!.start[0] = 0x7a;
    expect(text(key)).toBe('a#1');
    expect(text(start)).toBe('a#');
  });
});

describe('prefixRange', () => {
  it('is the range of every key under the prefix; the empty prefix is the whole table', () => {
    expect([prefixRange(b('acme#'))].map((r) => [text(r.start), text(r.end)])).toEqual([['acme#', 'acme$']]);
    expect([prefixRange(b('a\u00ff'))].map((r) => [text(r.start), text(r.end)])).toEqual([['a\u00ff', 'b']]);
    expect([prefixRange(new Uint8Array(0))].map((r) => [r.start.length, r.end.length])).toEqual([[0, 0]]);
  });
});
