import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { ownDeclarations } from '../../../src/metadata/declaration-store.js';
import type { EntityClass, EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import * as viaVitest from '../../fixtures/entities/compile-mode-entities.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/entities/compile-mode-entities.ts', import.meta.url));
const REPO = resolve(dirname(FIXTURE), '../../..');
const OUT = join(REPO, '.tmp', 'compile-modes');

type FixtureModule = typeof viaVitest;

/**
 * Compiles the fixture with the TypeScript compiler (legacy decorators, metadata on or off) into .tmp/ and imports
 * it. Relative imports become absolute paths of the .ts sources, so the compiled module shares the SDK module
 * instances (and the metadata store) with this test.
 */
async function compileFixture(
  emitDecoratorMetadata: boolean,
  experimentalDecorators = true,
): Promise<FixtureModule> {
  const source = readFileSync(FIXTURE, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: FIXTURE,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      experimentalDecorators,
      emitDecoratorMetadata,
      useDefineForClassFields: true,
    },
  });
  const rewritten = outputText.replace(/from '(\.{1,2}\/[^']+)\.js'/g, (_m, rel: string) => {
    return `from '${resolve(dirname(FIXTURE), `${rel}.ts`)}'`;
  });
  mkdirSync(OUT, { recursive: true });
  const file = join(
    OUT,
    `entities-${experimentalDecorators ? 'legacy' : 'standard'}-${emitDecoratorMetadata ? 'with' : 'without'}-metadata-${process.pid}.mjs`,
  );
  writeFileSync(file, rewritten);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as FixtureModule;
}

function comparable(meta: EntityMetadata): unknown {
  return { ...meta, target: undefined, key: { ...meta.key, codec: undefined } };
}

function problemsOf(target: EntityClass): string[] {
  try {
    resolveEntity(target);
    return [];
  } catch (error) {
    if (!(error instanceof MetadataError)) throw error;
    return error.problems.map((p) => `${p.property ?? ''}: ${p.message}`);
  }
}

describe('decorators compiled by tsc', () => {
  let withMetadata: FixtureModule;
  let withoutMetadata: FixtureModule;
  beforeAll(async () => {
    withMetadata = await compileFixture(true);
    withoutMetadata = await compileFixture(false);
  });

  it('the compiled modules really differ in design:type emission', () => {
    const typeOf = (m: FixtureModule) =>
      ownDeclarations(m.Explicit).flatMap((r) =>
        'designType' in r && r.property === 'name' ? [r.designType] : [],
      );
    expect(typeOf(withMetadata)).toEqual([String]);
    expect(typeOf(withoutMetadata)).toEqual([undefined]);
    expect(typeOf(viaVitest)).toEqual([undefined]);
  });

  it('explicit codecs resolve to equal metadata with and without emitDecoratorMetadata (and under vitest)', () => {
    const a = resolveEntity(withMetadata.Explicit);
    const b = resolveEntity(withoutMetadata.Explicit);
    const c = resolveEntity(viaVitest.Explicit);
    expect(comparable(b)).toEqual(comparable(a));
    expect(comparable(c)).toEqual(comparable(a));
    expect(a.fields.map((f) => `${f.property}:${f.kind}`)).toEqual([
      'name:column',
      'count:column',
      'tags:set',
      'hits:counter',
    ]);
  });

  it('with design:type, obvious scalar codecs are inferred', () => {
    const meta = resolveEntity(withMetadata.Inferred);
    const codecs = Object.fromEntries(
      meta.fields.map((f) => [f.property, f.kind === 'column' ? f.codec.name : f.kind]),
    );
    expect(codecs).toEqual({
      name: 'string',
      score: 'float64',
      active: 'boolean',
      big: 'int64',
      at: 'date',
      raw: 'bytes',
    });
  });

  it('without design:type, a missing codec is a clear metadata error (never a silent guess)', () => {
    for (const mod of [withoutMetadata, viaVitest]) {
      const problems = problemsOf(mod.Inferred);
      expect(problems).toHaveLength(6);
      expect(problems[0]).toMatch(/^name: codec is required: no design:type metadata/);
    }
  });

  it('with design:type, codecs that disagree with the property type are reported', () => {
    expect(problemsOf(withMetadata.Mismatch)).toEqual([
      'count: design:type is Number but int64 produces BigInt',
      "hits: design:type is Number but int64 produces BigInt; declare as: 'number' to read it as a number",
    ]);
    expect(problemsOf(withoutMetadata.Mismatch)).toEqual([]);
  });

  it('under TS 5 standard decorators (no experimentalDecorators) the class fails to load with a clear TypeError', async () => {
    await expect(compileFixture(false, false)).rejects.toThrow(
      /is a legacy TypeScript decorator: set "experimentalDecorators": true in tsconfig.json, or declare the entity with defineEntity\(\)/,
    );
  });
});
