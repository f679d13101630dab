import { beforeAll, describe, expect, it } from 'vitest';
import { AbortedError } from '../../../src/errors/aborted-error.js';
import { TransportError } from '../../../src/errors/transport-error.js';
import type { Mutation } from '../../../src/model/mutation.js';
import type { ReadRowsRequestData, RowFilter } from '../../../src/model/read-rows-request.js';
import type { RowData } from '../../../src/model/row-data.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import type { ReadRowsOptions } from '../../../src/transport/read-rows.js';
import { readRows } from '../../../src/transport/read-rows.js';
import type { TestTable } from '../../../src/testing/test-table.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { tapReadRows } from './grpc-read-rows-tap.js';

const table = useTestTable({ f: {}, g: { gcRule: { maxVersions: 2 } } }, { prefix: 'reads' });
/** Holds only the `k#` rows, so that ranges open at either end see nothing else. */
const rangeTable = useTestTable({ f: {} }, { prefix: 'reads_ranges' });

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const text = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

async function collect(
  request: ReadRowsRequestData,
  options?: ReadRowsOptions,
  t: TestTable = table(),
): Promise<RowData[]> {
  const rows: RowData[] = [];
  for await (const row of readRows(t.connection, t.tableId, request, options)) rows.push(row);
  return rows;
}

const keysOf = (rows: RowData[]): string[] => rows.map((r) => text(r.key));

function setCell(family: string, qualifier: Uint8Array, ts: bigint, value: Uint8Array): Mutation {
  return { kind: 'setCell', family, qualifier, timestampMicros: ts, value };
}

async function write(
  rows: { key: Uint8Array; mutations: Mutation[] }[],
  t: TestTable = table(),
): Promise<void> {
  const results = await mutateRows(
    t.connection,
    t.tableId,
    rows.map((r) => ({ rowKey: r.key, mutations: r.mutations, idempotent: true })),
  );
  expect(results.filter((r) => !r.ok)).toEqual([]);
}

/** `k#00` .. `k#19`, one cell each, whose value is the key. */
const RANGE_KEYS = Array.from({ length: 20 }, (_, i) => `k#${String(i).padStart(2, '0')}`);
const rangeOf = (start: string, end: string) => ({
  rows: { rowKeys: [], rowRanges: [{ startKeyClosed: bytes(start), endKeyOpen: bytes(end) }] },
});

beforeAll(async () => {
  await write(
    RANGE_KEYS.map((k) => ({ key: bytes(k), mutations: [setCell('f', bytes('q'), 1_000n, bytes(k))] })),
    rangeTable(),
  );
});

describe('readRows on the emulator: byte-exact rows', () => {
  it('returns binary keys, qualifiers and values exactly, with an 8-byte value and a 3 MiB value', async () => {
    const key = Uint8Array.of(0x7a, 0x00, 0xff, 0x00, 0x80); // 'z' keeps it out of the other tests' ranges
    const eightBytes = Uint8Array.of(0x7f, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01);
    const large = new Uint8Array(3 * 1024 * 1024 + 7);
    for (let i = 0; i < large.length; i++) large[i] = (i * 31 + (i >> 13)) & 0xff;
    await write([
      {
        key,
        mutations: [
          setCell('f', Uint8Array.of(0xff, 0x00), 2_000n, eightBytes),
          setCell('f', Uint8Array.of(0x00), 1_000n, Uint8Array.of(0x00, 0xc3, 0x28)),
          setCell('f', new Uint8Array(0), 1_000n, new Uint8Array(0)),
          setCell('g', bytes('big'), 5_000n, large),
          setCell('g', bytes('big'), 4_000n, Uint8Array.of(1)),
        ],
      },
    ]);
    const rows = await collect({ rows: { rowKeys: [key], rowRanges: [] } });
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(hex(row!.key)).toBe('7a00ff0080');
    expect(row!.cells.map((c) => [c.family, hex(c.qualifier), c.timestampMicros, c.value.length])).toEqual([
      ['f', '', 1_000n, 0],
      ['f', '00', 1_000n, 3],
      ['f', 'ff00', 2_000n, 8],
      ['g', hex(bytes('big')), 5_000n, large.length],
      ['g', hex(bytes('big')), 4_000n, 1],
    ]);
    expect(hex(row!.cells[1]!.value)).toBe('00c328');
    expect(hex(row!.cells[2]!.value)).toBe('7fff000000000001');
    expect(Buffer.compare(row!.cells[3]!.value, large)).toBe(0);
    for (const cell of row!.cells) {
      expect(cell.value.constructor).toBe(Uint8Array);
      expect(cell.qualifier.constructor).toBe(Uint8Array);
    }
  });
});

