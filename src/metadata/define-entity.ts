import { checkArray, checkFunction, checkObject } from '../errors/check-argument.js';
import type {
  AggregateMapOptions,
  AggregateOptions,
  ColumnOptions,
  CounterMapOptions,
  CounterOptions,
  EntityOptions,
  FamilyOptions,
  KeyPartOptions,
  KeyPartType,
  ProtobufColumnOptions,
  QualifierMapOptions,
  QualifierSetOptions,
  VersionOptions,
} from './declaration-args.js';
import type { DeclarationRecord, FieldRecord } from './declaration-records.js';
import { addDeclaration } from './declaration-store.js';
import type { EvolutionOptions } from './evolution-options.js';
import { evolutionRecord } from './evolution-record.js';
import { hookRecord } from './hook-record.js';
import type { EntityClass } from './entity-metadata.js';
import { defaultRegistry } from './entity-registry.js';
import {
  entityRecord,
  familyRecord,
  fieldRecord,
  keyLiteralRecord,
  keyPartRecord,
} from './record-builders.js';

/**
 * One key segment of `defineEntity`, in key order: a property with its segment type, or a literal.
 *
 * @example
 * ```ts
 * const key: KeyDefinition<Device>[] = [{ property: 'deviceId', type: 'string' }, { literal: 'm' }];
 * ```
 */
export type KeyDefinition<E> =
  | (KeyPartOptions & { readonly property: keyof E & string })
  | { readonly property: keyof E & string; readonly type?: undefined }
  | { readonly literal: string | Uint8Array };

/**
 * How one property is stored; `kind` names the decorator it stands for (default `column`).
 *
 * @example
 * ```ts
 * const tags: PropertyDefinition = { kind: 'set', family: 'tags', key: 'string' };
 * ```
 */
export type PropertyDefinition =
  | (ColumnOptions & { readonly kind?: 'column' })
  | (ProtobufColumnOptions & { readonly kind: 'protobuf' })
  | (QualifierMapOptions & { readonly kind: 'map' })
  | (QualifierSetOptions & { readonly kind: 'set' })
  | (CounterOptions & { readonly kind: 'counter' })
  | (AggregateOptions & { readonly kind: 'aggregate' })
  | (CounterMapOptions & { readonly kind: 'counterMap' })
  | (AggregateMapOptions & { readonly kind: 'aggregateMap' })
  | (VersionOptions & { readonly kind: 'version' });

/**
 * Everything `defineEntity` declares. `key[i]` is key position `i`; the rest mirrors the decorators one to one.
 *
 * @example
 * ```ts
 * const def: EntityDefinition<Device> = { table: 't', key: [{ property: 'deviceId' }] };
 * ```
 */
export interface EntityDefinition<E> extends EntityOptions {
  readonly key: readonly KeyDefinition<E>[];
  readonly families?: Readonly<Record<string, FamilyOptions>>;
  readonly properties?: { readonly [P in keyof E & string]?: PropertyDefinition };
  /** Schema version and upcast steps, as `@Evolve` takes them. */
  readonly evolution?: EvolutionOptions;
  /** Lifecycle hooks: names of methods of the class, run as `@BeforeSave()` / `@AfterLoad()` run them. */
  readonly hooks?: EntityHookDefinition<E>;
}

/**
 * `defineEntity`'s lifecycle hooks: per event, the names of the class's methods to run, in order (docs/hooks.md).
 *
 * @example
 * ```ts
 * class Note { title = ''; touch(): void {} derive(): void {} }
 * const hooks: EntityHookDefinition<Note> = { beforeSave: ['touch'], afterLoad: ['derive'] };
 * ```
 */
export interface EntityHookDefinition<E> {
  /** Methods run, in order, before a `save`, `insert` or `saveMany` validates and writes the entity. */
  readonly beforeSave?: readonly (keyof E & string)[];
  /** Methods run, in order, on each entity a read returns. */
  readonly afterLoad?: readonly (keyof E & string)[];
}

