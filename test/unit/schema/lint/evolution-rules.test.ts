// The schema-evolution lint rules: a chain of steps with gaps, and upcasters reading undeclared properties.
import { describe, expect, it } from 'vitest';
import { upcastStep } from '../../../../decorators/index.js';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import type { UpcastStep } from '../../../../src/metadata/evolution-options.js';
import { defineEntity, getEntityMetadata } from '../../../../src/metadata/index.js';
import { lintEntities } from '../../../../src/lint/lint-entities.js';
import type { LintRuleId } from '../../../../src/lint/lint-rules.js';
import type { LintFinding, LintOptions } from '../../../../src/lint/lint-types.js';

type State = Readonly<Record<string, unknown>>;
type Step = UpcastStep<never, object>;

let tables = 0;
/** `User`-like entity `name`: key userId, d:display (displayName), map family prefs; at `version` with `steps`. */
function evolving(name: string, version: number, steps: readonly Step[]): EntityMetadata {
  const cls = { [name]: class {} }[name]!;
  tables += 1;
  defineEntity(cls, {
    table: `lint_evo_${tables}`,
    key: [{ property: 'userId' }],
    families: { d: {}, prefs: {} },
    properties: {
      displayName: { family: 'd', qualifier: 'display', codec: 'string' },
      prefs: { kind: 'map', family: 'prefs', key: 'string', value: 'string' },
    },
    evolution: { version, family: 'd', steps },
  } as never);
  return getEntityMetadata(cls as EntityClass);
}

/** A step from `from` with one old column per name in `old`, and `upcast`. */
function step(from: number, old: readonly string[], upcast: (s: State) => object = (s) => s): Step {
  const shape = Object.fromEntries(old.map((p) => [p, { family: 'd', codec: 'string' as const }]));
  return upcastStep<State, object>({ from, shape, upcast }) as unknown as Step;
}

function findings(metas: EntityMetadata[], ruleId: LintRuleId, options?: LintOptions): LintFinding[] {
  return lintEntities(metas, options).filter((f) => f.ruleId === ruleId);
}

/** Findings of both evolution rules. */
function evolutionFindings(metas: EntityMetadata[], options?: LintOptions): LintFinding[] {
  return lintEntities(metas, options).filter((f) => f.ruleId.startsWith('evolution-'));
}

describe('evolution-version-unreadable', () => {
  it('warns when a version above 1 has no step, naming the versions that cannot be read', () => {
    const found = findings([evolving('NoSteps', 3, [])], 'evolution-version-unreadable');
    expect(found.map((f) => [f.entity, f.severity])).toEqual([['NoSteps', 'warning']]);
    expect(found[0]!.message).toContain('rows at versions 1–2 cannot be read');
  });

  it('warns on a gap in the chain: every version from the lowest step up to the gap is unreadable', () => {
    const gap = evolving('Gap', 4, [step(1, []), step(3, [])]);
    const tail = evolving('MissingLast', 4, [step(0, []), step(1, [])]);
    const found = findings([gap, tail], 'evolution-version-unreadable');
    expect(found.map((f) => f.entity)).toEqual(['Gap', 'MissingLast']);
    expect(found[0]!.message).toContain('no upcast step reads version 2 of `Gap`');
    expect(found[0]!.message).toContain('rows at versions 1–2 cannot be read');
    expect(found[1]!.message).toContain('no upcast step reads versions 2–3 of `MissingLast`');
    expect(found[1]!.message).toContain('rows at versions 0–3 cannot be read');
  });

  it('accepts a version 1 without steps, a full chain, and a chain starting above 1 (older rows backfilled)', () => {
    const metas = [
      evolving('Fresh', 1, []),
      evolving('Chained', 3, [step(2, []), step(1, [])]),
      evolving('FromZero', 2, [step(0, []), step(1, [])]),
      evolving('Trimmed', 5, [step(3, []), step(4, [])]),
    ];
    expect(findings(metas, 'evolution-version-unreadable')).toEqual([]);
  });

  it('is silenced with a reason once a backfill made the old rows disappear', () => {
    const meta = evolving('Backfilled', 3, []);
    const allow = {
      Backfilled: { 'evolution-version-unreadable': 'users-to-v3 backfill done on 2026-11-20' },
    };
    expect(evolutionFindings([meta], { allow })).toEqual([]);
    expect(evolutionFindings([meta])).toHaveLength(1);
  });
});