describe('readRows on the emulator: row sets, limits, direction', () => {
  const read = (request: ReadRowsRequestData): Promise<RowData[]> => collect(request, {}, rangeTable());

  it('reads keys and ranges with every kind of bound, sorted and de-duplicated', async () => {
    const rows = await read({
      rows: {
        rowKeys: [bytes('k#15'), bytes('k#03'), bytes('k#03'), bytes('k#99')],
        rowRanges: [
          { startKeyClosed: bytes('k#05'), endKeyOpen: bytes('k#07') },
          { startKeyOpen: bytes('k#10'), endKeyClosed: bytes('k#12') },
          { startKeyOpen: bytes('k#17') },
          { endKeyClosed: bytes('k#00') },
        ],
      },
    });
    expect(keysOf(rows)).toEqual(['k#00', 'k#03', 'k#05', 'k#06', 'k#11', 'k#12', 'k#15', 'k#18', 'k#19']);
  });

  it('reads in reverse with the feature header, and rowsLimit counts from the top', async () => {
    expect(keysOf(await read({ ...rangeOf('k#04', 'k#08'), reversed: true }))).toEqual([
      'k#07',
      'k#06',
      'k#05',
      'k#04',
    ]);
    expect(keysOf(await read({ ...rangeOf('k#', 'k$'), reversed: true, rowsLimit: 3n }))).toEqual([
      'k#19',
      'k#18',
      'k#17',
    ]);
  });

  it('stops after rowsLimit rows, and sends nothing for rowsLimit 0', async () => {
    expect(keysOf(await read({ ...rangeOf('k#', 'k$'), rowsLimit: 2n }))).toEqual(['k#00', 'k#01']);
    expect(await read({ ...rangeOf('k#', 'k$'), rowsLimit: 0n })).toEqual([]);
  });

  it('returns nothing for a range with no rows', async () => {
    expect(await read(rangeOf('zz', 'zzz'))).toEqual([]);
  });

  it('surfaces a missing table as a TransportError with the gRPC error as cause', async () => {
    const t = rangeTable();
    const rows = readRows(t.connection, 'no_such_table', {});
    const error = await rows.next().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).grpcCode).toBe(5);
    expect((error as TransportError).cause).toMatchObject({ code: 5 });
  });
});

