import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../../src/codecs/key/bytes.js';
import type { KeyEncodingSpec, KeyRange } from '../../../src/codecs/key/key-codec-types.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { DELIMITED, ORDERED } from '../../unit/codecs/key/key-arbitraries.js';
import type { Layout, Query, Row } from '../../unit/codecs/key/key-query-model.js';
import {
  expectedKeys,
  keysInRanges,
  layouts,
  queries,
  row,
  sortedKeys,
} from '../../unit/codecs/key/key-query-model.js';

const ROWS_PER_LAYOUT = 60;
const QUERIES_PER_LAYOUT = 40;

/** Writes one small cell per key with a single MutateRows call, consuming its response stream. */
async function writeKeys(
  conn: BigtableConnection,
  tableName: string,
  keys: readonly Uint8Array[],
): Promise<void> {
  const stream = conn.data.mutateRows({
    tableName,
    entries: keys.map((rowKey) => ({
      rowKey,
      mutations: [
        {
          setCell: {
            familyName: 'f',
            columnQualifier: Uint8Array.of(0x71),
            timestampMicros: '1000',
            value: rowKey,
          },
        },
      ],
    })),
  });
  for await (const response of stream as AsyncIterable<{
    entries?: { index?: unknown; status?: { code?: number } }[];
  }>) {
    for (const entry of response.entries ?? []) expect(entry.status?.code ?? 0).toBe(0);
  }
}

/** Our KeyRange in the v2 RowRange shape. */
function toRowRange(range: KeyRange): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  if (range.start) out[range.start.inclusive ? 'startKeyClosed' : 'startKeyOpen'] = range.start.key;
  if (range.end) out[range.end.inclusive ? 'endKeyClosed' : 'endKeyOpen'] = range.end.key;
  return out;
}

/** Row keys returned by ReadRows over the ranges, in the order Bigtable sends them. */
async function readKeys(
  conn: BigtableConnection,
  tableName: string,
  ranges: readonly KeyRange[],
  reversed: boolean,
): Promise<Uint8Array[]> {
  const stream = conn.data.readRows(
    { tableName, rows: { rowRanges: ranges.map(toRowRange) }, reversed },
    reversed ? { otherArgs: { headers: { 'bigtable-features': 'CAE=' } } } : {},
  );
  const keys: Uint8Array[] = [];
  for await (const response of stream as AsyncIterable<{
    chunks?: { rowKey?: Uint8Array | null }[] | null;
  }>) {
    for (const chunk of response.chunks ?? []) {
      if (chunk.rowKey && chunk.rowKey.length > 0) keys.push(Uint8Array.from(chunk.rowKey));
    }
  }
  return keys;
}

function describeQuery(query: Query): string {
  return JSON.stringify(query, (_k, v: unknown) =>
    typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? toHex(v) : v,
  );
}

interface Keyspace {
  readonly encoding: KeyEncodingSpec;
  readonly layout: Layout;
  readonly data: Row[];
  readonly queries: Query[];
}

function keyspaces(): Keyspace[] {
  let seed = 20_200_501;
  return [DELIMITED, ORDERED].flatMap((encoding) =>
    layouts(encoding).map((layout) => {
      const data = fc.sample(row(layout), { seed: seed++, numRuns: ROWS_PER_LAYOUT });
      return {
        encoding,
        layout,
        data,
        queries: fc.sample(queries(layout, data), { seed: seed++, numRuns: QUERIES_PER_LAYOUT }),
      };
    }),
  );
}

describe('row-key ranges on the emulator', () => {
  const table = useTestTable({ f: {} }, { prefix: 'keys' });
  const spaces = keyspaces();
  const allKeys = [
    ...new Map(spaces.flatMap((s) => sortedKeys(s.layout, s.data)).map((k) => [toHex(k), k])).values(),
  ];

  it('writes a few hundred generated keys of six key layouts', async () => {
    await writeKeys(table().connection, table().tableName, allKeys);
    expect(allKeys.length).toBeGreaterThan(200);
    const everything = await readKeys(table().connection, table().tableName, [{}], false);
    expect(everything.length).toBe(allKeys.length);
  });

  for (const space of spaces) {
    it(`${space.encoding.kind} ${space.layout.label}: Bigtable returns the in-memory answer, forward and reversed`, async () => {
      const { connection, tableName } = table();
      let nonEmpty = 0;
      for (const query of space.queries) {
        const ranges = space.layout.codec.ranges(query.leading, query.next);
        const expected = expectedKeys(space.layout, space.data, query).map(toHex);
        // The same ranges evaluated in memory over every key in the table: no other layout's key leaks in.
        expect(
          keysInRanges(
            allKeys.sort((a, b) => Buffer.compare(a, b)),
            ranges,
          ).map(toHex),
        ).toEqual(expected);
        if (ranges.length === 0) {
          // An empty RowSet would read the whole table; an empty plan must not be sent at all.
          expect(expected).toEqual([]);
          continue;
        }
        if (expected.length > 0) nonEmpty++;
        const forward = (await readKeys(connection, tableName, ranges, false)).map(toHex);
        expect(forward, describeQuery(query)).toEqual(expected);
        const reversed = (await readKeys(connection, tableName, ranges, true)).map(toHex);
        expect(reversed).toEqual([...expected].reverse());
      }
      expect(nonEmpty).toBeGreaterThan(QUERIES_PER_LAYOUT / 4);
    });
  }
});

describe('row-key schema on the emulator', () => {
  const table = useTestTable({ f: {} }, { prefix: 'rks' });

  it('UpdateTable accepts the exported Type.Struct as row_key_schema and stores it unchanged', async () => {
    const { connection, tableName } = table();
    const admin = connection.admin as unknown as {
      updateTable(request: unknown): Promise<[{ promise(): Promise<[{ rowKeySchema?: unknown }]> }]>;
    };
    // Bytes come back as Buffer or base64 depending on the client's decoding; compare them as hex.
    const normalize = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
          const raw = this[key];
          if (raw instanceof Uint8Array) return toHex(raw);
          if (key === 'delimiter' && typeof v === 'string')
            return toHex(Uint8Array.from(atob(v), (c) => c.charCodeAt(0)));
          return v;
        }),
      ) as unknown;
    for (const space of keyspaces().filter((s) => s.layout.label.startsWith('literal, string'))) {
      const schema = space.layout.codec.rowKeySchema;
      // A table takes a new schema only after the old one is cleared (ignore_warnings).
      const [clear] = await admin.updateTable({
        table: { name: tableName },
        updateMask: { paths: ['row_key_schema'] },
        ignoreWarnings: true,
      });
      await clear.promise();
      const [operation] = await admin.updateTable({
        table: { name: tableName, rowKeySchema: schema },
        updateMask: { paths: ['row_key_schema'] },
      });
      // The emulator's GetTable does not return the schema; the UpdateTable result (the table) does.
      const [updated] = await operation.promise();
      expect(normalize(updated.rowKeySchema)).toEqual(normalize(schema));
    }
  });
});
