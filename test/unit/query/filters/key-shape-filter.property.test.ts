import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyValue } from '../../../../src/codecs/key/key-codec-types.js';
import { defineEntity } from '../../../../src/metadata/define-entity.js';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { EntityRegistry } from '../../../../src/metadata/entity-registry.js';
import type { KeyDefinition } from '../../../../src/metadata/define-entity.js';
import { keyShapeExcludes } from '../../../../src/metadata/key-shape.js';
import { keyShapePattern, re2Literal } from '../../../../src/query/compiler/filters/key-shape-filter.js';
import { chatModel } from '../../../support/chat-model.js';

type Loose = Record<string, unknown>;
const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/**
 * The pattern as RE2 applies it to a row key, byte by byte (Latin-1) and to the whole key: JavaScript's RegExp on
 * the key's Latin-1 text reads the same syntax (`\xNN`, `\#`, classes, groups) the same way.
 */
function matches(pattern: Uint8Array, key: Uint8Array): boolean {
  return new RegExp(`^(?:${latin1(pattern)})$`).test(latin1(key));
}

const PART_TYPES = [
  'string',
  'bytes',
  'int64',
  'timestamp',
  'reversedTimestamp',
  'reversedInt64',
  'reversedDomain',
] as const;
type PartType = (typeof PART_TYPES)[number];

const INT64_MAX = (1n << 63n) - 1n;
function valueOf(type: PartType): fc.Arbitrary<KeyValue> {
  switch (type) {
    case 'string':
      // Metacharacters, `\n`, NUL, non-ASCII and astral characters; delimited keys refuse some (then skipped).
      return fc.string({ unit: 'binary', maxLength: 5 });
    case 'bytes':
      return fc.uint8Array({ maxLength: 5 });
    case 'int64':
      return fc.bigInt({ min: -INT64_MAX - 1n, max: INT64_MAX });
    case 'timestamp':
      return fc.date({ min: new Date(-1e15), max: new Date(1e15), noInvalidDate: true });
    case 'reversedTimestamp':
      return fc.date({ min: new Date(0), max: new Date(1e15), noInvalidDate: true });
    case 'reversedInt64':
      return fc.bigInt({ min: 0n, max: INT64_MAX });
    case 'reversedDomain':
      return fc.domain();
  }
}

let tables = 0;
function layout(
  encoding: 'delimited' | 'orderedCode',
  parentTypes: readonly PartType[],
  childLiteral: string,
  childTypes: readonly PartType[],
): { parent: EntityMetadata; child: EntityMetadata } | undefined {
  const table = `ks_${tables++}`;
  const Parent = { Parent: class {} }.Parent as unknown as EntityClass<Loose>;
  const Child = { Child: class {} }.Child as unknown as EntityClass<Loose>;
  const part = (prefix: string) => (type: PartType, i: number) =>
    ({ property: `${prefix}${i}`, type }) as KeyDefinition<Loose>;
  try {
    defineEntity(Parent, { table, prefix: 'conv', encoding, key: parentTypes.map(part('p')) });
    defineEntity(Child, { table, parent: Parent, literal: childLiteral, key: childTypes.map(part('c')) });
    const registry = new EntityRegistry([Parent, Child]);
    return { parent: registry.resolve(Parent), child: registry.resolve(Child) };
  } catch {
    return undefined; // a layout the declaration check refuses (e.g. a delimiter-unfriendly type)
  }
}

function tryEncode(meta: EntityMetadata, values: Record<string, KeyValue>): Uint8Array | undefined {
  try {
    return meta.key.codec.encode(values);
  } catch {
    return undefined; // a value the encoding refuses (a byte ≤ the delimiter in a delimited key)
  }
}

const types = fc.array(fc.constantFrom(...PART_TYPES), { minLength: 1, maxLength: 3 });

