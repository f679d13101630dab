import { beforeAll, describe, expect, it } from 'vitest';
import { ownDeclarations } from '../../../src/metadata/declaration-store.js';
import type { EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import * as viaVitest from '../../fixtures/entities/compile-mode-entities.js';
import { importCompiled } from '../../support/compile-with-tsc.js';
import { problemsOf } from '../../support/metadata-problems.js';

const FIXTURE = new URL('../../fixtures/entities/compile-mode-entities.ts', import.meta.url);

type FixtureModule = typeof viaVitest;

/** The fixture compiled by tsc (legacy decorators unless told otherwise), metadata emission on or off. */
function compileFixture(
  emitDecoratorMetadata: boolean,
  experimentalDecorators = true,
): Promise<FixtureModule> {
  return importCompiled<FixtureModule>(FIXTURE, { experimentalDecorators, emitDecoratorMetadata });
}

function comparable(meta: EntityMetadata): unknown {
  return { ...meta, target: undefined, key: { ...meta.key, codec: undefined } };
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

  it('under TS 5 standard decorators (no experimentalDecorators) the same classes resolve to equal metadata', async () => {
    const standard = await compileFixture(false, false);
    expect(comparable(resolveEntity(standard.Explicit))).toEqual(
      comparable(resolveEntity(withoutMetadata.Explicit)),
    );
    // Standard decorators never have design:type: an unnamed codec is the same error as without metadata.
    expect(problemsOf(standard.Inferred)).toEqual(problemsOf(withoutMetadata.Inferred));
    expect(problemsOf(standard.Mismatch)).toEqual([]);
  });
});
