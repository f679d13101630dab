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
  /** Encoded version the row must still hold; undefined = the cell must be absent (new entity). */
  readonly expected: Uint8Array | undefined;
  /** The version value this save writes (current + 1), in the property's representation. */
  readonly next: bigint | number;
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
