// The package as users get it: `npm pack` of the build, installed into a scratch ESM project without network (the
// tarball extracted into node_modules/bigtable-mapper, runtime dependencies symlinked from this repository), then a
// consumer program is type-checked strictly (skipLibCheck off, NodeNext) and run with node against the emulator.
// It fails when `files` or `exports` lose something, when a published .d.ts needs a dependency users do not get,
// or when an entry point loads what it should not.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMULATOR_HOST_KEY } from 'bigtable-mapper/testing/vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

/** The consumer: every public entry point, a decorated entity, a save and a get on the emulator. */
const CONSUMER = `
import { BigtableMapperError, Mapper, NotFoundError, printableKey } from 'bigtable-mapper';
import type { BigtableConnection, KeyInput, Repository } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import { TestMapper } from 'bigtable-mapper/testing';
import type { useMapper, useTestTable } from 'bigtable-mapper/testing/vitest';
import { SchemaManager } from 'bigtable-mapper/schema';
import type { SchemaPlan } from 'bigtable-mapper/schema';
import { kebabCase } from 'bigtable-mapper/codegen';
import { lintEntities } from 'bigtable-mapper/lint';
import { backfill } from 'bigtable-mapper/backfill';
import type { BackfillOptions } from 'bigtable-mapper/backfill';
import { compareBytes } from 'bigtable-mapper/keys';
import { getEntityMetadata } from 'bigtable-mapper/metadata';
import type { EntityMetadata } from 'bigtable-mapper/metadata';
import { readKeyRange } from 'bigtable-mapper/raw';
import type { ReadRowsRequestData } from 'bigtable-mapper/raw';
import { SCAN_WARNING_MIN_ROWS } from 'bigtable-mapper/observe';
import { startStudio } from 'bigtable-mapper/studio';

@Entity({ table: 'devices' })
@Family('d', { gc: Gc.maxVersions(1) })
class Device {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

// The generated clients of @google-cloud/bigtable are not part of the published types.
function internals(connection: BigtableConnection): unknown {
  // @ts-expect-error BigtableConnection.data is @internal and stripped from the .d.ts
  return connection.data;
}
export type VitestHelpers = [typeof useMapper, typeof useTestTable];
export type ToolTypes = [SchemaPlan, BackfillOptions<Device>, EntityMetadata<Device>];

const test = await TestMapper.create([Device], { emulatorHost: process.env.BIGTABLE_EMULATOR_HOST });
try {
  const devices: Repository<Device> = test.mapper.repository(Device);
  const key: KeyInput<Device> = { deviceType: 'phone', deviceId: '4c410523' };
  await devices.save(Object.assign(new Device(), { ...key, name: 'Pixel' }));
  const got = await devices.get(key);
  const request: ReadRowsRequestData | undefined = devices.find({ deviceType: 'phone' }).limit(5).compile().request;
  let rawRows = 0;
  for await (const row of readKeyRange(test.mapper.connection, test.tableIds['devices']!, getEntityMetadata(Device), { prefix: Buffer.from('phone#') }))
    if (row.entity instanceof Device) rawRows += 1;
  let missing = '';
  try {
    await devices.getOrThrow({ deviceType: 'phone', deviceId: 'none' });
  } catch (error) {
    if (error instanceof NotFoundError && error instanceof BigtableMapperError) missing = error.code;
  }
  console.log(JSON.stringify({
    name: got?.name,
    instance: got instanceof Device,
    key: printableKey(devices.keyOf(key)),
    missing,
    mapper: test.mapper instanceof Mapper,
    internals: typeof internals,
    tools: {
      schema: test.mapper.schema instanceof SchemaManager,
      codegen: kebabCase('DeviceDay'),
      lint: Array.isArray(lintEntities([getEntityMetadata(Device)])),
      backfill: typeof backfill,
      keys: compareBytes(Uint8Array.of(1), Uint8Array.of(2)),
      metadata: getEntityMetadata(Device).table,
      raw: { rowsLimit: String(request?.rowsLimit), rows: rawRows },
      observe: SCAN_WARNING_MIN_ROWS,
      studio: typeof startStudio,
    },
  }));
} finally {
  await test.dispose();
}
`;

/**
 * A consumer compiled with TypeScript 5's default TC39 standard decorators (no experimentalDecorators, so no
 * reflect-metadata and no design:type): the same decorators, an inherited field, a save and a get on the emulator.
 */