const FIELD_KINDS: Readonly<Record<NonNullable<PropertyDefinition['kind']>, FieldRecord['kind']>> = {
  column: 'column',
  protobuf: 'protobufColumn',
  map: 'qualifierMap',
  set: 'qualifierSet',
  counter: 'counter',
  aggregate: 'aggregate',
  counterMap: 'counterMap',
  aggregateMap: 'aggregateMap',
  version: 'version',
};

/**
 * The declaration records a definition stands for — the same records the decorators would append.
 *
 * @example
 * ```ts
 * definitionRecords({ table: 't', key: [{ property: 'id', type: 'string' }] });
 * ```
 */
export function definitionRecords<E>(definition: EntityDefinition<E>): DeclarationRecord[] {
  checkDefinition(definition);
  const { key, families, properties, evolution, hooks, ...entity } = definition;
  const records: DeclarationRecord[] = [entityRecord(entity)];
  if (evolution !== undefined) records.push(evolutionRecord(evolution));
  for (const event of ['beforeSave', 'afterLoad'] as const) {
    for (const method of hooks?.[event] ?? []) records.push(hookRecord(event, method));
  }
  for (const [name, options] of Object.entries(families ?? {})) records.push(familyRecord(name, options));
  (key ?? []).forEach((part, position) => {
    if ('literal' in part) {
      records.push(keyLiteralRecord(position, part.literal));
    } else {
      const { property, ...segment } = part;
      const options = segment.type === undefined ? 'string' : (segment as KeyPartOptions);
      records.push(keyPartRecord(property, position, options as KeyPartType | KeyPartOptions, undefined));
    }
  });
  for (const [property, spec] of Object.entries(properties ?? {}) as Array<
    [string, PropertyDefinition | undefined]
  >) {
    if (spec === undefined) continue;
    const { kind = 'column', ...options } = spec;
    const recordKind = FIELD_KINDS[kind];
    if (recordKind === undefined) {
      records.push(
        Object.freeze({
          kind: 'column',
          property,
          options: Object.freeze({ family: '' }),
          designType: undefined,
          problems: Object.freeze([
            `kind must be one of ${Object.keys(FIELD_KINDS).join(', ')}, got ${String(kind)}`,
          ]),
        }),
      );
      continue;
    }
    records.push(fieldRecord(recordKind, property, options as never, undefined));
  }
  return records;
}

/**
 * The key-part properties of a `key` tuple, in key order (literals dropped); `undefined` when `key` is a plain
 * array whose order TypeScript does not know.
 *
 * @example
 * ```ts
 * type K = KeyPropertiesOf<[{ property: 'deviceId' }, { literal: 'm' }, { property: 'at' }]>; // ['deviceId', 'at']
 * ```
 */
export type KeyPropertiesOf<T extends readonly unknown[]> = number extends T['length']
  ? undefined
  : KeyTupleProperties<T>;

type KeyTupleProperties<T extends readonly unknown[]> = T extends readonly [infer H, ...infer R]
  ? H extends { readonly property: infer P extends string }
    ? readonly [P, ...KeyTupleProperties<R>]
    : KeyTupleProperties<R>
  : readonly [];

/**
 * The key parts of a child entity (`parent` given): the parent's declared key parts, then its own; `undefined` when
 * the parent's are not declared to TypeScript. Without a parent, the own key parts.
 *
 * @example
 * ```ts
 * type K = WithParentKeyParts<DefinedEntity<typeof Video, readonly ['videoId']>, readonly ['at']>; // ['videoId', 'at']
 * ```
 */
export type WithParentKeyParts<P, Own> = [P] extends [undefined]
  ? Own
  : P extends { readonly keyParts?: infer PK }
    ? PK extends readonly string[]
      ? number extends PK['length']
        ? undefined
        : Own extends readonly string[]
          ? readonly [...PK, ...Own]
          : undefined
      : undefined
    : undefined;

