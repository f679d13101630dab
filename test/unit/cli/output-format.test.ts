import { describe, expect, it } from 'vitest';
import { formatTable } from '../../../src/cli/format-table.js';
import { cellText, jsonValue } from '../../../src/cli/json-value.js';
import { kebabCase } from '../../../src/codegen/source/kebab-case.js';

describe('CLI output helpers', () => {
  it('jsonValue makes entity values JSON-safe', () => {
    expect(
      jsonValue({
        n: 5n,
        at: new Date(0),
        raw: Uint8Array.of(0, 255),
        tags: new Set(['a']),
        formats: new Map([['hd', 1n]]),
        history: [{ timestamp: 1, value: 'x' }],
        skipped: undefined,
        nan: Number.NaN,
      }),
    ).toEqual({
      n: '5',
      at: '1970-01-01T00:00:00.000Z',
      raw: 'AP8=',
      tags: ['a'],
      formats: { hd: '1' },
      history: [{ timestamp: 1, value: 'x' }],
      nan: 'NaN',
    });
    expect(cellText('a b')).toBe('a b');
    expect(cellText(undefined)).toBe('');
    expect(cellText(new Set([1, 2]))).toBe('[1,2]');
  });

  it('formatTable pads columns and keeps each row on one line', () => {
    expect(
      formatTable(
        ['key', 'text'],
        [
          ['a', 'two\nlines'],
          ['long key', ''],
        ],
      ),
    ).toBe('key       text\na         two\\nlines\nlong key');
  });

  it('kebabCase names files after entity classes', () => {
    expect(['Device', 'DeviceDay', 'HTTPLog', 'Video2Row'].map(kebabCase)).toEqual([
      'device',
      'device-day',
      'http-log',
      'video2-row',
    ]);
  });
});
