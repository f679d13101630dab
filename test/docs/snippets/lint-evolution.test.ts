import { expect, it } from 'vitest';
import { getEntityMetadata } from 'bigtable-mapper';
import { lintEntities } from 'bigtable-mapper/lint';
import { Column, Entity, Evolve, Family, KeyPart, upcastStep } from 'bigtable-mapper/decorators';

interface ProfileV1 { profileId: string; fullName?: string; nickname?: string }

@Entity({ table: 'profiles' })
@Family('d')
@Evolve({
  version: 4,
  family: 'd',
  steps: [
    upcastStep<ProfileV1, object>({
      from: 1,
      shape: { fullName: { family: 'd', qualifier: 'name', codec: 'string' } }, // nickname (d:nick) forgotten
      upcast: ({ fullName, nickname, ...v1 }) => ({ ...v1, displayName: fullName ?? nickname ?? '' }),
    }),
    // no step from 2: rows at versions 1 and 2 cannot reach version 4
    upcastStep({ from: 3, shape: {}, upcast: (v3) => v3 }),
  ],
})
class Profile {
  @KeyPart(0, 'string') profileId!: string;
  @Column({ family: 'd', qualifier: 'display', codec: 'string' }) displayName!: string;
}

it('warns about a gap in the steps and an upcaster reading an undeclared property', () => {
  const findings = lintEntities([getEntityMetadata(Profile)]).filter((f) => f.ruleId.startsWith('evolution-'));
  expect(findings.map((f) => [f.ruleId, f.property, f.message])).toEqual([
    [
      'evolution-version-unreadable',
      undefined,
      'no upcast step reads version 2 of `Profile` (current version 4): rows at versions 1–2 cannot be read (SchemaVersionError)',
    ],
    [
      'evolution-upcast-reads-undeclared',
      'nickname',
      'the upcaster of step from 1 (v1 → v2) reads `nickname`, which neither its shape, `Profile` nor an earlier step declares: it is always undefined',
    ],
  ]);
});