/**
 * A class as `defineEntity` returns it: the same constructor, with its key parts declared to TypeScript (a
 * type-only static, nothing is added at run time) so that repositories type their keys.
 *
 * @example
 * ```ts
 * const Dev: DefinedEntity<typeof Device, readonly ['deviceId']> = defineEntity(Device, definition);
 * ```
 */
export type DefinedEntity<C, K> = C & { readonly keyParts?: K };

/**
 * Declares an entity without decorators (for plain JavaScript, or classes you do not own). Produces exactly the
 * records the decorators would, so both styles resolve to equal metadata. Returns the class, typed with its key
 * parts (written inline, `key` is inferred as a tuple) so that `mapper.repository()` checks full keys and key
 * prefixes at compile time.
 *
 * @example
 * ```ts
 * class Device { deviceId!: string; at!: Date; cpu?: number; tags = new Set<string>(); }
 * const DeviceEntity = defineEntity(Device, {
 *   table: 'telemetry', prefix: 'phone',
 *   key: [{ property: 'deviceId', type: 'string' }, { property: 'at', type: 'reversedTimestamp' }],
 *   families: { m: { gc: Gc.maxVersions(1) }, tags: {} },
 *   properties: { cpu: { family: 'm', codec: 'float64', optional: true }, tags: { kind: 'set', family: 'tags', key: 'string' } },
 * });
 * mapper.repository(DeviceEntity).get({ deviceId: 'x', at }); // typed: both key parts required
 *
 * // A child key extends its parent's key: device#<deviceId>#<at> then #e#<seq>; typed { deviceId, at, seq }.
 * class DeviceEvent { deviceId!: string; at!: Date; seq!: bigint; }
 * defineEntity(DeviceEvent, { table: 'telemetry', parent: DeviceEntity, literal: 'e', key: [{ property: 'seq', type: 'int64' }] });
 * ```
 */
export function defineEntity<
  C extends EntityClass,
  const K extends readonly KeyDefinition<InstanceType<C>>[],
  P extends EntityClass | undefined = undefined,
>(
  target: C,
  definition: EntityDefinition<InstanceType<C>> & { readonly key: K; readonly parent?: P },
): DefinedEntity<C, WithParentKeyParts<P, KeyPropertiesOf<K>>> {
  checkFunction({ api: 'defineEntity', argument: 'target' }, target, 'an entity class');
  for (const record of definitionRecords(definition)) addDeclaration(target, record);
  defaultRegistry.register(target);
  return target;
}

/**
 * The shape of a definition (objects where objects go), so that what the resolver then checks (names, types,
 * positions) is reported as declaration problems and never as a TypeError.
 */
function checkDefinition(definition: unknown): void {
  const api = 'defineEntity';
  checkObject({ api, argument: 'definition' }, definition, 'an EntityDefinition object');
  const { key, families, properties, evolution, hooks } = definition as Record<string, unknown>;
  if (key !== undefined) {
    checkArray({ api, argument: 'definition.key' }, key, 'an array of { property } or { literal } objects');
    key.forEach((part, i) =>
      checkObject(
        { api, argument: `definition.key[${i}]` },
        part,
        "an object: { property: 'id' } or { literal: 'x' }",
      ),
    );
  }
  for (const [name, value] of Object.entries({ families, properties, evolution, hooks })) {
    if (value !== undefined) checkObject({ api, argument: `definition.${name}` }, value);
  }
  for (const event of ['beforeSave', 'afterLoad']) {
    const methods = (hooks as Record<string, unknown> | undefined)?.[event];
    if (methods !== undefined)
      checkArray({ api, argument: `definition.hooks.${event}` }, methods, 'an array of method names');
  }
  if (properties !== undefined) {
    for (const [property, spec] of Object.entries(properties as object)) {
      if (spec !== undefined) checkObject({ api, argument: `definition.properties.${property}` }, spec);
    }
  }
}