const STANDARD_CONSUMER = `
import { Mapper } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import { TestMapper } from 'bigtable-mapper/testing';

abstract class Named {
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

@Entity({ table: 'devices' })
@Family('d', { gc: Gc.maxVersions(1) })
class Device extends Named {
  declare static readonly keyParts: readonly ['deviceType', 'deviceId'];
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Column({ family: 'd', codec: 'int64AsNumber', optional: true }) cores?: number;
}

const test = await TestMapper.create([Device], { emulatorHost: process.env.BIGTABLE_EMULATOR_HOST });
try {
  const devices = test.mapper.repository(Device);
  const key = { deviceType: 'phone', deviceId: 'standard' };
  await devices.save(Object.assign(new Device(), key, { name: 'Pixel', cores: 8 }));
  const got = await devices.get(key);
  console.log(JSON.stringify({
    name: got?.name,
    cores: got?.cores,
    instance: got instanceof Device,
    mapper: test.mapper instanceof Mapper,
  }));
} finally {
  await test.dispose();
}
`;

/**
 * A CommonJS consumer: `require()` of every entry point (Node ≥ 20.19 / 22.12 load ES modules from `require` when
 * the `exports` map offers a `default` condition), then a save and a get through an entity declared with
 * `defineEntity` (plain JavaScript has no decorator syntax).
 */
const CJS_CONSUMER = `
'use strict';
const { Mapper, NotFoundError, printableKey } = require('bigtable-mapper');
const { defineEntity, Gc } = require('bigtable-mapper/decorators');
const { TestMapper } = require('bigtable-mapper/testing');
const { useMapper } = require('bigtable-mapper/testing/vitest');
const { BigtableMapperModule } = require('bigtable-mapper/nestjs');
const { SchemaManager } = require('bigtable-mapper/schema');
const { kebabCase } = require('bigtable-mapper/codegen');
const { LINT_RULES } = require('bigtable-mapper/lint');
const { backfill } = require('bigtable-mapper/backfill');
const { orderedCode } = require('bigtable-mapper/keys');
const { getEntityMetadata } = require('bigtable-mapper/metadata');
const { readKeyRange } = require('bigtable-mapper/raw');
const { TypedEvents } = require('bigtable-mapper/observe');
const { startStudio } = require('bigtable-mapper/studio');

class Device {}
defineEntity(Device, {
  table: 'devices',
  key: [{ property: 'deviceType', type: 'string' }, { property: 'deviceId', type: 'string' }],
  families: { d: { gc: Gc.maxVersions(1) } },
  properties: { name: { family: 'd', codec: 'string' } },
});

async function main() {
  const test = await TestMapper.create([Device], { emulatorHost: process.env.BIGTABLE_EMULATOR_HOST });
  try {
    const devices = test.mapper.repository(Device);
    const key = { deviceType: 'phone', deviceId: 'cjs' };
    await devices.save(Object.assign(new Device(), key, { name: 'Pixel' }));
    const got = await devices.get(key);
    let missing = '';
    await devices.getOrThrow({ deviceType: 'phone', deviceId: 'none' }).catch((error) => {
      if (error instanceof NotFoundError) missing = error.code;
    });
    console.log(JSON.stringify({
      name: got && got.name,
      instance: got instanceof Device,
      key: printableKey(devices.keyOf(key)),
      missing,
      mapper: test.mapper instanceof Mapper,
      vitestHelpers: typeof useMapper,
      nestModule: typeof BigtableMapperModule.forRoot,
      tools: {
        schema: test.mapper.schema instanceof SchemaManager,
        codegen: kebabCase('DeviceDay'),
        lint: Object.keys(LINT_RULES).length > 0,
        backfill: typeof backfill,
        keys: typeof orderedCode.encodeString,
        metadata: getEntityMetadata(Device).table,
        raw: typeof readKeyRange,
        observe: typeof TypedEvents,
        studio: typeof startStudio,
      },
    }));
  } finally {
    await test.dispose();
  }
}
main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
`;

/**
 * A Nest application (its optional peers @nestjs/common and @nestjs/core installed): docs/nestjs.md's module,
 * service and entity (test/docs/snippets/nest-app.ts, copied in as nest-app.ts) save and read on the emulator, and
 * closing the application closes the mapper.
 */
const NEST_CONSUMER = `
import { NestFactory } from '@nestjs/core';
import { AppModule, Order, OrderService } from './nest-app.js';

const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
const service = app.get(OrderService);
const placed = await service.place('tarball-' + process.pid);
await app.close();
let closed = '';
await service.place('after-close').catch((error: { code?: string }) => {
  closed = error.code ?? '';
});
console.log(JSON.stringify({ status: placed?.status, instance: placed instanceof Order, closed }));
`;

