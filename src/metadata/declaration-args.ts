import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { SegmentSpec } from '../codecs/key/key-codec-types.js';
import type { BuiltinCodecName } from '../codecs/value/codecs.js';
import type { ProtobufMessageType } from '../codecs/value/protobuf-message-type.js';
import type { UserCodec, ValueCodec } from '../codecs/value/value-codec.js';
import type { AggregateKind, GcRule } from '../model/family-spec.js';
import type { EntityClass } from './entity-metadata.js';

/**
 * A codec given by name (`'string'`, `'int64'`, …) or as an object (`Codecs.protobuf(T)`, a user `{encode, decode}`).
 *
 * @example
 * ```ts
 * const byName: CodecRef<string> = 'string';
 * const byObject: CodecRef<Date> = Codecs.date;
 * ```
 */
export type CodecRef<T = unknown> = BuiltinCodecName | ValueCodec<T> | UserCodec<T>;

/**
 * A qualifier given as text (UTF-8 encoded) or as raw bytes.
 *
 * @example
 * ```ts
 * const byText: QualifierRef = 'cpu'; const byBytes: QualifierRef = Uint8Array.of(0xff);
 * ```
 */
export type QualifierRef = string | Uint8Array;

/**
 * Entity-level options of `@Entity` / `defineEntity`.
 *
 * @example
 * ```ts
 * const options: EntityOptions = { table: 'media', prefix: 'video', encoding: 'delimited', delimiter: '#' };
 * const child: EntityOptions = { table: 'media', parent: Video, literal: 'c' }; // video#<videoId>#c#…
 * ```
 */
export interface EntityOptions {
  /** Table id (`[_a-zA-Z0-9][-_.a-zA-Z0-9]*`, at most 50 characters). */
  readonly table: string;
  /**
   * Literal first key segment that tells this entity's rows apart from other entities in the same table
   * (single-table design), e.g. `video` → keys `video#…`.
   */
  readonly prefix?: string | Uint8Array;
  /** Row-key struct encoding: readable `delimited` (default) or binary `orderedCode`. */
  readonly encoding?: 'delimited' | 'orderedCode';
  /** Delimiter of `delimited` keys, default `#`. */
  readonly delimiter?: string | Uint8Array;
  /** Salt bucket as first segment: `hash(of…) % buckets`, zero-padded. `of` defaults to every key part. */
  readonly salt?: { readonly buckets: number; readonly of?: readonly string[] };
  /**
   * Hierarchical key: this entity's key extends the key of `parent` (an entity of the same table). The key is the
   * parent's whole key (its prefix, salt, key parts and literals, with the same property names), then `literal` if
   * given, then this entity's own key parts and literals, numbered from 0 again. Encoding, delimiter and salt are the
   * parent's; `prefix` and `salt` are not allowed here. E.g. `video#<videoId>` → `video#<videoId>#c#<reversed ts>`.
   */
  readonly parent?: EntityClass;
  /** Literal segment between the parent's key and this entity's own key parts (only with `parent`), e.g. `c`. */
  readonly literal?: string | Uint8Array;
  /**
   * A Standard Schema validator (zod, valibot, arktype, …) run on the entity before `save`, `insert`, `saveMany`
   * send anything, and on the key plus the changed properties before `update` does; a refusal is a
   * `ValidationError`. Only the verdict is used: the validator's output (transforms, defaults) is not written.
   */
  readonly validate?: StandardSchemaV1;
  /**
   * Also validate every entity read whole (`get`, queries); a refused row goes through the decode-error policy
   * (`onDecodeError('throw' | 'skip')`). Needs a synchronous validator. Default false.
   */
  readonly validateOnRead?: boolean;
}

type WithoutName<S> = S extends { readonly name: string } ? Omit<S, 'name'> : never;

/**
 * Options of a key part: a SegmentSpec of a named type, without the name (the property is the name).
 *
 * @example
 * ```ts
 * const at: KeyPartOptions = { type: 'reversedTimestamp', unit: 'millis' };
 * ```
 */
export type KeyPartOptions = WithoutName<SegmentSpec>;

/**
 * Segment type of a key part, when no further options are needed.
 *
 * @example
 * ```ts
 * const type: KeyPartType = 'reversedDomain';
 * ```
 */
export type KeyPartType = KeyPartOptions['type'];

/**
 * Options of `@Family` / `defineEntity({ families })`.
 *
 * @example
 * ```ts
 * const stats: FamilyOptions = { gc: Gc.maxVersions(1) };
 * const views: FamilyOptions = { aggregate: 'sum' };
 * ```
 */
export interface FamilyOptions {
  /** Garbage-collection rule; none = keep every version forever. */
  readonly gc?: GcRule;
  /** Makes this an aggregate family (value type Aggregate{Int64 big-endian; kind}); only `@Aggregate` fields. */
  readonly aggregate?: AggregateKind;
}

/**
 * Presence options shared by scalar columns.
 *
 * @example
 * ```ts
 * const presence: PresenceOptions = { optional: true };
 * ```
 */
export interface PresenceOptions {
  /** The property may be `undefined`: an absent value deletes the column on save and reads back as `undefined`. */
  readonly optional?: boolean;
  /** The property may be `null`: null deletes the column on save and an absent column reads back as `null`. */
  readonly nullable?: boolean;
  /**
   * Expose the cell history instead of the latest value: the property is `{ timestamp: Date; value: T }[]`, newest
   * first. A save writes every entry at its own timestamp and deletes none (the family's GC rule does).
   */
  readonly versioned?: boolean;
}

/**
 * Options of `@Column`: one cell per row at `family:qualifier`.
 *
 * @example
 * ```ts
 * const name: ColumnOptions = { family: 'd', codec: 'string', optional: true };
 * ```
 */
