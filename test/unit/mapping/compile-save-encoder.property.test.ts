// The compiled save encoder (issue 14) must write exactly what the general save path writes, for any entity of
// any shape, and hand everything else (bad values, duplicate keys, sizes near a limit) to the general path, which
// throws the precise error. The general path is the reference: saves through buildSaveMutations (compiled) are
// compared with generalSaveMutations on random entities, valid or not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Aggregate,
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../../decorators/index.js';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { compileSaveEncoder } from '../../../src/mapping/compile-save-encoder.js';
import { encodeEntityKey } from '../../../src/mapping/entity-key.js';
import { generalSaveMutations } from '../../../src/mapping/general-save-mutations.js';
import { encodeToken } from '../../../src/mapping/schema-version-token.js';
import type { EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { User } from '../../integration/evolution/evolving-users.js';

@Entity({ table: 'encoder_property', prefix: 'w' })
@Family('d')
@Family('m')
@Family('b')
@Family('s')
@Family('n')
@Family('sum', { aggregate: 'sum' })
class Wide {
  @KeyPart(0, 'string') id!: string;
  @KeyPart(1, { type: 'int64', width: 6 }) seq!: bigint;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'float64', optional: true }) score?: number;
  @Column({ family: 'd', codec: 'string', nullable: true }) bio!: string | null;
  @Column({ family: 'd', codec: 'int64AsNumber', optional: true }) count?: number;
  @Column({ family: 'd', codec: 'boolean', optional: true }) ok?: boolean;
  @Column({ family: 'd', codec: 'date', optional: true }) at?: Date;
  @Column({ family: 'd', codec: 'bytes', optional: true }) raw?: Uint8Array;
  @Column({ family: 'd', codec: 'json', optional: true }) doc?: unknown;
  @QualifierMap({ family: 'm', key: 'string', value: 'int64' }) counts!: Map<string, bigint>;
  @QualifierMap({ family: 'b', key: 'bytes', value: 'string' }) blobs!: Map<Uint8Array, string>;
  @QualifierSet({ family: 's', key: 'string' }) tags!: Set<string>;
  @QualifierSet({ family: 'n', key: 'int64' }) ids!: Set<bigint>;
  @Counter({ family: 'd' }) hits!: bigint;
  @Aggregate({ family: 'sum' }) total!: bigint;
  @Version({ family: 'd' }) version!: bigint;
}

@Entity({ table: 'encoder_property_n' })
@Family('d')
class Numbered {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) note?: string;
  @Version({ family: 'd', as: 'number' }) version!: number;
}

const NOW = 1_700_000_000_123;
const WRITE_ID = Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8);

/** A value of the expected type most of the time, sometimes something a save must refuse or delete. */
function sometimes<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  const wild = fc.constantFrom<unknown>(
    undefined,
    null,
    'text',
    7,
    7n,
    1.5,
    true,
    {},
    [],
    new Map(),
    new Set(),
  );
  return fc.oneof({ arbitrary: valid, weight: 30 }, { arbitrary: wild, weight: 1 });
}

// Lone surrogates cannot be encoded as UTF-8: the string codec refuses them.
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `x${String.fromCharCode(c)}`);
const text = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 40 },
  { arbitrary: loneSurrogate, weight: 1 },
);
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const keyId = fc.stringMatching(/^[a-z0-9]{1,6}$/);
// Short byte keys collide often: two distinct arrays with the same bytes are one qualifier.
const bytesKey = fc.uint8Array({ maxLength: 3 });
const json = fc.jsonValue({ maxDepth: 2 });

const wide = fc
  .record({
    id: sometimes(keyId),
    seq: fc.bigInt({ min: 0n, max: 999_999n }),
    name: sometimes(text),
    score: sometimes(fc.double()),
    bio: sometimes(text),
    count: sometimes(fc.integer()),
    ok: sometimes(fc.boolean()),
    at: sometimes(fc.date({ noInvalidDate: true })),
    raw: sometimes(fc.uint8Array({ maxLength: 6 })),
    doc: sometimes(json),
    counts: sometimes(fc.array(fc.tuple(text, int64), { maxLength: 5 }).map((e) => new Map(e))),
    blobs: sometimes(fc.array(fc.tuple(bytesKey, text), { maxLength: 5 }).map((e) => new Map(e))),
    tags: sometimes(fc.array(text, { maxLength: 5 }).map((e) => new Set(e))),
    ids: sometimes(fc.array(int64, { maxLength: 5 }).map((e) => new Set(e))),
    hits: fc.bigInt(),
    total: fc.bigInt(),
    version: sometimes(fc.bigInt({ min: 0n, max: 2n ** 63n - 2n })),
  })
  .map((values) => Object.assign(new Wide(), values));