describe('the key-shape regex of a parent entity', () => {
  it('accepts every key the parent codec produces and rejects every child key (both encodings, every key type)', () => {
    const tested = {
      delimited: { layouts: 0, parents: 0, children: 0 },
      orderedCode: { layouts: 0, parents: 0, children: 0 },
    };
    fc.assert(
      fc.property(
        fc.constantFrom('delimited' as const, 'orderedCode' as const),
        types,
        types,
        fc.constantFrom('m', 'u', 'a.b', '(x)'),
        (encoding, parentTypes, childTypes, literal) => {
          const model = layout(encoding, parentTypes, literal, childTypes);
          if (!model) return;
          tested[encoding].layouts++;
          const pattern = keyShapePattern(model.parent.key);
          expect(keyShapeExcludes(model.parent.key, model.child.key)).toBe(true);
          expect(keyShapeExcludes(model.child.key, model.parent.key)).toBe(true);
          const parentValues = fc.record(
            Object.fromEntries(parentTypes.map((t, i) => [`p${i}`, valueOf(t)])),
          ) as fc.Arbitrary<Record<string, KeyValue>>;
          const childValues = fc.record(
            Object.fromEntries(childTypes.map((t, i) => [`c${i}`, valueOf(t)])),
          ) as fc.Arbitrary<Record<string, KeyValue>>;
          for (const [p, c] of fc.sample(fc.tuple(parentValues, childValues), 40)) {
            const parentKey = tryEncode(model.parent, p);
            if (parentKey) expect(matches(pattern, parentKey), latin1(parentKey)).toBe(true);
            const childKey = tryEncode(model.child, { ...p, ...c });
            if (parentKey) tested[encoding].parents++;
            if (childKey) tested[encoding].children++;
            if (childKey) expect(matches(pattern, childKey), latin1(childKey)).toBe(false);
            if (childKey) expect(matches(keyShapePattern(model.child.key), childKey)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
    // Not vacuous: many layouts and keys of each encoding were checked (refused layouts and values are skipped).
    for (const counts of Object.values(tested)) {
      expect(counts.layouts).toBeGreaterThan(20);
      expect(counts.parents).toBeGreaterThan(500);
      expect(counts.children).toBeGreaterThan(200);
    }
  });

  it('escapes every byte of a literal so that it matches only itself', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), fc.uint8Array({ maxLength: 12 }), (a, b) => {
        const pattern = re2Literal(a);
        expect(matches(pattern, a)).toBe(true);
        expect(matches(pattern, b)).toBe(Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0);
        // Only word bytes and bytes ≥ 0x80 stand for themselves; everything else is escaped.
        for (const byte of pattern) expect(byte >= 0x20 && byte !== 0x7f).toBe(true);
      }),
    );
  });

  it('reads the shapes of the chat service: conversations, their messages and unread counters', () => {
    for (const encoding of ['delimited', 'orderedCode'] as const) {
      const { conversation: conv, message, unread } = chatModel(`ks_chat_${encoding}`, encoding);
      const pattern = keyShapePattern(conv.key);
      if (encoding === 'delimited') expect(latin1(pattern)).toBe('[^\\x00-\\x23]*\\#conv\\#[^\\x00-\\x23]*');
      else
        expect(latin1(pattern)).toBe(
          '(?:[^\\x00]|\\x00[\\x00\\xff])*\\x00\\x01conv(?:\\x00\\x01(?:[^\\x00]|\\x00[\\x00\\xff])*)?',
        );
      const keys = {
        conv: conv.key.codec.encode({ tenant: 'acme', id: 'c1' }),
        empty: conv.key.codec.encode({ tenant: 'acme', id: '' }),
        message: message.key.codec.encode({ tenant: 'acme', id: 'c1', at: new Date(5) }),
        unread: unread.key.codec.encode({ tenant: 'acme', id: 'c1', member: 'zed' }),
        unreadEmpty: unread.key.codec.encode({ tenant: 'acme', id: '', member: '' }),
      };
      expect(matches(pattern, keys.conv)).toBe(true);
      expect(matches(pattern, keys.empty)).toBe(true);
      expect(matches(pattern, keys.message)).toBe(false);
      expect(matches(pattern, keys.unread)).toBe(false);
      expect(matches(pattern, keys.unreadEmpty)).toBe(false);
      // Siblings of one level: a message is not an unread counter (the literal differs), and vice versa.
      expect(keyShapeExcludes(message.key, unread.key)).toBe(true);
      expect(matches(keyShapePattern(message.key), keys.unread)).toBe(false);
    }
  });
});
