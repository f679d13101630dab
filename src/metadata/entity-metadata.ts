import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { KeyCodec, KeyEncodingSpec, KeyValue, SegmentSpec } from '../codecs/key/key-codec-types.js';
import type { ValueCodec } from '../codecs/value/value-codec.js';
import type { AggregateKind, GcRule } from '../model/family-spec.js';

/**
 * A class usable as an entity. Instances are created without calling the constructor when rows are hydrated, so
 * constructor parameters are allowed.
 *
 * @example
 * ```ts
 * function repo<E extends object>(cls: EntityClass<E>) { return getEntityMetadata(cls); }
 * ```
 */
export type EntityClass<E extends object = object> = abstract new (...args: never[]) => E;

/**
 * One version of a versioned column (or one time bucket of a versioned aggregate): what the property holds, as an
 * array newest first.
 *
 * @example
 * ```ts
 * @Column({ family: 'c', codec: 'string', versioned: true }) comments!: Versioned<string>[];
 * ```
 */
export interface Versioned<T> {
  readonly timestamp: Date;
  readonly value: T;
}

/**
 * One column family the entity uses, with the settings the table must be created with.
 *
 * @example
 * ```ts
 * for (const f of meta.families) console.log(f.name, f.gcRule, f.aggregate, f.ownedBy);
 * ```
 */
export interface FamilyMetadata {
  readonly name: string;
  readonly gcRule: GcRule | undefined;
  readonly aggregate: AggregateKind | undefined;
  /** Property of the `Map`/`Set` that owns the whole family, if any. */
  readonly ownedBy: string | undefined;
}

/**
 * A named key segment and the property holding its value.
 *
 * @example
 * ```ts
 * meta.key.parts.map((p) => `${p.property}:${p.segment.type}`); // ['channel:string', ...]
 * ```
 */
export interface KeyPartMetadata {
  readonly property: string;
  readonly segment: SegmentSpec;
}

/**
 * How the entity's row key is built. `codec` encodes, decodes and plans ranges.
 *
 * @example
 * ```ts
 * const key = meta.key.codec.encode({ channel: 'c1', uploadedAt: new Date() });
 * ```
 */
export interface KeyMetadata {
  /** Every segment in key order: salt, prefix literal, then key parts and key literals by position. */
  readonly segments: readonly SegmentSpec[];
  readonly encoding: KeyEncodingSpec;
  readonly codec: KeyCodec;
  /** The named segments (properties) in key order. */
  readonly parts: readonly KeyPartMetadata[];
}

/**
 * What every single-cell field (column, counter, aggregate, version) has in common.
 *
 * @example
 * ```ts
 * const where = (f: CellFieldBase): string => `${f.family}:${printableKey(f.qualifier)}`;
 * ```
 */
export interface CellFieldBase {
  readonly property: string;
  readonly family: string;
  /** Encoded qualifier. Treat as read-only (typed arrays cannot be frozen). */
  readonly qualifier: Uint8Array;
}

/**
 * A scalar (or JSON / protobuf) column.
 *
 * @example
 * ```ts
 * if (field.kind === 'column') field.codec.decode(cell.value);
 * ```
 */
export interface ColumnFieldMetadata extends CellFieldBase {
  readonly kind: 'column';
  readonly codec: ValueCodec<unknown>;
  readonly optional: boolean;
  readonly nullable: boolean;
  /** The property holds `{ timestamp: Date; value }[]`, newest first. */
  readonly versioned: boolean;
}

/**
 * A `Map` owning family `family`: qualifier = keyCodec(key), value = valueCodec(value).
 *
 * @example
 * ```ts
 * if (field.kind === 'map' && field.cells === undefined) field.keyCodec.decode(cell.qualifier);
 * ```
 */
export interface MapFieldMetadata {
  readonly kind: 'map';
  readonly property: string;
  readonly family: string;
  readonly keyCodec: ValueCodec<unknown>;
  readonly valueCodec: ValueCodec<unknown>;
  /**
   * What the entries' cells are when they are not plain values: int64 counter cells (`@CounterMap`, changed by
   * ReadModifyWriteRow increments) or cells of an aggregate family (`@AggregateMap`, fed with AddToCell). A save
   * never writes such a map. Undefined for a `@QualifierMap`.
   */
  readonly cells?: 'counter' | 'aggregate';
  /** The aggregate family's kind, for `cells: 'aggregate'`. */
  readonly aggregate?: AggregateKind;
}

/**
 * A `Set` owning family `family`: qualifier = keyCodec(member), empty value.
 *
 * @example
 * ```ts
 * if (field.kind === 'set') field.keyCodec.decode(cell.qualifier);
 * ```
 */
export interface SetFieldMetadata {
  readonly kind: 'set';
  readonly property: string;
  readonly family: string;
  readonly keyCodec: ValueCodec<unknown>;
}

/**
 * An int64 counter cell, changed only by increments; never written by a save.
 *
 * @example
 * ```ts
 * if (field.kind === 'counter') counterIncrement(meta, field.property, 1);
 * ```
 */
export interface CounterFieldMetadata extends CellFieldBase {
  readonly kind: 'counter';
  /** `int64` (bigint) or `int64AsNumber`. */
  readonly codec: ValueCodec<unknown>;
}

/**
 * A cell of an aggregate family, written with AddToCell; never written by a save.
 *
 * @example
 * ```ts
 * if (field.kind === 'aggregate' && field.aggregate === 'sum') aggregateInput(meta, field.property, 1);
 * ```
 */
