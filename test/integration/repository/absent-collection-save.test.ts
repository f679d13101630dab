import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, QualifierMap, QualifierSet } from '../../../decorators/index.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

// Issue 23 A3: a save rewrites a Map/Set family whole, so an absent collection used to wipe the stored members.

@Entity({ table: 'absent_collections' })
@Family('d')
@Family('friends')
@Family('circles')
class Member {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @QualifierSet({ family: 'friends', key: 'string' }) friends!: Set<string>;
  @QualifierMap({ family: 'circles', key: 'string', value: 'string' }) circles!: Map<string, string>;
}

const member = (id: string, friends?: Set<string> | null, circles?: Map<string, string> | null): Member =>
  Object.assign(new Member(), { id, name: id, friends, circles });

describe('a save with an absent collection property', () => {
  const mapper = useMapper([Member]);

  async function seeded(id: string): Promise<void> {
    await mapper()
      .repository(Member)
      .save(member(id, new Set(['ana', 'bo']), new Map([['ana', 'family']])));
  }

  async function expectMembersKept(id: string): Promise<void> {
    const stored = await mapper().repository(Member).getOrThrow({ id });
    expect([...stored.friends]).toEqual(['ana', 'bo']);
    expect([...stored.circles]).toEqual([['ana', 'family']]);
  }

  for (const absent of [undefined, null]) {
    for (const property of ['friends', 'circles'] as const) {
      it(`save refuses ${property} = ${String(absent)} and keeps the stored members`, async () => {
        const id = `save-${property}-${String(absent)}`;
        await seeded(id);
        const entity = member(id, new Set(['ana', 'bo']), new Map([['ana', 'family']]));
        (entity as unknown as Record<string, unknown>)[property] = absent;
        const error = await mapper()
          .repository(Member)
          .save(entity)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValueEncodingError);
        expect((error as ValueEncodingError).property).toBe(property);
        expect((error as Error).message).toContain('an empty');
        await expectMembersKept(id);
      });
    }

    it(`saveMany refuses a collection = ${String(absent)} before anything is sent (array and stream)`, async () => {
      const repo = mapper().repository(Member);
      await seeded(`many-${String(absent)}`);
      const batch = [
        member(`many-new-${String(absent)}`, new Set(), new Map()),
        member(`many-${String(absent)}`, absent, new Map()),
      ];
      await expect(repo.saveMany(batch)).rejects.toBeInstanceOf(ValueEncodingError);
      expect(await repo.get({ id: `many-new-${String(absent)}` })).toBeUndefined();
      await expectMembersKept(`many-${String(absent)}`);

      async function* stream(): AsyncGenerator<Member> {
        yield* batch;
      }
      const streamed = await repo.saveMany(stream()).catch((e: unknown) => e);
      expect((streamed as { failures: Array<{ cause: unknown }> }).failures[0]!.cause).toBeInstanceOf(
        ValueEncodingError,
      );
      expect(await repo.get({ id: `many-new-${String(absent)}` })).toBeUndefined();
      await expectMembersKept(`many-${String(absent)}`);
    });

    it(`update refuses a whole collection = ${String(absent)}`, async () => {
      const repo = mapper().repository(Member);
      await seeded(`update-${String(absent)}`);
      await expect(
        repo.update({ id: `update-${String(absent)}` }, { friends: absent as unknown as Set<string> }),
      ).rejects.toBeInstanceOf(ValueEncodingError);
      await expectMembersKept(`update-${String(absent)}`);
    });
  }

  it('insert refuses an absent collection too, and writes nothing', async () => {
    const repo = mapper().repository(Member);
    await expect(repo.insert(member('insert', undefined, new Map()))).rejects.toBeInstanceOf(
      ValueEncodingError,
    );
    expect(await repo.get({ id: 'insert' })).toBeUndefined();
  });

  it('an empty Set/Map still clears the family on purpose', async () => {
    const repo = mapper().repository(Member);
    await seeded('clear');
    await repo.save(member('clear', new Set(), new Map()));
    const stored = await repo.getOrThrow({ id: 'clear' });
    expect(stored.friends.size).toBe(0);
    expect(stored.circles.size).toBe(0);
  });
});
