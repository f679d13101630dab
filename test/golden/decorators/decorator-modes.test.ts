import ts from 'typescript';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type * as Protocol from '../../fixtures/entities/decorator-protocol-entities.js';
import type * as VideoFixture from '../../fixtures/entities/video-entity.js';
import { importCompiled } from '../../support/compile-with-tsc.js';
import type { DecoratorMode } from '../../support/compile-with-tsc.js';
import { expectGolden } from '../../support/golden-file.js';

// The same entity sources compiled by tsc as legacy decorators (experimentalDecorators) and as TC39 standard
// decorators (TypeScript 5's default) must resolve to the same metadata, down to every codec and option; the
// golden file is that metadata, reviewed once.

const PROTOCOL = new URL('../../fixtures/entities/decorator-protocol-entities.ts', import.meta.url);
const VIDEO = new URL('../../fixtures/entities/video-entity.ts', import.meta.url);
const LEGACY: DecoratorMode = { experimentalDecorators: true };
const STANDARD: DecoratorMode = { experimentalDecorators: false };

type ProtocolModule = typeof Protocol;
type VideoModule = typeof VideoFixture;

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/**
 * A deterministic text of resolved metadata: functions and classes by name (each compiled module has its own),
 * protobuf types by full name, bytes as hex, cycles cut.
 */
function describeValue(value: unknown, seen = new Set<object>()): unknown {
  if (typeof value === 'function') return `[function ${(value as { name?: string }).name || 'anonymous'}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return String(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Uint8Array) return `bytes:${hex(value)}`;
  if (value instanceof Date) return value.toISOString();
  if ('fullName' in value && typeof value.fullName === 'string') return `[protobuf ${value.fullName}]`;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => describeValue(v, seen));
    if (value instanceof Map)
      return [...value].map(([k, v]) => [describeValue(k, seen), describeValue(v, seen)]);
    if (value instanceof Set) return [...value].map((v) => describeValue(v, seen));
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, describeValue((value as Record<string, unknown>)[k], seen)]),
    );
  } finally {
    seen.delete(value);
  }
}

/** The resolved metadata of `target` as text, or its MetadataError's problems. */
function resolved(target: EntityClass): string {
  try {
    return JSON.stringify(describeValue(resolveEntity(target)), null, 2);
  } catch (error) {
    if (!(error instanceof MetadataError)) throw error;
    return JSON.stringify({ problems: error.problems }, null, 2);
  }
}

function allResolved(protocol: ProtocolModule, video: VideoModule): string {
  const entities: Record<string, EntityClass> = {
    Account: protocol.Account,
    BusinessAccount: protocol.BusinessAccount,
    Invoice: protocol.Invoice,
    Profile: protocol.Profile,
    NotAnEntity: protocol.NotAnEntity,
    Misplaced: protocol.Misplaced,
    Video: video.videoWithDecorators('golden_video'),
  };
  return Object.entries(entities)
    .map(([name, target]) => `## ${name}\n${resolved(target)}\n`)
    .join('\n');
}

describe('decorator protocols', () => {
  let legacy = '';
  let standard = '';
  beforeAll(async () => {
    legacy = allResolved(
      await importCompiled<ProtocolModule>(PROTOCOL, LEGACY),
      await importCompiled<VideoModule>(VIDEO, LEGACY),
    );
    standard = allResolved(
      await importCompiled<ProtocolModule>(PROTOCOL, STANDARD),
      await importCompiled<VideoModule>(VIDEO, STANDARD),
    );
  });

  it('legacy and standard decorators resolve the same sources to identical metadata', () => {
    expect(standard).toBe(legacy);
  });

  it('the resolved metadata is the reviewed golden', () => {
    expectGolden(legacy, new URL('./__golden__/decorator-modes.txt', import.meta.url));
  });

  it('the sources type-check as standard decorators (tsc without experimentalDecorators)', () => {
    const program = ts.createProgram([fileURLToPath(PROTOCOL), fileURLToPath(VIDEO)], {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
