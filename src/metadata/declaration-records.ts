import type {
  AggregateMapOptions,
  AggregateOptions,
  ColumnOptions,
  CounterMapOptions,
  CounterOptions,
  EntityOptions,
  FamilyOptions,
  KeyPartOptions,
  ProtobufColumnOptions,
  QualifierMapOptions,
  QualifierSetOptions,
  VersionOptions,
} from './declaration-args.js';
import type { EvolutionOptions } from './evolution-options.js';

/**
 * A constructor as seen by `design:type` (String, Number, Map, a class, …).
 *
 * @example
 * ```ts
 * const t: DesignType | undefined = Reflect.getMetadata?.('design:type', proto, 'name');
 * ```
 */
export type DesignType = abstract new (...args: never[]) => unknown;

interface RecordBase {
  /** What is wrong with the arguments themselves; reported with everything else at resolution. */
  readonly problems: readonly string[];
}

interface PropertyRecordBase extends RecordBase {
  readonly property: string;
  /** `design:type` when the compiler emitted it; only used to infer or cross-check an obvious scalar codec. */
  readonly designType: DesignType | undefined;
}

/**
 * `@Entity(options)` / `defineEntity(cls, { table, … })`.
 *
 * @example
 * ```ts
 * const r: EntityRecord = entityRecord({ table: 'media', prefix: 'video' });
 * ```
 */
export interface EntityRecord extends RecordBase {
  readonly kind: 'entity';
  readonly options: EntityOptions;
}

/**
 * `@KeyPart(position, type)` on a property.
 *
 * @example
 * ```ts
 * const r: KeyPartRecord = keyPartRecord('deviceId', 0, 'string', undefined);
 * ```
 */
export interface KeyPartRecord extends PropertyRecordBase {
  readonly kind: 'keyPart';
  readonly position: number;
  readonly options: KeyPartOptions;
}

/**
 * `@KeyLiteral(position, value)` on a class: a constant segment between key parts.
 *
 * @example
 * ```ts
 * const r: KeyLiteralRecord = keyLiteralRecord(1, 'comment');
 * ```
 */
export interface KeyLiteralRecord extends RecordBase {
  readonly kind: 'keyLiteral';
  readonly position: number;
  readonly value: string | Uint8Array;
}

/**
 * `@Family(name, options)` on a class.
 *
 * @example
 * ```ts
 * const r: FamilyRecord = familyRecord('stats', { gc: Gc.maxVersions(1) });
 * ```
 */
export interface FamilyRecord extends RecordBase {
  readonly kind: 'family';
  readonly name: string;
  readonly options: FamilyOptions;
}

/**
 * A property stored in cells.
 *
 * @example
 * ```ts
 * const r: FieldRecord = fieldRecord('counter', 'likes', { family: 'stats' }, undefined);
 * ```
 */
export type FieldRecord =
  | (PropertyRecordBase & { readonly kind: 'column'; readonly options: ColumnOptions })
  | (PropertyRecordBase & { readonly kind: 'protobufColumn'; readonly options: ProtobufColumnOptions })
  | (PropertyRecordBase & { readonly kind: 'qualifierMap'; readonly options: QualifierMapOptions })
  | (PropertyRecordBase & { readonly kind: 'qualifierSet'; readonly options: QualifierSetOptions })
  | (PropertyRecordBase & { readonly kind: 'counter'; readonly options: CounterOptions })
  | (PropertyRecordBase & { readonly kind: 'aggregate'; readonly options: AggregateOptions })
  | (PropertyRecordBase & { readonly kind: 'counterMap'; readonly options: CounterMapOptions })
  | (PropertyRecordBase & { readonly kind: 'aggregateMap'; readonly options: AggregateMapOptions })
  | (PropertyRecordBase & { readonly kind: 'version'; readonly options: VersionOptions });

/**
 * `@Evolve(options)` / `defineEntity(cls, { evolution })`: the entity's schema version and upcast steps.
 *
 * @example
 * ```ts
 * const r: EvolutionRecord = evolutionRecord({ version: 1, family: 'd' });
 * ```
 */
export interface EvolutionRecord extends RecordBase {
  readonly kind: 'evolution';
  readonly options: EvolutionOptions;
}

/**
 * When an entity lifecycle hook runs: `beforeSave` (on the entity a `save`, `insert` or `saveMany` is about to write)
 * or `afterLoad` (on each entity a read returns).
 *
 * @example
 * ```ts
 * const event: EntityHookEvent = 'beforeSave';
 * ```
 */
export type EntityHookEvent = 'beforeSave' | 'afterLoad';

/**
 * `@BeforeSave()` / `@AfterLoad()` on a method, or `defineEntity(cls, { hooks })`: a method of the class to run on
 * the entity at that point of its life.
 *
 * @example
 * ```ts
 * const r: HookRecord = hookRecord('beforeSave', 'touch');
 * ```
 */
export interface HookRecord extends RecordBase {
  readonly kind: 'hook';
  readonly event: EntityHookEvent;
  readonly method: string;
}

/**
 * One frozen declaration, exactly as a decorator or `defineEntity` received it (plus argument problems). Both
 * declaration styles produce the same records, which is why they resolve to the same metadata.
 *
 * @example
 * ```ts
 * for (const r of ownDeclarations(Video)) console.log(r.kind, r.problems);
 * ```
 */
export type DeclarationRecord =
  EntityRecord | KeyPartRecord | KeyLiteralRecord | FamilyRecord | FieldRecord | EvolutionRecord | HookRecord;

/**
 * Kind of a field record (`column`, `qualifierMap`, …).
 *
 * @example
 * ```ts
 * const kind: FieldKind = 'qualifierMap';
 * ```
 */
export type FieldKind = FieldRecord['kind'];

/**
 * The options type of one field kind.
 *
 * @example
 * ```ts
 * const options: FieldOptions<'counter'> = { family: 'stats', as: 'number' };
 * ```
 */
export type FieldOptions<K extends FieldKind> = Extract<FieldRecord, { kind: K }>['options'];
