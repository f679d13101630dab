import type { Mutation } from '../model/mutation.js';
import type { MappingWarning } from './mapping-warning.js';

/**
 * The optimistic-locking part of a save: what the stored version must be, and what the save writes.
 *
 * @example
 * ```ts
 * const { expected, next } = buildSaveMutations(meta, entity).version!;
 * ```
 */
export interface VersionCheck {
  readonly family: string;
  readonly qualifier: Uint8Array;
  /** Encoded version (8 bytes) the row must still hold; undefined = the cell must be absent (new entity). */
  readonly expected: Uint8Array | undefined;
  /**
   * The exact version cell the entity was read with (or its last write stored), when known: the write then applies
   * only while the row holds exactly this cell, so a row deleted and re-created at the same version since is not
   * the one it was read from. Undefined: any cell of version `expected` (older cells, or a version given by hand).
   */
  readonly cell?: Uint8Array | undefined;
  /** The version value this save writes (current + 1), in the property's representation. */
  readonly next: bigint | number;
  /** The version cell this save writes: `next` followed by the write's random id (see `versionCellValue`). */
  readonly written: Uint8Array;
}

/**
 * Everything one whole-entity save sends, as a single atomic MutateRow.
 *
 * @example
 * ```ts
 * const { key, mutations } = buildSaveMutations(meta, entity); await mutateRow(conn, table, key, mutations);
 * ```
 */
export interface SaveMutations {
  readonly key: Uint8Array;
  readonly mutations: readonly Mutation[];
  /** The timestamp of every cell the save writes (except versioned entries, which carry their own). */
  readonly timestampMicros: bigint;
  readonly version: VersionCheck | undefined;
  /** The schema-version token the save writes (entities with `@Evolve` only). */
  readonly schemaToken?: Uint8Array;
  readonly warnings: readonly MappingWarning[];
}