export interface ColumnOptions<T = unknown> extends PresenceOptions {
  readonly family: string;
  /** Default: the property name (UTF-8). */
  readonly qualifier?: QualifierRef;
  /** Required unless `design:type` is emitted and names an obvious scalar (String, Number, Boolean, BigInt, Date, Uint8Array). */
  readonly codec?: CodecRef<T>;
}

/**
 * Options of `@ProtobufColumn`: one protobuf message per cell.
 *
 * @example
 * ```ts
 * const fromFile: ProtobufColumnOptions = { family: 'd', file: 'protos/telemetry.proto', type: 'telemetry.v1.Reading' };
 * const fromType: ProtobufColumnOptions = { family: 'd', type: ReadingType };
 * ```
 */
export interface ProtobufColumnOptions extends PresenceOptions {
  readonly family: string;
  readonly qualifier?: QualifierRef;
  /**
   * A protobufjs Type (of any major: typed by the members the SDK uses, {@link ProtobufMessageType}), or a fully
   * qualified type name looked up in `file`.
   */
  readonly type: ProtobufMessageType | string;
  /** `.proto` file(s) to load (at resolution, with `protobuf.loadSync`) when `type` is a name. */
  readonly file?: string | readonly string[];
  /** Decoded form: plain `object` (default) or protobufjs `message` instance. */
  readonly output?: 'object' | 'message';
}

/**
 * Options of `@QualifierMap`: a `Map<K, V>` owning a whole family; qualifier = encoded key, value = encoded value.
 *
 * @example
 * ```ts
 * const friends: QualifierMapOptions = { family: 'friends', key: 'string', value: 'string' };
 * ```
 */
export interface QualifierMapOptions<K = unknown, V = unknown> {
  readonly family: string;
  readonly key: CodecRef<K>;
  readonly value: CodecRef<V>;
}

/**
 * Options of `@QualifierSet`: a `Set<K>` owning a whole family; qualifier = encoded member, value empty.
 *
 * @example
 * ```ts
 * const tags: QualifierSetOptions = { family: 'tags', key: 'string' };
 * ```
 */
export interface QualifierSetOptions<K = unknown> {
  readonly family: string;
  readonly key: CodecRef<K>;
}

/**
 * Number representation of int64 cells: `bigint` (default, exact) or `number` (safe integers only).
 *
 * @example
 * ```ts
 * @Counter({ family: 'stats', as: 'number' }) likes!: number;
 * ```
 */
export type Int64Representation = 'bigint' | 'number';

/**
 * Options of `@Counter`: an int64 cell changed only by ReadModifyWriteRow increments (missing = 0).
 *
 * @example
 * ```ts
 * const likes: CounterOptions = { family: 'stats', as: 'number' };
 * ```
 */
export interface CounterOptions {
  readonly family: string;
  readonly qualifier?: QualifierRef;
  readonly as?: Int64Representation;
}

/**
 * Options of `@Aggregate`: a cell of an aggregate family, written with AddToCell. Sum/min/max read as int64;
 * HLL reads as the raw sketch state (Uint8Array).
 *
 * @example
 * ```ts
 * const views: AggregateOptions = { family: 'views' };
 * ```
 */
export interface AggregateOptions {
  readonly family: string;
  readonly qualifier?: QualifierRef;
  readonly as?: Int64Representation;
  /** Expose every time bucket (`{ timestamp, value }[]`, newest first) instead of the latest one. */
  readonly versioned?: boolean;
}

/**
 * Options of `@CounterMap`: a `Map<K, bigint | number>` owning a whole family of int64 counter cells, one per key
 * (qualifier = encoded key, value = 8-byte big-endian int64). Changed by `increment` (several keys in one atomic
 * ReadModifyWriteRow), set with `put`, removed with `remove`; a save never writes it.
 *
 * @example
 * ```ts
 * const unread: CounterMapOptions = { family: 'unread', key: 'string', as: 'number' };
 * ```
 */
export interface CounterMapOptions<K = unknown> {
  /** The family the map owns (for `@AggregateMap`, an aggregate family). */
  readonly family: string;
  /** Codec of the keys, which are the qualifiers. */
  readonly key: CodecRef<K>;
  /** Read the int64 values as `bigint` (default) or `number`. */
  readonly as?: Int64Representation;
}

/**
 * Options of `@AggregateMap`: a `Map<K, …>` owning a whole aggregate family, one aggregate cell per key, fed with
 * AddToCell by `aggregate` (several keys in one MutateRow). Sum/min/max read as int64 (`bigint`, or `number` with
 * `as`), hll as its raw state bytes; the latest time bucket of each key is read. A save never writes it.
 *
 * @example
 * ```ts
 * const reactions: AggregateMapOptions = { family: 'reactions', key: 'string', as: 'number' };
 * ```
 */
export interface AggregateMapOptions<K = unknown> {
  /** The family the map owns (for `@AggregateMap`, an aggregate family). */
  readonly family: string;
  /** Codec of the keys, which are the qualifiers. */
  readonly key: CodecRef<K>;
  /** Read the int64 values as `bigint` (default) or `number`. */
  readonly as?: Int64Representation;
}

/**
 * Options of `@Version`: the int64 cell used for optimistic locking. Each save writes `version + 1`; the
 * repository makes the save conditional on the stored value still being `version`.
 *
 * @example
 * ```ts
 * const version: VersionOptions = { family: 'meta' };
 * ```
 */
export interface VersionOptions {
  readonly family: string;
  readonly qualifier?: QualifierRef;
  readonly as?: Int64Representation;
}
