import type { CodecRef, QualifierRef } from './declaration-args.js';

/**
 * The decoded state of an entity at some schema version: property name → value. What an upcaster receives when no
 * type is given for the old shape.
 *
 * @example
 * ```ts
 * const v1: OldState = { userId: 'u1', fullName: 'Ada' };
 * ```
 */
export type OldState = Readonly<Record<string, unknown>>;

/**
 * How one property was stored in an old schema version: a column (`kind` may be omitted; `qualifier` defaults to the
 * property name, `codec` as in `@Column`), a `Map` owning a family (`key`/`value` codecs as in `@QualifierMap`) or a
 * `Set` owning a family (`key` as in `@QualifierSet`). The family must still be declared by the entity while a step
 * reads it.
 *
 * @example
 * ```ts
 * const renamed: OldField = { family: 'd', qualifier: 'name', codec: 'string' };
 * const oldTags: OldField = { kind: 'set', family: 'tags', key: 'string' };
 * ```
 */
export type OldField =
  | {
      readonly kind?: 'column';
      readonly family: string;
      readonly qualifier?: QualifierRef;
      readonly codec: CodecRef;
    }
  | { readonly kind: 'map'; readonly family: string; readonly key: CodecRef; readonly value: CodecRef }
  | { readonly kind: 'set'; readonly family: string; readonly key: CodecRef };

/**
 * The storage of an old schema version, listing ONLY the properties stored differently than today or that exist
 * only in that version (a renamed column, a removed column, a codec change, a column later split into a map).
 * Properties not listed are read with their current declaration.
 *
 * @example
 * ```ts
 * const v1: OldShape<{ fullName?: string }> = { fullName: { family: 'd', qualifier: 'name', codec: 'string' } };
 * ```
 */
export type OldShape<From extends object = OldState> = {
  readonly [P in keyof From & string]?: OldField;
};

/**
 * One upcast step: rows stored at version `from` are decoded with `shape` (over the current declaration), then
 * `upcast` turns that state into the state of version `from + 1`. Upcasters must be pure: they run on every read
 * of an old row, and during backfills. Key parts, counters, aggregates and the `@Version` field are never changed
 * by an upcast. Build one with {@link upcastStep} for typed `upcast` arguments.
 *
 * @example
 * ```ts
 * const step: UpcastStep<{ fullName?: string }, { displayName?: string }> = {
 *   from: 1,
 *   shape: { fullName: { family: 'd', qualifier: 'name', codec: 'string' } },
 *   upcast: (v1) => ({ displayName: v1.fullName }),
 * };
 * ```
 */
export interface UpcastStep<From extends object = OldState, To extends object = OldState> {
  /** The schema version this step reads (0 = rows written before the entity had a version cell). */
  readonly from: number;
  readonly shape: OldShape<From>;
  /** Turns the state of version `from` into the state of version `from + 1`. */
  upcast(old: From): To;
}

/**
 * Schema evolution of an entity (`@Evolve(...)`, `defineEntity({ evolution })`): the current schema version, the
 * cell that stores each row's version, and the upcast steps that read rows stored at older versions.
 *
 * @example
 * ```ts
 * const evolution: EvolutionOptions = {
 *   version: 2,
 *   family: 'd',
 *   steps: [upcastStep<{ fullName?: string }, { displayName?: string }>({
 *     from: 1,
 *     shape: { fullName: { family: 'd', qualifier: 'name', codec: 'string' } },
 *     upcast: (v1) => ({ displayName: v1.fullName }),
 *   })],
 * };
 * ```
 */
export interface EvolutionOptions {
  /** Current schema version, an integer ≥ 1. Every save writes it. */
  readonly version: number;
  /** Family of the schema-version cell: a declared cell family (not owned by a Map/Set, not an aggregate family). */
  readonly family: string;
  /** Qualifier of the schema-version cell, default `_v`. */
  readonly qualifier?: QualifierRef;
  /** Rewrite upcast rows at the current version when they are read (default false; see RepositoryOptions). */
  readonly writeBack?: boolean;
  /** One step per old version still readable, each reading version `from` into `from + 1`. */
  readonly steps?: readonly UpcastStep<never, object>[];
}
