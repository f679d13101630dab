// Entities -> exportSchemaFiles -> parse both files -> generateEntitySource -> import the generated module ->
// metadata equal to the original's (table, key segments and encoding, key parts, families, fields with codecs,
// qualifiers and options), for both output styles.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { DeviceDay } from '../../../../examples/device-telemetry.js';
import { examples } from '../../../../examples/examples.js';
import { TenantDeviceDay } from '../../../../examples/multi-tenant.js';
import { Video } from '../../../../examples/video-row.js';
import { VideoComment, VideoItem } from '../../../../examples/video-comment-rows.js';
import { InvoicePayment } from '../../../../examples/invoice-rows.js';
import type { RowKeySchema } from '../../../../src/codecs/key/row-key-schema.js';
import type { FamiliesFile } from '../../../../src/codegen/files/families-file-types.js';
import { Explicit } from '../../../fixtures/entities/compile-mode-entities.js';
import { Invoice, Payment, Telemetry } from '../../../golden/schema/schema-entities.js';
import { encodeRowKeyWithSchema } from '../../../../src/codecs/key/row-key-schema.js';
import {
  formatRowKeySchemaFile,
  parseRowKeySchemaFile,
} from '../../../../src/codecs/key/row-key-schema-file.js';
import { rowKeySchemaForKey } from '../../../../src/codecs/key/row-key-schema-segments.js';
import { resolveEntity } from '../../../../src/metadata/resolve-entity.js';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { defineEntity } from '../../../../src/metadata/define-entity.js';
import { Gc } from '../../../../src/metadata/gc.js';
import { exportSchemaFiles } from '../../../../src/codegen/files/export-schema-files.js';
import {
  generateEntitiesSource,
  generateEntitySource,
} from '../../../../src/codegen/source/generate-entity-source.js';
import { parseFamiliesFile } from '../../../../src/codegen/files/parse-families-file.js';
import { schemaFilesEntities } from '../../../../src/codegen/files/schema-files-metadata.js';
import { SEED_FAMILIES, SEED_ROW_KEY_SCHEMA } from './seed-device-files.js';
import { prepareGeneratedDir, typeErrors } from '../../../support/generated-sources.js';
import { videoWithDecorators, videoWithDefineEntity } from '../../../fixtures/entities/video-entity.js';

const OUT = new URL('../../../../.tmp/codegen-round-trip/', import.meta.url);
const IMPORTS_FROM = '../../test/unit/schema/codegen/codegen-imports.js';
const imports = {
  'media.v1.Thumbnail': { from: IMPORTS_FROM },
  'accounts.v3.Address': { from: IMPORTS_FROM },
  csv: { from: IMPORTS_FROM },
  point32: { from: IMPORTS_FROM },
  decimal: { from: IMPORTS_FROM },
};
const protobufFiles = {
  'media.v1.EncodingStats': 'examples/video-stats.proto',
  'telemetry.v1.Reading': 'test/fixtures/proto/telemetry.proto',
};

/** The comparable parts of metadata: bytes as hex, codecs by name, the key codec and class left out. */
function comparable(meta: EntityMetadata): unknown {
  const hex = (b: Uint8Array): string => `0x${Buffer.from(b).toString('hex')}`;
  const norm = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return hex(value);
    if (Array.isArray(value)) return value.map(norm);
    if (typeof value === 'object' && value !== null) {
      if ('encode' in value && 'decode' in value) return `codec ${(value as { name?: string }).name}`;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, norm(v)]));
    }
    return value;
  };
  return norm({
    name: meta.name,
    table: meta.table,
    // A child's key extends its parent's (@Entity({ parent, literal })); the literal is in key.segments.
    parent: meta.parent === undefined ? undefined : resolveEntity(meta.parent).name,
    key: {
      // A literal keeps its kind (text: a STRING field, bytes: a BYTES field of the row-key schema).
      segments: meta.key.segments.map((s) =>
        s.type === 'literal' ? { ...s, kind: typeof s.value === 'string' ? 'text' : 'bytes' } : s,
      ),
      encoding: meta.key.encoding,
      parts: meta.key.parts,
      schema: formatRowKeySchemaFile(
        rowKeySchemaForKey({ entity: meta.name, segments: meta.key.segments, encoding: meta.key.encoding }),
      ),
    },
    families: meta.families,
    fields: [...meta.fields].sort((a, b) => (a.property < b.property ? -1 : 1)),
    version: meta.version,
  });
}

