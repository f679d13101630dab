// Codegen from a live table: rows of known shapes are written to the emulator, the table is sampled and inferred,
// the generated source is compared with its golden and imported, and the generated entity reads the rows back.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import type { Mutation } from '../../../src/model/mutation.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { inferTableEntities } from '../../../src/codegen/infer/infer-table-entities.js';
import type { SampleProgress } from '../../../src/codegen/infer/sample-table.js';
import { sampleTable } from '../../../src/codegen/infer/sample-table.js';
import { TestTable } from '../../../src/testing/test-table.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { sampleRowKeys } from '../../../src/transport/sample-row-keys.js';
import { expectGolden } from '../../support/golden-file.js';
import {
  float64Bytes,
  int64Bytes,
  prepareGeneratedDir,
  typeErrors,
} from '../../support/generated-sources.js';

const OUT = new URL('../../../.tmp/codegen-live/', import.meta.url);
const GOLDEN = new URL('../../golden/codegen/__golden__/', import.meta.url);
const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const int64 = int64Bytes;
const float64 = float64Bytes;
// Recent (the stats family keeps 30 days, and reads hide what GC would collect), in whole milliseconds.
const TS = BigInt(Date.now()) * 1000n;
const set = (family: string, qualifier: string, value: Uint8Array, ts = TS): Mutation => ({
  kind: 'setCell',
  family,
  qualifier: text(qualifier),
  timestampMicros: ts,
  value,
});

/** 24 devices: `device#<type>#<6-digit id>`, a column of each codec, a tag set, a format map, a sum aggregate. */
function deviceRow(i: number): { rowKey: Uint8Array; mutations: Mutation[] } {
  const type = ['phone', 'tablet', 'watch'][i % 3]!;
  const id = String(1000 + i * 37).padStart(6, '0');
  const mutations: Mutation[] = [
    set('stats', 'cpu', float64(0.25 + i / 100)),
    set('stats', 'os_build', text(`PQ2A.${190_000 + i}`)),
    set('stats', 'connected', Uint8Array.of(i % 2)),
    set('stats', 'boots', int64(BigInt(i * 3))),
    set('stats', 'config', text(JSON.stringify({ level: i, mode: i % 2 ? 'eco' : 'max' }))),
    // A protobuf-looking payload: field 1 varint i, field 2 bytes "ok".
    set('stats', 'firmware', Uint8Array.of(0x08, i, 0x12, 0x02, 0x6f, 0x6b)),
    // Two versions of one column: the history is noted, not declared.
    set('stats', 'cpu', float64(0.1), TS - 1000n),
    {
      kind: 'addToCell',
      family: 'views',
      qualifier: text('total'),
      timestampMicros: 0n,
      input: BigInt(i + 1),
    },
  ];
  if (i % 4 === 0) mutations.push(set('stats', 'note', text(`checked ${i}`)));
  for (let t = 0; t < 3; t++) mutations.push(set('tags', `tag-${(i * 7 + t * 11) % 40}`, new Uint8Array()));
  for (let f = 0; f < 2; f++)
    mutations.push(set('formats', `fmt${(i * 5 + f * 13) % 30}`, int64(BigInt(100 + i + f))));
  return { rowKey: text(`device#${type}#${id}`), mutations };
}

const emulatorHost = (): string => {
  const injected = (inject as (key: string) => unknown)('bigtableEmulatorHost');
  return typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST!;
};