export interface AggregateFieldMetadata extends CellFieldBase {
  readonly kind: 'aggregate';
  readonly aggregate: AggregateKind;
  /** int64 for sum/min/max (bigint or number), bytes (the sketch state) for hll. */
  readonly codec: ValueCodec<unknown>;
  readonly versioned: boolean;
}

/**
 * The optimistic-locking version cell (int64).
 *
 * @example
 * ```ts
 * const v = meta.version; // family and qualifier of the version cell
 * ```
 */
export interface VersionFieldMetadata extends CellFieldBase {
  readonly kind: 'version';
  readonly codec: ValueCodec<unknown>;
}

/**
 * Any property stored in cells.
 *
 * @example
 * ```ts
 * meta.fields.filter((f) => f.kind === 'column').map((f) => f.property);
 * ```
 */
export type FieldMetadata =
  | ColumnFieldMetadata
  | MapFieldMetadata
  | SetFieldMetadata
  | CounterFieldMetadata
  | AggregateFieldMetadata
  | VersionFieldMetadata;

/**
 * Everything the SDK knows about one entity class, resolved once (inheritance merged, defaults filled, codecs
 * picked, validated) and frozen.
 *
 * @example
 * ```ts
 * const meta = getEntityMetadata(Device);
 * meta.key.codec.encode({ deviceId: 'abc', at: new Date() });
 * ```
 */
export interface EntityMetadata<E extends object = object> {
  readonly target: EntityClass<E>;
  /** Class name, used in messages. */
  readonly name: string;
  readonly table: string;
  /** The entity whose key this entity's key extends (`@Entity({ parent })`), if any. */
  readonly parent?: EntityClass;
  readonly key: KeyMetadata;
  /** Families the entity declares, sorted by name. */
  readonly families: readonly FamilyMetadata[];
  /** Cell-backed properties in declaration order (base class first). Key parts are in `key.parts`. */
  readonly fields: readonly FieldMetadata[];
  /** The version field, also present in `fields`. */
  readonly version: VersionFieldMetadata | undefined;
  /** Schema evolution (`@Evolve`), undefined when the entity does not declare a schema version. */
  readonly evolution?: EvolutionMetadata | undefined;
  /** The entity's validator (`@Entity({ validate })`), undefined when it declares none. */
  readonly validation?: ValidationMetadata | undefined;
  /** Lifecycle hooks (`@BeforeSave`, `@AfterLoad`), undefined when the entity declares none. */
  readonly hooks?: EntityHooksMetadata | undefined;
  /**
   * The leading key values a scoped repository is bound to (`mapper.scope({ tenant })`), shown by `explain()`;
   * undefined outside a scope.
   */
  readonly scope?: Readonly<Record<string, KeyValue>> | undefined;
}

/**
 * One resolved lifecycle hook: the method's name and how to call it on an entity (the entity's own method, so a
 * subclass's override runs).
 *
 * @example
 * ```ts
 * for (const hook of meta.hooks?.afterLoad ?? []) hook.run(entity);
 * ```
 */
export interface EntityHookMetadata {
  /** The hook method's name. */
  readonly method: string;
  /** Calls the method on `entity` (its own, so a subclass's override runs) and returns what it returned. */
  readonly run: (entity: object) => unknown;
}

/**
 * An entity's lifecycle hooks, in the order they run: base-class hooks first, then in declaration order.
 *
 * @example
 * ```ts
 * console.log(meta.hooks?.beforeSave.map((h) => h.method));
 * ```
 */
export interface EntityHooksMetadata {
  /** Run on the entity a `save`, `insert` or `saveMany` is about to validate and write. */
  readonly beforeSave: readonly EntityHookMetadata[];
  /** Run on each entity a read returns. */
  readonly afterLoad: readonly EntityHookMetadata[];
}

/**
 * An entity's Standard Schema validator, resolved: its `validate` function and whether reads run it too.
 *
 * @example
 * ```ts
 * const verdict = meta.validation?.validate(entity);
 * ```
 */
export interface ValidationMetadata {
  /** The schema's `~standard.validate`, bound to the schema. */
  readonly validate: (
    value: unknown,
  ) => StandardSchemaV1.Result<unknown> | Promise<StandardSchemaV1.Result<unknown>>;
  readonly onRead: boolean;
}

/**
 * How a property was stored in an old schema version: a column (always optional, latest cell), a Map or a Set.
 *
 * @example
 * ```ts
 * for (const old of meta.evolution?.steps[0]?.shape ?? []) console.log(old.property, old.kind, old.family);
 * ```
 */
export type OldFieldMetadata = ColumnFieldMetadata | MapFieldMetadata | SetFieldMetadata;

/**
 * One resolved upcast step: the old storage of version `from` and the function to version `from + 1`.
 *
 * @example
 * ```ts
 * const step = meta.evolution?.steps.find((s) => s.from === 1);
 * ```
 */
export interface UpcastStepMetadata {
  readonly from: number;
  /** The properties this version stored differently (or only it stored), resolved like fields. */
  readonly shape: readonly OldFieldMetadata[];
  /** The declared upcaster, called with the decoded state of version `from`. */
  readonly upcast: (state: Readonly<Record<string, unknown>>) => unknown;
}

/**
 * Schema evolution of an entity, resolved: the current version, the version cell and the steps sorted by `from`.
 *
 * @example
 * ```ts
 * if (meta.evolution) console.log(`v${meta.evolution.version} in ${meta.evolution.family}`);
 * ```
 */
export interface EvolutionMetadata {
  readonly version: number;
  readonly family: string;
  /** Encoded qualifier of the schema-version cell. Treat as read-only. */
  readonly qualifier: Uint8Array;
  readonly writeBack: boolean;
  /** Sorted by `from`. */
  readonly steps: readonly UpcastStepMetadata[];
}