/** Salt, ordered-code key, a binary literal, big-endian int64, timestamp, reversed int64, GC intersection. */
class Sensor {
  site!: string;
  seq!: bigint;
  at!: Date;
  id!: number;
  raw!: Uint8Array;
  samples!: Map<Uint8Array, unknown>;
}
defineEntity(Sensor, {
  table: 'codegen_sensors',
  encoding: 'orderedCode',
  salt: { buckets: 4, of: ['site'] },
  key: [
    { property: 'site', type: 'string' },
    { literal: Uint8Array.of(0, 1, 0xff) },
    { property: 'seq', type: 'int64', encoding: 'bigEndian' },
    { property: 'at', type: 'timestamp' },
    { property: 'id', type: 'reversedInt64', as: 'number' },
  ],
  families: {
    m: { gc: Gc.intersection(Gc.maxVersions(3), Gc.maxAge({ hours: 36, millis: 5 })) },
    s: {},
  },
  properties: {
    raw: { family: 'm', qualifier: Uint8Array.of(0xff, 0x00), codec: 'bytes' },
    samples: { kind: 'map', family: 's', key: 'bytes', value: 'json' },
  },
});

/** A delimited key with another delimiter, a reversed domain, a padded int64 and reversed microseconds. */
class Page {
  domain!: string;
  shard!: number;
  crawledAt!: bigint;
  body!: string;
}
defineEntity(Page, {
  table: 'codegen_pages',
  prefix: 'page',
  delimiter: ',',
  key: [
    { property: 'domain', type: 'reversedDomain' },
    { property: 'shard', type: 'int64', width: 6, as: 'number' },
    { property: 'crawledAt', type: 'reversedTimestamp', as: 'micros', unit: 'micros' },
  ],
  families: { p: { gc: Gc.maxAge({ days: 2 }) } },
  properties: { body: { family: 'p', codec: 'string', nullable: true, optional: true } },
});

/** A three-level hierarchy: salted ordered-code root, a child under a byte literal, a grandchild with no literal. */
class Site {
  region!: string;
  site!: string;
  name!: string;
}
const SiteEntity = defineEntity(Site, {
  table: 'codegen_sites',
  prefix: 'site',
  encoding: 'orderedCode',
  salt: { buckets: 8, of: ['site'] },
  key: [
    { property: 'region', type: 'string' },
    { property: 'site', type: 'string' },
  ],
  families: { s: {} },
  properties: { name: { family: 's', codec: 'string' } },
});
class Rack {
  region!: string;
  site!: string;
  rack!: bigint;
  power!: number;
}
const RackEntity = defineEntity(Rack, {
  table: 'codegen_sites',
  parent: SiteEntity,
  literal: Uint8Array.of(0, 1),
  key: [{ property: 'rack', type: 'int64', encoding: 'bigEndian' }],
  families: { r: { gc: Gc.maxVersions(2) } },
  properties: { power: { family: 'r', codec: 'float64' } },
});
class Slot {
  region!: string;
  site!: string;
  rack!: bigint;
  slot!: Date;
  kind!: string;
  serial!: string;
}
defineEntity(Slot, {
  table: 'codegen_sites',
  parent: RackEntity,
  key: [
    { property: 'slot', type: 'reversedTimestamp' },
    { literal: 'k' },
    { property: 'kind', type: 'string' },
  ],
  families: { x: {} },
  properties: { serial: { family: 'x', codec: 'string' } },
});

// Every entity of examples/ (through the examples list, so a new example is covered without editing this file),
// and the fixture entities of the tests.
const exampleEntities = [...new Set(examples.flatMap((e) => e.entities))];
const entities: [string, EntityClass][] = [
  ['Sensor', Sensor],
  ['Page', Page],
  ['Site', Site],
  ['Rack', Rack],
  ['Slot', Slot],
  ...exampleEntities.map((cls): [string, EntityClass] => [`Example${cls.name}`, cls]),
  ['FixtureVideo', videoWithDecorators('codegen_video')],
  ['FixtureDefinedVideo', videoWithDefineEntity('codegen_video_defined')],
  ['FixtureExplicit', Explicit],
  ['FixtureTelemetry', Telemetry],
  ['FixtureInvoice', Invoice],
  ['FixturePayment', Payment],
];

const written: string[] = [];

/** The schema files of an entity and of its parent chain (a child is generated with its parent), parents first. */
function exportedChain(meta: EntityMetadata): { rowKeySchema: RowKeySchema; families: FamiliesFile }[] {
  const chain = [meta];
  while (chain[0]!.parent !== undefined) chain.unshift(resolveEntity(chain[0]!.parent));
  return chain.map((m) => {
    const files = exportSchemaFiles(m, { protobufFiles });
    return {
      rowKeySchema: parseRowKeySchemaFile(files.rowKeySchemaFile),
      families: parseFamiliesFile(files.familiesFile),
    };
  });
}