describe('inferTableEntities on the emulator', () => {
  let table: TestTable;
  let mapper: Mapper;
  const progress: SampleProgress[] = [];
  const written: string[] = [];

  beforeAll(async () => {
    table = await TestTable.create(
      {
        stats: { gcRule: { union: [{ maxVersions: 2 }, { maxAgeMillis: 30 * 86_400_000 }] } },
        tags: { gcRule: { maxVersions: 1 } },
        formats: { gcRule: { maxVersions: 1 } },
        views: { aggregate: 'sum' },
      },
      { prefix: 'infer', emulatorHost: emulatorHost() },
    );
    const results = await mutateRows(
      table.connection,
      table.tableId,
      Array.from({ length: 24 }, (_, i) => deviceRow(i)),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    mapper = new Mapper(table.connection, {
      tableIds: { live_devices: table.tableId, live_devices_defined: table.tableId },
    });
    prepareGeneratedDir(OUT);
  });
  afterAll(async () => {
    await table?.dispose();
  });

  const expected = (i: number): Record<string, unknown> => ({
    deviceType: ['phone', 'tablet', 'watch'][i % 3],
    deviceId: 1000 + i * 37,
    boots: BigInt(i * 3),
    config: { level: i, mode: i % 2 ? 'eco' : 'max' },
    connected: i % 2 === 1,
    cpu: 0.25 + i / 100,
    firmware: Uint8Array.of(0x08, i, 0x12, 0x02, 0x6f, 0x6b),
    osBuild: `PQ2A.${190_000 + i}`,
    total: BigInt(i + 1),
  });

  for (const style of ['decorators', 'defineEntity'] as const) {
    it(`generates the ${style} form: golden source, prettier-clean, and it reads the rows back`, async () => {
      const inferred = await inferTableEntities(mapper, table.tableId, {
        entity: style === 'decorators' ? 'LiveDevice' : 'LiveDeviceDefined',
        keyNames: ['deviceType', 'deviceId'],
        maxRows: 100,
        style,
        onProgress: (p) => progress.push(p),
      });
      expect(inferred.rowsSampled).toBe(24);
      expect(inferred.entities).toHaveLength(1);
      const [device] = inferred.entities;
      // The table id is random; the golden names the table (the mapper maps the name back to the id). Each style
      // gets its own name: two entities of one table with the same key range would be refused as siblings.
      const name = style === 'decorators' ? 'live_devices' : 'live_devices_defined';
      const source = device!.source.replaceAll(table.tableId, name);
      expectGolden(source, new URL(`live-device.${style}.ts.txt`, GOLDEN));
      const path = fileURLToPath(new URL(`${device!.entity}.ts`, OUT));
      writeFileSync(path, source);
      written.push(path);
      const config = await prettier.resolveConfig(path);
      expect(await prettier.format(source, { ...config, filepath: path })).toBe(source);

      const module = (await import(path)) as Record<string, EntityClass>;
      const Generated = module[device!.entity]!;
      const rows = (await mapper.repository(Generated).scan().allowScan().toArray()) as unknown as Array<
        Record<string, unknown>
      >;
      expect(rows).toHaveLength(24);
      const byId = new Map(rows.map((r) => [r['deviceId'], r]));
      for (let i = 0; i < 24; i++) {
        const row = byId.get(1000 + i * 37)!;
        expect(row).toMatchObject(expected(i));
        expect(row['note']).toBe(i % 4 === 0 ? `checked ${i}` : undefined);
        expect([...(row['tags'] as Set<string>)].sort()).toEqual(
          [0, 1, 2].map((t) => `tag-${(i * 7 + t * 11) % 40}`).sort(),
        );
        expect(row['formats']).toEqual(
          new Map([0, 1].map((f) => [`fmt${(i * 5 + f * 13) % 30}`, BigInt(100 + i + f)])),
        );
      }
    });
  }

  it('the generated sources type-check with the project settings', () => {
    const errors = typeErrors(OUT, written);
    expect(written).toHaveLength(2);
    expect(errors).toEqual([]);
  }, 120_000);

  it('reports progress from 0 to the rows read, bounded by maxRows', async () => {
    expect(progress[0]).toEqual({ rowsSampled: 0, totalPlanned: 100 });
    expect(progress.at(-1)).toEqual({ rowsSampled: 24, totalPlanned: 24 });
    const few: SampleProgress[] = [];
    const bounded = await inferTableEntities(mapper, table.tableId, {
      maxRows: 5,
      onProgress: (p) => few.push(p),
    });
    expect(bounded.rowsSampled).toBeLessThanOrEqual(5);
    expect(few.at(-1)).toEqual({ rowsSampled: bounded.rowsSampled, totalPlanned: bounded.rowsSampled });
    expect(few.every((p) => p.rowsSampled <= 5 && p.totalPlanned <= 5)).toBe(true);
  });

  it('splits a single-table design into one entity per literal first field', async () => {
    const mixed = await TestTable.create(
      { d: { gcRule: { maxVersions: 1 } } },
      { prefix: 'infer_mixed', emulatorHost: emulatorHost() },
    );
    try {
      const entries = [
        ...[1, 2, 3].map((n) => ({
          rowKey: text(`invoice#i${n}`),
          mutations: [set('d', 'amount', int64(BigInt(n * 100)))],
        })),
        ...[1, 2, 3, 4].map((n) => ({
          rowKey: text(`payment#i${n}#p${n}`),
          mutations: [set('d', 'method', text(n % 2 ? 'card' : 'cash'))],
        })),
      ];
      expect((await mutateRows(mixed.connection, mixed.tableId, entries)).filter((r) => !r.ok)).toEqual([]);
      const { entities } = await inferTableEntities(mixed.connection, mixed.tableId);
      expect(entities.map((e) => [e.entity, e.rows])).toEqual([
        ['Invoice', 3],
        ['Payment', 4],
      ]);
      expect(entities[0]!.source).toContain("@Entity({ table: '" + mixed.tableId + "', prefix: 'invoice' })");
      expect(entities[1]!.familiesFile.families[0]!.columns).toEqual([
        { property: 'method', codec: 'string' },
      ]);
    } finally {
      await mixed.dispose();
    }
  });

  it('refuses a table that does not exist', async () => {
    await expect(inferTableEntities(mapper, 'no_such_table')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});

describe('sampleRowKeys on the emulator', () => {
  it('gives split keys in order, ending with the empty key; sampleTable stays within maxRows', async () => {
    const t = await TestTable.create({ d: {} }, { emulatorHost: emulatorHost() });
    try {
      const rows = Array.from({ length: 30 }, (_, i) => ({
        rowKey: text(`k${String(i).padStart(3, '0')}`),
        mutations: [set('d', 'q', text('v'))],
      }));
      await mutateRows(t.connection, t.tableId, rows);
      const samples = await sampleRowKeys(t.connection, t.tableId);
      // A small sample stays within its bound and in key order (how it spreads is planSampleRanges, unit-tested:
      // the emulator's split points vary from call to call).
      const sample = await sampleTable(t.connection, t.tableId, { maxRows: 4 });
      const sampled = sample.rows.map((r) => Buffer.from(r.key).toString());
      expect(sampled.length).toBeGreaterThan(0);
      expect(sampled.length).toBeLessThanOrEqual(4);
      expect(sampled).toEqual([...sampled].sort());
      expect(samples.at(-1)!.key).toEqual(new Uint8Array());
      const keys = samples.slice(0, -1).map((s) => Buffer.from(s.key).toString());
      expect(keys).toEqual([...keys].sort());
      expect(keys.every((k) => /^k\d{3}$/.test(k))).toBe(true);
      // The emulator's offsets grow with the rows before each key.
      const offsets = samples.map((s) => s.offsetBytes);
      expect(offsets).toEqual([...offsets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    } finally {
      await t.dispose();
    }
  });
});
