import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GcRule } from '../../../src/model/family-spec.js';
import { gcRuleKey } from '../../../src/admin/gc-rule-key.js';
import { planSchema } from '../../../src/admin/schema-plan.js';
import type { TableSchema } from '../../../src/admin/table-schema.js';

const age = { maxAgeMillis: 86_400_000 };
const table = (gcRule: GcRule | undefined): TableSchema => ({
  tableId: 't',
  families: { f: gcRule ? { gcRule } : {} },
  rowKeySchema: { state: 'none', reason: 'test' },
});

const gcRule: fc.Arbitrary<GcRule> = fc.letrec<{ rule: GcRule }>((tie) => ({
  rule: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 1, max: 5 }).map((n) => ({ maxVersions: n })),
    fc.integer({ min: 1, max: 5 }).map((n) => ({ maxAgeMillis: n * 1000 })),
    fc.array(tie('rule'), { minLength: 1, maxLength: 3 }).map((r) => ({ union: r })),
    fc.array(tie('rule'), { minLength: 1, maxLength: 3 }).map((r) => ({ intersection: r })),
  ),
})).rule;

/** The same rule with every member list shuffled (at every depth) by `seed`. */
function shuffled(rule: GcRule, seed: number): GcRule {
  const mix = (rules: readonly GcRule[]): GcRule[] => {
    const out = rules.map((r, i) => shuffled(r, seed + i + 1));
    for (let i = out.length - 1; i > 0; i--) {
      const j = (seed * 31 + i * 17) % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  if ('union' in rule) return { union: mix(rule.union) };
  if ('intersection' in rule) return { intersection: mix(rule.intersection) };
  return rule;
}

describe('gcRuleKey', () => {
  it('ignores the order of union and intersection members, nested too', () => {
    expect(gcRuleKey({ union: [age, { maxVersions: 2 }] })).toBe(
      gcRuleKey({ union: [{ maxVersions: 2 }, age] }),
    );
    expect(gcRuleKey({ intersection: [{ union: [age, { maxVersions: 1 }] }, { maxVersions: 5 }] })).toBe(
      gcRuleKey({ intersection: [{ maxVersions: 5 }, { union: [{ maxVersions: 1 }, age] }] }),
    );
  });

  it('still tells different rules apart: kind, values, nesting, and no rule at all', () => {
    const keys = [
      gcRuleKey(undefined),
      gcRuleKey({ maxVersions: 2 }),
      gcRuleKey({ maxAgeMillis: 2 }),
      gcRuleKey({ union: [age, { maxVersions: 2 }] }),
      gcRuleKey({ intersection: [age, { maxVersions: 2 }] }),
      gcRuleKey({ union: [age, { maxVersions: 3 }] }),
      gcRuleKey({ union: [{ union: [age] }, { maxVersions: 2 }] }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('property: any shuffle of any rule has the same key', () => {
    fc.assert(
      fc.property(gcRule, fc.nat(1000), (rule, seed) => {
        expect(gcRuleKey(shuffled(rule, seed))).toBe(gcRuleKey(rule));
      }),
    );
  });
});

describe('planSchema compares GC rules as sets', () => {
  it('a live union in another order is no change; a different member is one', () => {
    const desired = table({ union: [{ maxVersions: 2 }, age] });
    expect(planSchema([desired], { t: table({ union: [age, { maxVersions: 2 }] }) }).changes).toEqual([]);
    const nestedLive = table({ intersection: [{ union: [age, { maxVersions: 1 }] }, { maxVersions: 9 }] });
    const nestedWant = table({ intersection: [{ maxVersions: 9 }, { union: [{ maxVersions: 1 }, age] }] });
    expect(planSchema([nestedWant], { t: nestedLive }).changes).toEqual([]);
    expect(planSchema([desired], { t: table({ union: [age, { maxVersions: 3 }] }) }).changes).toMatchObject([
      { kind: 'changeGcRule', family: 'f' },
    ]);
  });
});