describe('codegen round trip: entity -> schema files -> generated source -> same metadata', () => {
  it('covers every example entity, hierarchical keys included', () => {
    expect(exampleEntities.length).toBeGreaterThanOrEqual(3);
    for (const cls of [DeviceDay, TenantDeviceDay, Video, VideoComment, InvoicePayment])
      expect(exampleEntities).toContain(cls);
    expect(resolveEntity(VideoComment).parent).toBe(VideoItem);
  });

  prepareGeneratedDir(OUT);
  for (const [label, cls] of entities) {
    for (const style of ['decorators', 'defineEntity'] as const) {
      it(`${label} (${style})`, async () => {
        const original = resolveEntity(cls);
        // Given child first: the generator declares the parent first anyway.
        const source = generateEntitiesSource(exportedChain(original).reverse(), { style, imports });
        const path = fileURLToPath(new URL(`${label}-${style}.ts`, OUT));
        writeFileSync(path, source);
        written.push(path);
        const config = await prettier.resolveConfig(path);
        expect(await prettier.format(source, { ...config, filepath: path })).toBe(source);
        const module = (await import(path)) as Record<string, EntityClass>;
        const generated = module[original.name]!;
        expect(generated).toBeTypeOf('function');
        expect(comparable(resolveEntity(generated))).toEqual(comparable(original));
      });
    }
  }

  for (const [label, cls] of entities) {
    it(`${label}: schemaFilesMetadata reads the same metadata from the files, without generated code`, () => {
      const original = resolveEntity(cls);
      const meta = schemaFilesEntities(exportedChain(original)).at(-1)!;
      expect(comparable(meta)).toEqual(comparable(original));
    });
  }

  for (const style of ['decorators', 'defineEntity'] as const) {
    it(`the seed's structured key, generated from schema files (${style}), encodes like the schema`, async () => {
      const schema = parseRowKeySchemaFile(SEED_ROW_KEY_SCHEMA);
      const source = generateEntitySource(schema, parseFamiliesFile(SEED_FAMILIES), { style });
      const path = fileURLToPath(new URL(`SeedDevice-${style}.ts`, OUT));
      writeFileSync(path, source);
      written.push(path);
      const { Device } = (await import(path)) as Record<string, EntityClass>;
      const serial = new TextEncoder().encode('8923695');
      const key = resolveEntity(Device!).key.codec.encode({
        deviceType: 'phone',
        country: 'india',
        manufacturerId: 'pke5preri2eru',
        serialNumber: serial,
      });
      expect(Buffer.from(key).toString()).toBe('phone#india#pke5preri2eru#8923695');
      expect(key).toEqual(encodeRowKeyWithSchema(schema, ['phone', 'india', 'pke5preri2eru', serial]));
      const files = exportSchemaFiles(resolveEntity(Device!));
      expect(parseRowKeySchemaFile(files.rowKeySchemaFile)).toEqual(schema);
    });
  }

  for (const style of ['decorators', 'defineEntity'] as const) {
    it(`a child generated into its own module imports its parent's module (${style})`, async () => {
      const [itemFiles, commentFiles] = exportedChain(resolveEntity(InvoicePayment));
      const parentPath = fileURLToPath(new URL(`SplitInvoiceHeader-${style}.ts`, OUT));
      const childPath = fileURLToPath(new URL(`SplitInvoicePayment-${style}.ts`, OUT));
      const parentSource = generateEntitiesSource([itemFiles!], { style });
      const childSource = generateEntitiesSource([itemFiles!, commentFiles!], {
        style,
        imports: { InvoiceHeader: { from: `./SplitInvoiceHeader-${style}.js` } },
      });
      expect(childSource).not.toContain('class InvoiceHeader');
      expect(childSource).toContain(
        `import { InvoiceHeader${style === 'defineEntity' ? 'Entity' : ''} } from './SplitInvoiceHeader-${style}.js';`,
      );
      writeFileSync(parentPath, parentSource);
      writeFileSync(childPath, childSource);
      written.push(parentPath, childPath);
      const { InvoicePayment: Generated } = (await import(childPath)) as Record<string, EntityClass>;
      const { InvoiceHeader: Parent } = (await import(parentPath)) as Record<string, EntityClass>;
      expect(resolveEntity(Generated!).parent).toBe(Parent);
      expect(comparable(resolveEntity(Generated!))).toEqual(comparable(resolveEntity(InvoicePayment)));
    });
  }

  it('the generated sources type-check with the project settings', () => {
    const errors = typeErrors(OUT, written);
    expect(written.length).toBe(entities.length * 2 + 2 + 4);
    expect(errors).toEqual([]);
  }, 120_000);
});