const numbered = fc
  .record({
    id: keyId,
    note: sometimes(text),
    version: sometimes(fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constant(Number.MAX_SAFE_INTEGER))),
  })
  .map((values) => Object.assign(new Numbered(), values));

const user = fc
  .record({
    userId: keyId,
    displayName: sometimes(text),
    settings: sometimes(
      fc.record({ theme: fc.string({ minLength: 1, maxLength: 4 }) }, { requiredKeys: [] }),
    ),
    prefs: sometimes(fc.array(fc.tuple(text, text), { maxLength: 4 }).map((e) => new Map(e))),
    logins: fc.integer(),
  })
  .map((values) => Object.assign(new User(), values));

/** Bytes as hex and bigints as text, so results compare by content whatever their array class. */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** What a call returned (plainly) or threw (class, code and message). */
function outcome(fn: () => unknown): unknown {
  try {
    return { returned: plain(fn()) };
  } catch (error) {
    const e = error as Error & { code?: string };
    return { threw: e.constructor.name, code: e.code, message: e.message };
  }
}

function referenceSave<E extends object>(meta: EntityMetadata<E>, entity: E): unknown {
  return outcome(() => {
    const key = encodeEntityKey(meta, entity);
    const token = meta.evolution && encodeToken(meta.evolution.version, WRITE_ID);
    return generalSaveMutations(meta, entity, key, BigInt(NOW) * 1000n, token, meta.version && WRITE_ID);
  });
}

function checkAgainstReference<E extends object>(meta: EntityMetadata<E>, entities: fc.Arbitrary<E>): void {
  const encoder = compileSaveEncoder(meta);
  expect(encoder).toBeDefined();
  let compiled = 0;
  fc.assert(
    fc.property(entities, (entity) => {
      const want = referenceSave(meta, entity);
      expect(
        outcome(() => buildSaveMutations(meta, entity, { now: () => NOW, writeId: () => WRITE_ID })),
      ).toEqual(want);
      // The compiled encoder alone: what it returns is the reference's save; undefined defers to the reference.
      let key: Uint8Array;
      try {
        key = encodeEntityKey(meta, entity);
      } catch {
        return;
      }
      const token = meta.evolution && encodeToken(meta.evolution.version, WRITE_ID);
      const fast = encoder!(entity, key, BigInt(NOW) * 1000n, token, meta.version && WRITE_ID);
      if (fast === undefined) return;
      compiled++;
      expect({ returned: plain(fast) }).toEqual(want);
    }),
    { numRuns: 400 },
  );
  // Most random entities are valid: the compiled path must be the one that handles them.
  expect(compiled).toBeGreaterThan(100);
}

describe('compiled save encoder', () => {
  it('writes what the general path writes: columns of every codec, maps, sets, counters, version', () => {
    checkAgainstReference(resolveEntity(Wide), wide);
  });

  it('writes what the general path writes: a number version', () => {
    checkAgainstReference(resolveEntity(Numbered), numbered);
  });

  it('writes what the general path writes: an evolving entity (token, protobuf column, old-shape deletes)', () => {
    checkAgainstReference(resolveEntity(User), user);
  });

  it('leaves entities with versioned columns to the general path', () => {
    @Entity({ table: 'encoder_versioned' })
    @Family('d')
    class Log {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string', versioned: true }) lines!: { timestamp: Date; value: string }[];
    }
    expect(compileSaveEncoder(resolveEntity(Log))).toBeUndefined();
  });

  it('compiles resolved metadata only, not metadata made for one call', () => {
    const meta = resolveEntity(Numbered);
    expect(compileSaveEncoder(meta)).toBe(compileSaveEncoder(meta));
    expect(compileSaveEncoder({ ...meta })).toBeUndefined();
  });
});
