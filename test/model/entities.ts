import {
  Column,
  Counter,
  Entity,
  Family,
  Gc,
  KeyPart,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../decorators/index.js';

/**
 * The model suite's entities, one of every kind of write the reference model knows: scalars (one optional), a
 * Set and a Map family, a counter in the same row, children under the parent's key (for prefix deletes), and a
 * versioned entity in its own table. GC keeps several versions so that a write is right without GC hiding cells.
 */
@Entity({ table: 'model_docs', prefix: 'doc' })
@Family('d', { gc: Gc.maxVersions(3) })
@Family('tags')
@Family('attrs')
@Family('c')
export class Doc {
  declare static readonly keyParts: readonly ['group', 'id'];
  @KeyPart(0, 'string') group!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) v!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) note?: string;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
  @QualifierMap({ family: 'attrs', key: 'string', value: 'string' }) attrs!: Map<string, string>;
  @Counter({ family: 'c' }) hits!: bigint;
}

/** `doc#<group>#<id>#k#<n>`: a child row under its Doc's key. */
@Entity({ table: 'model_docs', parent: Doc, literal: 'k' })
@Family('k')
export class Child {
  declare static readonly keyParts: readonly ['group', 'id', 'n'];
  group!: string;
  id!: string;
  @KeyPart(0, 'string') n!: string;
  @Column({ family: 'k', codec: 'string' }) text!: string;
}

/** Optimistic locking under test: read, change, save or delete conditionally on the version read. */
@Entity({ table: 'model_locked' })
@Family('d', { gc: Gc.maxVersions(3) })
@Family('meta')
export class Locked {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) v!: string;
  @Version({ family: 'meta' }) version!: bigint;
}