describe('readRows on the emulator: filters reach the server intact', () => {
  const key = bytes('filters#1');
  beforeAll(async () => {
    await write([
      {
        key,
        mutations: [
          setCell('f', bytes('a'), 1_000n, bytes('apple')),
          setCell('f', bytes('b'), 1_000n, bytes('banana')),
          setCell('f', bytes('c'), 3_000n, Uint8Array.of(0x00, 0xff)),
          setCell('g', bytes('a'), 2_000n, bytes('new')),
          setCell('g', bytes('a'), 1_000n, bytes('old')),
        ],
      },
    ]);
  });

  async function cells(filter: RowFilter): Promise<string[]> {
    const rows = await collect({ rows: { rowKeys: [key], rowRanges: [] }, filter });
    return rows.flatMap((r) =>
      r.cells.map(
        (c) =>
          `${c.family}:${text(c.qualifier)}@${c.timestampMicros}=${hex(c.value)}${c.labels.map((l) => `[${l}]`).join('')}`,
      ),
    );
  }

  it.each<[string, RowFilter, string[]]>([
    ['familyNameRegex', { familyNameRegex: 'g' }, ['g:a@2000=6e6577', 'g:a@1000=6f6c64']],
    [
      'columnQualifierRegex',
      { columnQualifierRegex: bytes('[bc]') },
      ['f:b@1000=62616e616e61', 'f:c@3000=00ff'],
    ],
    [
      'cellsPerColumnLimit',
      { chain: [{ familyNameRegex: 'g' }, { cellsPerColumnLimit: 1 }] },
      ['g:a@2000=6e6577'],
    ],
    [
      'columnRange',
      { columnRange: { family: 'f', startQualifierOpen: bytes('a'), endQualifierClosed: bytes('c') } },
      ['f:b@1000=62616e616e61', 'f:c@3000=00ff'],
    ],
    ['timestampRange', { timestampRange: { startMicros: 2_000n, endMicros: 3_000n } }, ['g:a@2000=6e6577']],
    ['valueRegex (raw bytes)', { valueRegex: Uint8Array.of(0x00, 0xff) }, ['f:c@3000=00ff']],
    ['valueRegex (escaped bytes)', { valueRegex: bytes('\\x00\\xff') }, ['f:c@3000=00ff']],
    [
      'rowKeyRegex',
      { rowKeyRegex: bytes('filters#.') },
      ['f:a@1000=6170706c65', 'f:b@1000=62616e616e61', 'f:c@3000=00ff', 'g:a@2000=6e6577', 'g:a@1000=6f6c64'],
    ],
    [
      'valueRange',
      { valueRange: { startValueClosed: bytes('b'), endValueOpen: bytes('o') } },
      ['f:b@1000=62616e616e61', 'g:a@2000=6e6577'],
    ],
    // One family only: across families the emulator applies row-level cell limits in random family order.
    [
      'cellsPerRowLimit + offset',
      { chain: [{ familyNameRegex: 'f' }, { cellsPerRowOffset: 1 }, { cellsPerRowLimit: 1 }] },
      ['f:b@1000=62616e616e61'],
    ],
    [
      'stripValue + applyLabel',
      {
        chain: [
          { familyNameRegex: 'f' },
          { columnQualifierRegex: bytes('a') },
          { stripValue: true },
          { applyLabel: 'hit' },
        ],
      },
      ['f:a@1000=[hit]'],
    ],
    [
      'condition',
      {
        condition: {
          predicate: { familyNameRegex: 'nothing' },
          trueFilter: { blockAll: true },
          falseFilter: { familyNameRegex: 'g' },
        },
      },
      ['g:a@2000=6e6577', 'g:a@1000=6f6c64'],
    ],
    [
      'interleave',
      {
        interleave: [
          { columnQualifierRegex: bytes('b') },
          { chain: [{ familyNameRegex: 'g' }, { cellsPerColumnLimit: 1 }] },
        ],
      },
      ['f:b@1000=62616e616e61', 'g:a@2000=6e6577'],
    ],
    ['blockAll', { blockAll: true }, []],
  ])('%s', async (_name, filter, expected) => {
    expect(await cells(filter)).toEqual(expected);
  });
});

describe('readRows on the emulator: aborting', () => {
  it('an aborted signal ends the iteration with an AbortedError and cancels the gRPC call', async () => {
    const t = rangeTable();
    const { calls, untap } = await tapReadRows(t.connection);
    try {
      const controller = new AbortController();
      const seen: string[] = [];
      let error: unknown;
      try {
        for await (const row of readRows(t.connection, t.tableId, rangeOf('k#', 'k$'), {
          signal: controller.signal,
        })) {
          seen.push(text(row.key));
          if (seen.length === 2) controller.abort();
        }
      } catch (e) {
        error = e;
      }
      expect(seen).toEqual(['k#00', 'k#01']);
      expect(error).toBeInstanceOf(AbortedError);
      expect(calls).toHaveLength(1);
      expect(await calls[0]!.done).toBe(1);
    } finally {
      untap();
    }
  });
});