/**
 * A zod consumer (standard decorators): `@Entity({ validate: zodSchema })` refuses an invalid save with a
 * ValidationError whose issues carry paths, and writes a valid one.
 */
const ZOD_CONSUMER = `
import { z } from 'zod';
import { ValidationError } from 'bigtable-mapper';
import { Column, Entity, Family, KeyPart } from 'bigtable-mapper/decorators';
import { TestMapper } from 'bigtable-mapper/testing';

const schema = z.object({ id: z.string(), battery: z.number().int().min(0).max(100) });

@Entity({ table: 'zod_devices', validate: schema })
@Family('d')
class Device {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) battery!: number;
}

const test = await TestMapper.create([Device], { emulatorHost: process.env.BIGTABLE_EMULATOR_HOST });
try {
  const devices = test.mapper.repository(Device);
  const refused = await devices.save(Object.assign(new Device(), { id: 'z', battery: 120 })).catch((e: unknown) => e);
  await devices.save(Object.assign(new Device(), { id: 'ok', battery: 50 }));
  console.log(JSON.stringify({
    refused: refused instanceof ValidationError ? refused.issues.map((i) => i.path.join('.')) : String(refused),
    absent: (await devices.get({ id: 'z' })) === undefined,
    battery: (await devices.get({ id: 'ok' }))?.battery,
  }));
} finally {
  await test.dispose();
}
`;

