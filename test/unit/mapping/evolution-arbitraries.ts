// Random entities of the old declarations of the evolution fixture (test/integration/evolution/evolving-users.ts)
// and what the upcasters make of them by hand: shared by the pure and the emulator property tests.
import fc from 'fast-check';
import type { User } from '../../integration/evolution/evolving-users.js';
import { UserV1, UserV2, type Settings } from '../../integration/evolution/evolving-users.js';

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
// Protobuf (v3's settings codec) has no wire form for an empty string: only canonical values round-trip.
const nonEmpty = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const settings: fc.Arbitrary<Settings> = fc.record({ theme: nonEmpty, lang: nonEmpty }, { requiredKeys: [] });
const prefs = fc.dictionary(text, text, { maxKeys: 4, noNullPrototype: true });
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });

/** A user id the delimited key accepts. */
export const userId = fc.stringMatching(/^[a-zA-Z0-9._~-]{1,16}$/);

/** A v1 (fullName at d:name, JSON settings and prefs) or v2 (displayName at d:display) entity, as old code saved it. */
export const oldUser: fc.Arbitrary<UserV1 | UserV2> = fc.oneof(
  fc
    .record({ userId, fullName: optional(text), settings: optional(settings), prefs: optional(prefs) })
    .map((s) => Object.assign(new UserV1(), s)),
  fc
    .record({ userId, displayName: text, settings: optional(settings), prefs: optional(prefs) })
    .map((s) => Object.assign(new UserV2(), s)),
);

/** The old entity's version: 1 or 2. */
export function versionOf(old: UserV1 | UserV2): number {
  return old instanceof UserV1 ? 1 : 2;
}

/**
 * The v3 properties of `old`, worked out by hand from what the two steps say (v1 → v2: fullName becomes
 * displayName, '' when absent; v2 → v3: the prefs object becomes a Map), independently of the declared upcasters
 * and of any cell, so that a broken upcaster or a broken read fails the comparison.
 */
export function upcastByHand(old: UserV1 | UserV2): Record<string, unknown> {
  return {
    userId: old.userId,
    displayName: old instanceof UserV1 ? (old.fullName ?? '') : old.displayName,
    settings: old.settings,
    prefs: new Map(Object.entries(old.prefs ?? {})),
    logins: 0,
  };
}

/** The own properties of a hydrated `User` (undefined when there is none), for toEqual. */
export function propertiesOf(user: User | undefined): Record<string, unknown> | undefined {
  return user && { ...user };
}
