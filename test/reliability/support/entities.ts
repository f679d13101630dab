import {
  Column,
  Entity,
  Family,
  Gc,
  KeyPart,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../../decorators/index.js';

/**
 * The reliability scenarios' entities: small, but with every kind of column a save rewrites (scalars, an optional
 * column, bytes, a qualifier map and a qualifier set), so that a clobbered or half-written row shows.
 * GC keeps several versions on purpose: a save must be right without relying on GC hiding older cells.
 */
@Entity({ table: 'rel_profiles' })
@Family('d', { gc: Gc.maxVersions(5) })
@Family('attrs')
@Family('tags')
export class Profile {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) age!: number;
  @Column({ family: 'd', codec: 'string', optional: true }) note?: string;
  @Column({ family: 'd', codec: 'bytes' }) avatar!: Uint8Array;
  @QualifierMap({ family: 'attrs', key: 'string', value: 'string' }) attrs!: Map<string, string>;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
}

/** The same shape under optimistic locking. */
@Entity({ table: 'rel_locked' })
@Family('d', { gc: Gc.maxVersions(5) })
@Family('attrs')
@Family('tags')
@Family('meta')
export class LockedProfile {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) age!: number;
  @QualifierMap({ family: 'attrs', key: 'string', value: 'string' }) attrs!: Map<string, string>;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
  @Version({ family: 'meta' }) version!: bigint;
}

/** A versioned counter that writers increment by read -> +1 -> save. */
@Entity({ table: 'rel_tallies' })
@Family('d', { gc: Gc.maxVersions(5) })
@Family('meta')
export class Tally {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) count!: number;
  @Version({ family: 'meta' }) version!: bigint;
}

/** A small batch entity with two columns, so that a half-written row is visible. */
@Entity({ table: 'rel_items' })
@Family('d', { gc: Gc.maxVersions(1) })
export class Item {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) n!: number;
  @Column({ family: 'd', codec: 'string' }) label!: string;
}

/** A profile with every column set; `variant` makes each column differ between two writers. */
export function profile(id: string, variant: string): Profile {
  return Object.assign(new Profile(), {
    id,
    name: `name-${variant}`,
    age: variant.length * 7 + 1,
    note: `note-${variant}`,
    avatar: Uint8Array.from(Buffer.from(`avatar-${variant}`)),
    attrs: new Map([
      [`k-${variant}`, `v-${variant}`],
      ['shared', variant],
    ]),
    tags: new Set([`t-${variant}`, 'common']),
  });
}

/** A locked profile (version 0n: new) with every column set from `variant`. */
export function lockedProfile(id: string, variant: string): LockedProfile {
  return Object.assign(new LockedProfile(), {
    id,
    name: `name-${variant}`,
    age: variant.length * 7 + 1,
    attrs: new Map([[`k-${variant}`, `v-${variant}`]]),
    tags: new Set([`t-${variant}`]),
    version: 0n,
  });
}

/** Item `i` of a batch: zero-padded ids keep key order = index order. */
export function item(i: number): Item {
  return Object.assign(new Item(), { id: String(i).padStart(7, '0'), n: i, label: `item-${i}` });
}