/** A valibot consumer (`defineEntity`, no decorators): an asynchronous validator refuses an insert. */
const VALIBOT_CONSUMER = `
import * as v from 'valibot';
import { ValidationError, defineEntity } from 'bigtable-mapper';
import { TestMapper } from 'bigtable-mapper/testing';

class Sensor {
  id!: string;
  name!: string;
}
defineEntity(Sensor, {
  table: 'valibot_sensors',
  validate: v.objectAsync({
    id: v.string(),
    name: v.pipeAsync(v.string(), v.checkAsync(async (name) => name !== 'taken', 'name is taken')),
  }),
  key: [{ property: 'id' }],
  families: { d: {} },
  properties: { name: { family: 'd', codec: 'string' } },
});

const test = await TestMapper.create([Sensor], { emulatorHost: process.env.BIGTABLE_EMULATOR_HOST });
try {
  const sensors = test.mapper.repository(Sensor);
  const refused = await sensors.insert(Object.assign(new Sensor(), { id: 's', name: 'taken' })).catch((e: unknown) => e);
  await sensors.insert(Object.assign(new Sensor(), { id: 'ok', name: 'free' }));
  console.log(JSON.stringify({
    refused: refused instanceof ValidationError ? refused.issues.map((i) => i.path.join('.') + ': ' + i.message) : String(refused),
    absent: (await sensors.get({ id: 's' })) === undefined,
    name: (await sensors.get({ id: 'ok' }))?.name,
  }));
} finally {
  await test.dispose();
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: false,
    experimentalDecorators: true,
    types: ['node'],
    outDir: 'out',
  },
  files: ['main.ts'],
};

const STANDARD_TSCONFIG = {
  compilerOptions: { ...TSCONFIG.compilerOptions, experimentalDecorators: false, outDir: 'out-standard' },
  files: ['standard.ts'],
};

const VALIDATION_TSCONFIG = {
  compilerOptions: { ...TSCONFIG.compilerOptions, experimentalDecorators: false, outDir: 'out-validation' },
  files: ['zod.ts', 'valibot.ts'],
};

const NEST_TSCONFIG = {
  compilerOptions: { ...TSCONFIG.compilerOptions, outDir: 'out-nest' },
  files: ['nest.ts'],
};

let scratch = '';
let packed: string[] = [];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  try {
    return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
}

/** Links `node_modules/<name>` of the scratch project to the repository's copy (Node follows it to its realpath). */
function link(name: string): void {
  const target = join(repo, 'node_modules', name);
  if (!existsSync(target)) throw new Error(`${name} is not installed in this repository`);
  const path = join(scratch, 'node_modules', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path, 'dir');
}

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/src/index.js'))) {
    throw new Error('dist/ is missing: `npm test` builds first; alone, run `npm run build` before this test');
  }
  scratch = mkdtempSync(join(tmpdir(), 'bigtable-mapper-consumer-'));
  // --ignore-scripts: `prepack` would rebuild; the suite has just built.
  const json = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], repo);
  const [info] = JSON.parse(json.slice(json.indexOf('['))) as [
    { filename: string; files: { path: string }[] },
  ];
  packed = info.files.map((f) => f.path).sort();
  const installed = join(scratch, 'node_modules', pkg.name);
  mkdirSync(installed, { recursive: true });
  run('tar', ['xzf', join(scratch, info.filename), '-C', installed, '--strip-components=1'], scratch);
  for (const dependency of Object.keys(pkg.dependencies)) link(dependency);
  // For the type-check only: node's types, and vitest for the types of bigtable-mapper/testing/vitest.
  link('@types/node');
  link('vitest');
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(scratch, 'main.ts'), CONSUMER);
  writeFileSync(join(scratch, 'main.cjs'), CJS_CONSUMER);
  writeFileSync(join(scratch, 'tsconfig.standard.json'), JSON.stringify(STANDARD_TSCONFIG, null, 2));
  writeFileSync(join(scratch, 'standard.ts'), STANDARD_CONSUMER);
  writeFileSync(join(scratch, 'tsconfig.validation.json'), JSON.stringify(VALIDATION_TSCONFIG, null, 2));
  writeFileSync(join(scratch, 'zod.ts'), ZOD_CONSUMER);
  writeFileSync(join(scratch, 'valibot.ts'), VALIBOT_CONSUMER);
  // The validation libraries, as an application that uses them has them installed.
  for (const dependency of ['zod', 'valibot']) link(dependency);
  writeFileSync(join(scratch, 'tsconfig.nest.json'), JSON.stringify(NEST_TSCONFIG, null, 2));
  writeFileSync(join(scratch, 'nest.ts'), NEST_CONSUMER);
  copyFileSync(join(repo, 'test/docs/snippets/nest-app.ts'), join(scratch, 'nest-app.ts'));
  // The optional peers of bigtable-mapper/nestjs, as a Nest application has them.
  for (const dependency of ['@nestjs/common', '@nestjs/core', 'rxjs']) link(dependency);
}, 120_000);

function emulatorEnv(): NodeJS.ProcessEnv {
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  const host = typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST;
  expect(host, 'the global setup provides the emulator').toBeTruthy();
  return { ...process.env, BIGTABLE_EMULATOR_HOST: host };
}

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the build, README, LICENSE and docs, and nothing else', () => {
    for (const file of ['package.json', 'README.md', 'LICENSE', 'docs/testing.md'])
      expect(packed).toContain(file);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      const targets = typeof target === 'string' ? [target] : Object.values(target as Record<string, string>);
      for (const t of targets)
        expect(packed, `exports["${subpath}"] → ${t}`).toContain(t.replace(/^\.\//, ''));
    }
    const unexpected = packed.filter(
      (f) =>
        !/^(dist\/(src|decorators)\/.*\.(js|d\.ts)|dist\/src\/studio\/ui-assets\/(studio\.css|BUILT)|docs\/[^/]+\.md|package\.json|README\.md|LICENSE)$/.test(
          f,
        ),
    );
    expect(unexpected).toEqual([]);
    // The studio's browser app, bundled by `npm run build` (scripts/build-studio-ui.mjs), where assets-dir.ts looks.
    for (const file of ['studio.js', 'studio.css', 'BUILT'])
      expect(packed).toContain(`dist/src/studio/ui-assets/${file}`);
    // …and the installed package finds them there (the `studio` command serves them from studioAssetsDir()).
    const found = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "console.log((await import('bigtable-mapper/studio')).studioAssetsDir())",
      ],
      scratch,
    ).trim();
    expect(found).toBe(join(scratch, 'node_modules', pkg.name, 'dist/src/studio/ui-assets/'));
    expect(readFileSync(join(scratch, 'node_modules', pkg.name, 'LICENSE'), 'utf8')).toMatch(
      /Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/,
    );
  });

  it('has consumers that import every subpath of package.json exports, with import and with require()', () => {
    const subpaths = Object.keys(pkg.exports)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => subpath.replace(/^\./, pkg.name));
    const imported = (source: string): Set<string> =>
      new Set([...source.matchAll(/(?:from |require\()'(bigtable-mapper[^']*)'/g)].map((m) => m[1]!));
    // The ESM consumers together (bigtable-mapper/nestjs is imported by the Nest application's nest-app.ts).
    const esm = imported(
      [CONSUMER, STANDARD_CONSUMER, ZOD_CONSUMER, VALIBOT_CONSUMER, NEST_CONSUMER].join('\n') +
        readFileSync(join(repo, 'test/docs/snippets/nest-app.ts'), 'utf8'),
    );
    expect(subpaths.filter((subpath) => !esm.has(subpath))).toEqual([]);
    expect(subpaths.filter((subpath) => !imported(CJS_CONSUMER).has(subpath))).toEqual([]);
  });

  it('ships the bigtable-mapper executable, which runs with the runtime dependencies only', () => {
    const bin = pkg.bin['bigtable-mapper']!.replace(/^\.\//, '');
    expect(packed).toContain(bin);
    const installed = join(scratch, 'node_modules', pkg.name, bin);
    expect(readFileSync(installed, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(run(process.execPath, [installed, '--version'], scratch).trim()).toBe(pkg.version);
  });

  it('ships no source maps (it ships no sources for them to point at)', () => {
    expect(packed.filter((f) => f.endsWith('.map'))).toEqual([]);
    const index = readFileSync(join(scratch, 'node_modules', pkg.name, 'dist/src/index.js'), 'utf8');
    expect(index).not.toContain('sourceMappingURL');
  });

  it('publishes .d.ts files that never import the Bigtable client libraries', () => {
    const offenders = packed
      .filter((f) => f.endsWith('.d.ts'))
      .filter((f) =>
        /from ['"](@google-cloud\/bigtable|google-gax)/.test(
          readFileSync(join(scratch, 'node_modules', pkg.name, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('type-checks a strict NodeNext consumer of every entry point, then saves and gets on the emulator', () => {
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    run(process.execPath, [tsc, '-p', 'tsconfig.json'], scratch);
    // At run time vitest is not installed, as for a user without the optional peer: `bigtable-mapper/testing`
    // must load without it.
    rmSync(join(scratch, 'node_modules/vitest'), { force: true });
    const out = run(process.execPath, [join(scratch, 'out/main.js')], scratch, emulatorEnv());
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      name: 'Pixel',
      instance: true,
      key: 'phone#4c410523',
      missing: 'NOT_FOUND',
      mapper: true,
      internals: 'function',
      tools: {
        schema: true,
        codegen: 'device-day',
        lint: true,
        backfill: 'function',
        keys: -1,
        metadata: 'devices',
        raw: { rowsLimit: '5', rows: 1 },
        observe: 1000,
        studio: 'function',
      },
    });
  }, 120_000);

  it('loads every entry point with require() from CommonJS, then saves and gets on the emulator', () => {
    // bigtable-mapper/testing/vitest needs its optional peer at run time; the other test removes the link.
    if (!existsSync(join(scratch, 'node_modules/vitest'))) link('vitest');
    const out = run(process.execPath, [join(scratch, 'main.cjs')], scratch, emulatorEnv());
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      name: 'Pixel',
      instance: true,
      key: 'phone#cjs',
      missing: 'NOT_FOUND',
      mapper: true,
      vitestHelpers: 'function',
      nestModule: 'function',
      tools: {
        schema: true,
        codegen: 'device-day',
        lint: true,
        backfill: 'function',
        keys: 'function',
        metadata: 'devices',
        raw: 'function',
        observe: 'function',
        studio: 'function',
      },
    });
  }, 120_000);

  it('type-checks and runs a consumer compiled with TC39 standard decorators (no experimentalDecorators)', () => {
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    run(process.execPath, [tsc, '-p', 'tsconfig.standard.json'], scratch);
    const out = run(process.execPath, [join(scratch, 'out-standard/standard.js')], scratch, emulatorEnv());
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      name: 'Pixel',
      cores: 8,
      instance: true,
      mapper: true,
    });
  }, 120_000);

  it('type-checks and runs a zod and a valibot consumer: invalid entities refused with paths, nothing written', () => {
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    run(process.execPath, [tsc, '-p', 'tsconfig.validation.json'], scratch);
    const zod = run(process.execPath, [join(scratch, 'out-validation/zod.js')], scratch, emulatorEnv());
    expect(JSON.parse(zod.trim().split('\n').at(-1)!)).toEqual({
      refused: ['battery'],
      absent: true,
      battery: 50,
    });
    const valibot = run(
      process.execPath,
      [join(scratch, 'out-validation/valibot.js')],
      scratch,
      emulatorEnv(),
    );
    expect(JSON.parse(valibot.trim().split('\n').at(-1)!)).toEqual({
      refused: ['name: name is taken'],
      absent: true,
      name: 'free',
    });
  }, 120_000);

  it('runs a Nest application: injected repository, save and get on the emulator, mapper closed on close', () => {
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    run(process.execPath, [tsc, '-p', 'tsconfig.nest.json'], scratch);
    const out = run(process.execPath, [join(scratch, 'out-nest/nest.js')], scratch, emulatorEnv());
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      status: 'new',
      instance: true,
      closed: 'CONNECTION_CLOSED',
    });
  }, 120_000);
});
