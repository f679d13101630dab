import { describe, expect, it } from 'vitest';
import {
  Column,
  Counter,
  Entity,
  Evolve,
  Family,
  KeyPart,
  QualifierMap,
  Version,
  upcastStep,
} from '../../../decorators/index.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import type { UpcastStep } from '../../../src/metadata/evolution-options.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';

interface UserV1 {
  userId: string;
  fullName?: string;
  prefs?: Record<string, string>;
}
interface UserV2 {
  userId: string;
  displayName?: string;
  prefs?: Record<string, string>;
}

const v1ToV2 = upcastStep<UserV1, UserV2>({
  from: 1,
  shape: {
    fullName: { family: 'd', qualifier: 'name', codec: 'string' },
    prefs: { family: 'd', codec: 'json' },
  },
  upcast: (v1) => ({ userId: v1.userId, displayName: v1.fullName, prefs: v1.prefs }),
});
const v2ToV3 = upcastStep<UserV2, User>({
  from: 2,
  shape: { prefs: { family: 'd', codec: 'json' } },
  upcast: (v2) => {
    const user = new User();
    user.userId = v2.userId;
    user.displayName = v2.displayName ?? '';
    user.prefs = new Map(Object.entries(v2.prefs ?? {}));
    return user;
  },
});

@Entity({ table: 'users' })
@Family('d')
@Family('prefs')
@Evolve({ version: 3, family: 'd', steps: [v2ToV3, v1ToV2] })
class User {
  @KeyPart(0, 'string') userId!: string;
  @Column({ family: 'd', codec: 'string' }) displayName!: string;
  @QualifierMap({ family: 'prefs', key: 'string', value: 'string' }) prefs!: Map<string, string>;
}

function problemsOf(target: EntityClass): string[] {
  try {
    resolveEntity(target);
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    return (error as MetadataError).problems.map((p) => `${p.property ?? '-'}: ${p.message}`);
  }
  throw new Error(`${target.name} resolved without problems`);
}