describe('evolution-upcast-reads-undeclared', () => {
  it('names entity, step and property of a read that no shape, entity field or earlier step declares', () => {
    const typo = step(1, ['fullName'], (v1) => ({ ...v1, displayName: v1['fulName'] }));
    const found = findings([evolving('Typo', 2, [typo])], 'evolution-upcast-reads-undeclared');
    expect(found.map((f) => [f.entity, f.property, f.severity])).toEqual([['Typo', 'fulName', 'warning']]);
    expect(found[0]!.message).toContain('step from 1 (v1 → v2)');
  });

  it('accepts reads of the shape, key parts, fields and of what an earlier step returned', () => {
    const toV2 = step(1, ['fullName'], ({ fullName, ...rest }) => ({ ...rest, nick: fullName }));
    const toV3 = step(2, ['legacyPrefs'], (v2) => ({
      userId: v2['userId'],
      displayName: v2['nick'],
      prefs: new Map(Object.entries((v2['legacyPrefs'] as object | undefined) ?? {})),
    }));
    expect(evolutionFindings([evolving('Clean', 3, [toV2, toV3])])).toEqual([]);
  });

  it('does not count what a later step returns, nor the shape of another step', () => {
    const toV2 = step(1, ['fullName'], (v1) => ({ ...v1, displayName: v1['legacyPrefs'] }));
    const toV3 = step(2, ['legacyPrefs'], (v2) => ({ ...v2, extra: 1 }));
    const found = findings([evolving('Order', 3, [toV2, toV3])], 'evolution-upcast-reads-undeclared');
    expect(found.map((f) => f.property)).toEqual(['legacyPrefs']);
  });

  it('finds reads on either side of a default, `in` checks, and reads made before the upcaster throws', () => {
    const branches = step(1, ['fullName'], (v1) =>
      v1['fullName'] === undefined ? { displayName: v1['nickName'] } : { displayName: v1['fullName'] },
    );
    const checks = step(2, [], (v2) => ({ ...v2, displayName: 'alias' in v2 ? 'a' : 'b' }));
    const throws = step(3, ['raw'], (v3) => {
      const parsed = JSON.parse(String(v3['raw'])) as object; // '' on a probe: throws after reading `raw`
      return { ...parsed, displayName: v3['title'] };
    });
    const found = findings(
      [evolving('Probed', 4, [branches, checks, throws])],
      'evolution-upcast-reads-undeclared',
    );
    expect(found.map((f) => f.property)).toEqual(['nickName', 'alias']);
  });

  it('tolerates what upcasters do with values (string, number, map and iteration calls) and never crashes', () => {
    const busy = step(1, ['fullName', 'tags', 'count'], (v1) => {
      const [first = ''] = String(v1['fullName']).split(' ');
      const parts = (v1['fullName'] as string)
        .trim()
        .split(' ')
        .map((s) => s.toUpperCase());
      const tags = [...(v1['tags'] as Iterable<string>)].join(',');
      const count = (v1['count'] as number) + 1;
      return { displayName: `${first}${parts.length}${tags}${count}${v1['missing']}` };
    });
    const hostile = step(2, [], () => {
      throw new Error('boom');
    });
    const found = findings([evolving('Busy', 3, [busy, hostile])], 'evolution-upcast-reads-undeclared');
    expect(found.map((f) => f.property)).toEqual(['missing']);
  });

  it('ignores prototype methods, toJSON and then (not data of the old shape)', () => {
    const meta = evolving('Protos', 2, [
      step(1, ['fullName'], (v1) => ({
        displayName: JSON.stringify(v1) + String(Object.prototype.hasOwnProperty.call(v1, 'fullName')),
        other: v1.toString(),
      })),
    ]);
    expect(findings([meta], 'evolution-upcast-reads-undeclared')).toEqual([]);
  });
});
