import { describe, expect, it } from 'vitest';
import { int64AsNumberCodec, int64Codec } from '../../../src/codecs/value/int64-codec.js';
import { versionCellCodec } from '../../../src/codecs/value/version-cell-codec.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { rememberVersionCell, versionCellOf, versionCellValue } from '../../../src/mapping/version-cell.js';
import { versionPredicate } from '../../../src/write/version-predicate.js';

// Issue 23 A1: the version cell is the version followed by a write id; older cells are the plain 8 bytes.

const ID = Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8);

describe('version cell', () => {
  it('reads the version from both formats, as bigint or number', () => {
    const cell = versionCellValue(int64Codec.encode(7n), ID);
    expect(cell).toHaveLength(16);
    expect(versionCellCodec(int64Codec).decode(cell)).toBe(7n);
    expect(versionCellCodec(int64Codec).decode(int64Codec.encode(7n))).toBe(7n);
    expect(versionCellCodec(int64AsNumberCodec).decode(cell)).toBe(7);
    expect(versionCellCodec(int64Codec).name).toBe('int64');
    // Other lengths fail as int64 fails; code older than the format fails on the 16 bytes the same way.
    expect(() => versionCellCodec(int64Codec).decode(new Uint8Array(12))).toThrow(ValueEncodingError);
    expect(() => int64Codec.decode(cell)).toThrow(ValueEncodingError);
  });

  it('remembers the exact cell per object, for the version it was recorded with only', () => {
    const entity = { version: 3n };
    const cell = versionCellValue(int64Codec.encode(3n), ID);
    rememberVersionCell(entity, 3n, cell);
    expect(versionCellOf(entity, 3n)).toBe(cell);
    expect(versionCellOf(entity, 3)).toBe(cell);
    expect(versionCellOf(entity, 4n)).toBeUndefined(); // version changed by hand: checked by number
    expect(versionCellOf({ ...entity }, 3n)).toBeUndefined(); // a copy carries nothing
    expect(versionCellOf(undefined, 3n)).toBeUndefined();
  });

  it('conditions on the exact cell when known, else on every cell of the version', () => {
    const qualifier = new TextEncoder().encode('v');
    const expected = int64Codec.encode(3n);
    const cell = versionCellValue(expected, ID);
    type Chain = {
      chain: Array<{ valueRange?: { startValueClosed: Uint8Array; endValueClosed: Uint8Array } }>;
    };
    const rangeOf = (filter: unknown): string[] => {
      const range = (filter as Chain).chain.find((f) => f.valueRange)!.valueRange!;
      return [range.startValueClosed, range.endValueClosed].map((b) => Buffer.from(b).toString('hex'));
    };
    const exact = versionPredicate({ family: 'm', qualifier, expected, cell });
    expect(exact.applyOn).toBe('match');
    expect(rangeOf(exact.predicate)).toEqual([
      '00000000000000030102030405060708',
      '00000000000000030102030405060708',
    ]);
    expect(rangeOf(versionPredicate({ family: 'm', qualifier, expected }).predicate)).toEqual([
      '0000000000000003',
      '0000000000000003ffffffffffffffff',
    ]);
    expect(versionPredicate({ family: 'm', qualifier, expected: undefined }).applyOn).toBe('noMatch');
  });
});