describe('@Evolve metadata', () => {
  it('resolves the version cell, sorts the steps by from and resolves each old shape like fields', () => {
    const meta = resolveEntity(User);
    const evolution = meta.evolution!;
    expect(evolution.version).toBe(3);
    expect(evolution.family).toBe('d');
    expect(Buffer.from(evolution.qualifier).toString()).toBe('_v');
    expect(evolution.writeBack).toBe(false);
    expect(evolution.steps.map((s) => s.from)).toEqual([1, 2]);
    const [first] = evolution.steps;
    expect(first!.shape.map((f) => [f.property, f.kind, f.family])).toEqual([
      ['fullName', 'column', 'd'],
      ['prefs', 'column', 'd'],
    ]);
    const fullName = first!.shape[0]!;
    expect(fullName.kind === 'column' && Buffer.from(fullName.qualifier).toString()).toBe('name');
    expect(fullName.kind === 'column' && fullName.codec.name).toBe('string');
    const prefs = first!.shape[1]!;
    expect(prefs.kind === 'column' && Buffer.from(prefs.qualifier).toString()).toBe('prefs');
    expect(Object.isFrozen(evolution)).toBe(true);
    expect(Object.isFrozen(evolution.steps)).toBe(true);
    expect(first!.upcast({ userId: 'u', fullName: 'Ada' })).toEqual({ userId: 'u', displayName: 'Ada' });
  });

  it('leaves entities without @Evolve without evolution', () => {
    @Entity({ table: 'plain' })
    @Family('d')
    class Plain {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
    }
    expect(resolveEntity(Plain).evolution).toBeUndefined();
  });

  it('defineEntity({ evolution }) resolves to the same evolution as the decorator', () => {
    class Defined {
      userId!: string;
      displayName!: string;
      prefs!: Map<string, string>;
    }
    defineEntity(Defined, {
      table: 'users',
      key: [{ property: 'userId', type: 'string' }],
      families: { d: {}, prefs: {} },
      properties: {
        displayName: { family: 'd', codec: 'string' },
        prefs: { kind: 'map', family: 'prefs', key: 'string', value: 'string' },
      },
      evolution: { version: 3, family: 'd', qualifier: 'sv', writeBack: true, steps: [v1ToV2, v2ToV3] },
    });
    const evolution = resolveEntity(Defined).evolution!;
    expect(evolution.steps.map((s) => s.from)).toEqual([1, 2]);
    expect(Buffer.from(evolution.qualifier).toString()).toBe('sv');
    expect(evolution.writeBack).toBe(true);
    expect(evolution.steps[1]!.shape).toEqual(resolveEntity(User).evolution!.steps[1]!.shape);
  });

  it('types the upcaster argument from the old shape', () => {
    const step: UpcastStep<UserV1, UserV2> = v1ToV2;
    const wrong: UpcastStep<UserV1, UserV2> = {
      from: 1,
      // @ts-expect-error -- an old shape lists properties of the old state only
      shape: { nickname: { family: 'd', codec: 'string' } },
      upcast: (v1) => ({ userId: v1.userId }),
    };
    expect(step.from).toBe(1);
    expect(wrong.from).toBe(1);
  });

  it('lists every problem of a bad declaration in one MetadataError', () => {
    @Entity({ table: 'bad' })
    @Family('d')
    @Family('views', { aggregate: 'sum' })
    @Family('tags')
    @Evolve({
      version: 2,
      family: 'views',
      qualifier: 'name',
      steps: [
        { from: 1, shape: { id: { family: 'd', codec: 'string' } }, upcast: (o) => o },
        { from: 1, shape: {}, upcast: (o) => o },
        { from: 2, shape: {}, upcast: (o) => o },
      ],
    })
    class Bad {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
    }
    const problems = problemsOf(Bad);
    expect(problems).toContainEqual(expect.stringMatching(/steps\[1\]\.from 1 is declared twice/));
    expect(problems).toContainEqual(
      expect.stringMatching(/steps\[2\]\.from is 2: a step must start below the current version 2/),
    );

    @Entity({ table: 'bad2' })
    @Family('d')
    @Family('views', { aggregate: 'sum' })
    @Family('tags')
    @Family('m')
    @Evolve({
      version: 2,
      family: 'views',
      steps: [
        upcastStep({
          from: 1,
          shape: {
            id: { family: 'd', codec: 'string' },
            likes: { family: 'd', codec: 'int64' },
            version: { family: 'd', codec: 'int64' },
            gone: { family: 'nowhere', codec: 'string' },
            old: { family: 'views', codec: 'string' },
          },
          upcast: (o) => o,
        }),
      ],
    })
    class Bad2 {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
      @Counter({ family: 'd' }) likes!: bigint;
      @Version({ family: 'm' }) version!: bigint;
      @QualifierMap({ family: 'tags', key: 'string', value: 'string' }) tags!: Map<string, string>;
    }
    const more = problemsOf(Bad2);
    expect(more).toContainEqual(
      expect.stringMatching(/^-: evolution: the schema-version cell cannot be in aggregate family views/),
    );
    expect(more).toContainEqual(
      expect.stringMatching(/^id: step from 1: a key part cannot have an old shape/),
    );
    expect(more).toContainEqual(
      expect.stringMatching(/^likes: step from 1: a counter cannot have an old shape/),
    );
    expect(more).toContainEqual(
      expect.stringMatching(/^version: step from 1: a version cannot have an old shape/),
    );
    expect(more).toContainEqual(expect.stringMatching(/^gone: .*undeclared family nowhere/));
    expect(more).toContainEqual(expect.stringMatching(/^old: .*aggregate family views/));

    @Entity({ table: 'bad3' })
    @Family('d')
    @Family('tags')
    @Evolve({ version: 2, family: 'd', qualifier: 'name', steps: [] })
    class Bad3 {
      @KeyPart(0, 'string') id!: string;
      @Column({ family: 'd', codec: 'string' }) name!: string;
      @QualifierMap({ family: 'tags', key: 'string', value: 'string' }) tags!: Map<string, string>;
    }
    expect(problemsOf(Bad3)).toContainEqual(
      expect.stringMatching(/is also name's column; choose another qualifier/),
    );

    @Entity({ table: 'bad4' })
    @Family('d')
    @Family('tags')
    @Evolve({
      version: 0.5,
      family: 'tags',
      steps: [{ from: -1, shape: { x: { family: 'd', codec: 'nope' as 'string' } }, upcast: 3 as never }],
    })
    class Bad4 {
      @KeyPart(0, 'string') id!: string;
      @QualifierMap({ family: 'tags', key: 'string', value: 'string' }) tags!: Map<string, string>;
    }
    const args = problemsOf(Bad4);
    expect(args).toContainEqual(expect.stringMatching(/evolution.version must be an integer ≥ 1, got 0.5/));
    expect(args).toContainEqual(expect.stringMatching(/steps\[0\].from must be an integer ≥ 0, got -1/));
    expect(args).toContainEqual(expect.stringMatching(/steps\[0\].upcast must be a function/));
    expect(args).toContainEqual(expect.stringMatching(/shape.x.codec "nope" is not a built-in codec name/));

    @Entity({ table: 'bad5' })
    @Family('d')
    @Family('tags')
    @Evolve({ version: 2, family: 'tags', steps: [] })
    class Bad5 {
      @KeyPart(0, 'string') id!: string;
      @QualifierMap({ family: 'tags', key: 'string', value: 'string' }) tags!: Map<string, string>;
    }
    expect(problemsOf(Bad5)).toContainEqual(
      expect.stringMatching(/family tags is owned by tags \(a Map\/Set\)/),
    );
  });
});
