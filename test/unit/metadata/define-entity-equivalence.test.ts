import { describe, expect, it } from 'vitest';
import { ownDeclarations } from '../../../src/metadata/declaration-store.js';
import type { EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { videoWithDecorators, videoWithDefineEntity } from '../../fixtures/entities/video-entity.js';

/** Metadata without what necessarily differs between two classes: the class itself and its key codec object. */
function comparable(meta: EntityMetadata): unknown {
  return { ...meta, target: undefined, key: { ...meta.key, codec: undefined } };
}

function sortedRecords(target: object): unknown[] {
  const order = (r: { kind: string }) =>
    r.kind + JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  return [...ownDeclarations(target)].sort((a, b) => (order(a) < order(b) ? -1 : 1));
}

describe('decorators and defineEntity()', () => {
  it('resolve to equal metadata for the same entity', () => {
    const decorated = resolveEntity(videoWithDecorators('equivalence'));
    const defined = resolveEntity(videoWithDefineEntity('equivalence'));
    expect(comparable(defined)).toEqual(comparable(decorated));
    expect(defined.name).toBe('Video');
    expect(defined.fields).toHaveLength(18);
  });

  it('produce the same declaration records (no design:type without emitDecoratorMetadata)', () => {
    expect(sortedRecords(videoWithDefineEntity('records'))).toEqual(
      sortedRecords(videoWithDecorators('records')),
    );
  });

  it('produce key codecs that encode identically', () => {
    const a = resolveEntity(videoWithDecorators('keys'));
    const b = resolveEntity(videoWithDefineEntity('keys'));
    const values = { channel: 'c1', uploadedAt: new Date(1_700_000_000_000) };
    expect(Buffer.from(b.key.codec.encode(values)).toString()).toBe(
      Buffer.from(a.key.codec.encode(values)).toString(),
    );
    expect(Buffer.from(a.key.codec.encode(values)).toString()).toBe('video#c1#up#9223370336854775807');
  });
});
