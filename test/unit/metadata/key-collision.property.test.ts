// Property: when the collision check accepts the layouts of a table, no key any of them encodes decodes as another
// one — so keyOwner, which takes the first entity whose codec decodes a key, names exactly one type per row. And
// when it refuses, the example key it shows really decodes as both.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyCodec } from '../../../src/codecs/key/create-key-codec.js';
import type { KeyEncodingSpec, KeyValue, SegmentSpec } from '../../../src/codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import { findKeyCollision } from '../../../src/metadata/find-key-collision.js';
import { keyCollisionProblem } from '../../../src/metadata/key-collision-problem.js';
import { keyOwner } from '../../../src/metadata/key-owner.js';

const HASH: KeyEncodingSpec = { kind: 'delimited', delimiter: Uint8Array.of(0x23) };
const ORDERED: KeyEncodingSpec = { kind: 'orderedCode' };

type Unnamed = SegmentSpec extends infer S ? (S extends unknown ? Omit<S, 'name'> : never) : never;

function segment(ordered: boolean): fc.Arbitrary<Unnamed> {
  return fc.oneof(
    fc.constantFrom('a', 'b', 'ab', '0').map((value) => ({ type: 'literal' as const, value })),
    fc.constant({ type: 'string' as const }),
    fc.constant({ type: 'bytes' as const }),
    ordered
      ? fc
          .constantFrom('orderedCode' as const, 'bigEndian' as const)
          .map((encoding) => ({ type: 'int64' as const, encoding }))
      : fc.integer({ min: 1, max: 3 }).map((width) => ({ type: 'int64' as const, width })),
    fc.constant({ type: 'reversedTimestamp' as const }),
    fc.constantFrom('date' as const, 'micros' as const).map((as) => ({ type: 'timestamp' as const, as })),
  );
}

interface Layout {
  readonly meta: EntityMetadata;
  readonly segments: readonly SegmentSpec[];
}

function layout(index: number, encoding: KeyEncodingSpec, specs: readonly Unnamed[]): Layout | undefined {
  const segments = specs.map((s, i) => (s.type === 'literal' ? s : { ...s, name: `f${i}` })) as SegmentSpec[];
  try {
    const codec = createKeyCodec({ entity: `E${index}`, segments, encoding });
    const key = { segments, encoding, codec, parts: [] };
    // Only what the check and the router read.
    return { meta: { name: `E${index}`, table: 't', key } as unknown as EntityMetadata, segments };
  } catch {
    return undefined; // e.g. a literal that does not fit the encoding
  }
}

const table = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }))
  .chain(([ordered, mixed]) =>
    fc.array(
      fc.tuple(
        mixed === 0 ? fc.boolean() : fc.constant(ordered),
        fc.array(segment(true), { minLength: 1, maxLength: 4 }),
        fc.array(segment(false), { minLength: 1, maxLength: 4 }),
      ),
      { minLength: 2, maxLength: 3 },
    ),
  )
  .map((entities) =>
    entities
      .map(([ordered, oc, delimited], i) => layout(i, ordered ? ORDERED : HASH, ordered ? oc : delimited))
      .filter((l): l is Layout => l !== undefined),
  );

const STRINGS = ['', 'a', 'b', 'ab', '0', '00', '000', 'a0', '\u00e9'];
function value(spec: SegmentSpec): fc.Arbitrary<KeyValue> {
  switch (spec.type) {
    case 'string':
    case 'reversedDomain':
      return fc.constantFrom(...STRINGS);
    case 'bytes':
      return fc.constantFrom(...STRINGS).map((s) => new TextEncoder().encode(s));
    case 'int64':
      return fc.oneof(fc.bigInt({ min: -300n, max: 999n }), fc.constantFrom(-1n, 0n, 97n, 48n));
    case 'reversedTimestamp':
      return fc.integer({ min: 0, max: 5 }).map((ms) => new Date(ms));
    case 'timestamp':
      return spec.as === 'micros'
        ? fc.bigInt({ min: -2000n, max: 2000n }).map((us) => us * 1000n)
        : fc.integer({ min: 0, max: 5 }).map((ms) => new Date(ms));
    default:
      return fc.constant('');
  }
}

function values(l: Layout): fc.Arbitrary<Record<string, KeyValue>> {
  const named = l.segments.filter(
    (s): s is SegmentSpec & { name: string } => 'name' in s && s.name !== undefined,
  );
  return fc.record(Object.fromEntries(named.map((s) => [s.name, value(s)])));
}

function decodes(l: Layout, key: Uint8Array): boolean {
  try {
    l.meta.key.codec.decode(key);
    return true;
  } catch {
    return false;
  }
}

describe('hierarchical key check (property)', () => {
  it('accepted layouts never produce a key that decodes as two types; refused ones show a real collision', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        table.chain((layouts) => fc.tuple(fc.constant(layouts), fc.tuple(...layouts.map(values)))),
        ([layouts, rows]) => {
          const problems = layouts.flatMap((a) =>
            layouts.filter((b) => b !== a).flatMap((b) => keyCollisionProblem(a.meta, b.meta) ?? []),
          );
          for (const a of layouts)
            for (const b of layouts) {
              if (a === b) continue;
              const collision = findKeyCollision(a.meta.key, b.meta.key);
              if (collision && collision !== 'incomparable' && collision.first) {
                expect(decodes(a, collision.key) && decodes(b, collision.key)).toBe(true);
              }
            }
          if (problems.length > 0) {
            refused++;
            return;
          }
          accepted++;
          layouts.forEach((l, i) => {
            let key: Uint8Array;
            try {
              key = l.meta.key.codec.encode(rows[i]!);
            } catch {
              return; // a value this layout cannot store (e.g. a delimited negative): nothing to route
            }
            const owners = layouts.filter((o) => decodes(o, key));
            expect(owners.map((o) => o.meta.name)).toEqual([l.meta.name]);
            expect(
              keyOwner(
                layouts.map((o) => o.meta),
                key,
              ),
            ).toBe(l.meta);
          });
        },
      ),
      { numRuns: 800 },
    );
    // Both outcomes must be exercised, or the property says nothing.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  }, 120_000);
});
