import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AfterLoad,
  Aggregate,
  AggregateMap,
  BeforeSave,
  Column,
  Counter,
  CounterMap,
  Entity,
  Evolve,
  Family,
  KeyLiteral,
  KeyPart,
  ProtobufColumn,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../../decorators/index.js';
import {
  TestMapper,
  TestTable,
  emulatorCandidates,
  locateEmulator,
  spawnEmulator,
  startEmulator,
} from '../../../src/testing/index.js';
import { emulatorGlobalSetup, useMapper, useTestTable } from '../../../src/testing/vitest/index.js';
import {
  BigtableMapperHealthIndicator,
  BigtableMapperModule,
  InjectMapper,
  InjectRepository,
  getMapperToken,
  getRepositoryToken,
} from '../../../src/nestjs/index.js';
import {
  BigtableConnection,
  BigtableMapperError,
  CollectionQuery,
  Lookup,
  Mapper,
  Query,
  Repository,
  defineEntity,
  getEntityMetadata,
  isKeyOf,
  keyOwner,
  printableKey,
  emitProcessWarning,
  upcastStep,
  Codecs,
  Gc,
} from '../../../src/index.js';
import {
  EntityRegistry,
  findKeyCollision,
  moduleEntities,
  familySpecsOf,
} from '../../../src/metadata/public/index.js';
import { readKeyRange } from '../../../src/raw/index.js';
import { TypedEvents } from '../../../src/observe/index.js';
import {
  SchemaManager,
  describeTable,
  describeChange,
  desiredSchema,
  formatGcRule,
  formatPlan,
  planSchema,
  rowKeySchemaFromJson,
  rowKeySchemaToJson,
} from '../../../src/admin/index.js';
import {
  inferTableEntities,
  exportSchemaFiles,
  formatFamiliesFile,
  generateEntitiesSource,
  generateEntitySource,
  generateEntitySourceFromFiles,
  inferenceComment,
  kebabCase,
  parseFamiliesFile,
  parseSchemaFiles,
  schemaFilesEntities,
  schemaFilesMetadata,
} from '../../../src/codegen/index.js';
import {
  compareBytes,
  compileRowKeySchema,
  createKeyCodec,
  createSegmentCodec,
  decodeRowKeyWithSchema,
  encodeRowKeyWithSchema,
  formatRowKeySchemaFile,
  isEmptyKeyRange,
  keyRangeContains,
  keySegmentsFromRowKeySchema,
  keySuccessor,
  normalizeKeyRanges,
  parseRowKeySchemaFile,
  pointKeyRange,
  prefixKeyRange,
  rowKeyRangesWithSchema,
  rowKeySchemaForKey,
  orderedCode,
} from '../../../src/keys/index.js';
import { formatFindings, lintEntities, lintSchemaFiles, sortFindings } from '../../../src/lint/index.js';
import { backfill } from '../../../src/backfill/index.js';
import { startStudio } from '../../../src/studio/index.js';
import type { ErrorCode } from '../../../src/index.js';
import type { OrderedCodeDirection, RowKeySchema } from '../../../src/keys/index.js';
import { useMapperPair } from '../../reliability/support/mapper-pair.js';

// The public boundary (issue 23, item 14; docs/errors.md "Arguments"): every public method and builder step,
// called with bad arguments, is refused with a BigtableMapperError with a stable code, and nothing reaches the
// server. The mapper under test talks to the emulator through the fault proxy, whose byte counter is the tap: a
// refused call must not move it. The list of members comes from every API report (etc/*.api.md: the root, the
// decorators, the tools, the test kit, the NestJS module), so a new public method, exported function or entry point
// without a row here (or an explicit exemption) fails this test.

@Entity({ table: 'pb_clubs', prefix: 'c' })
@Family('d')
@Family('members')
@Family('roles')
@Family('c')
@Family('views', { aggregate: 'sum' })
class Club {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
  @QualifierSet({ family: 'members', key: 'string' }) members!: Set<string>;
  @QualifierMap({ family: 'roles', key: 'string', value: 'string' }) roles!: Map<string, string>;
  @Counter({ family: 'c' }) visits!: bigint;
  @Aggregate({ family: 'views', qualifier: 'n', as: 'number' }) views: number | undefined;
}

@Entity({ table: 'pb_clubs', prefix: 'n' })
@Family('d')
class Note {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}

@Entity({ table: 'pb_locked' })
@Family('d')
@Family('meta')
class Locked {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Version({ family: 'meta' }) version!: bigint;
}

/** An entity whose before-save hook always throws (its table is never created: nothing may be sent). */
@Entity({ table: 'pb_hooked' })
@Family('d')
class Hooked {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name = 'n';
  @BeforeSave() refuse(): void {
    throw new Error('refused by the hook');
  }
}

const pair = useMapperPair([Club, Note, Locked]);
const mapper = (): Mapper => pair().proxied;
const clubs = (): Repository<Club> => mapper().repository(Club) as unknown as Repository<Club>;
const locked = (): Repository<Locked> => mapper().repository(Locked) as unknown as Repository<Locked>;
const key = { tenant: 't', id: '1' };
const bad = (value: unknown): never => value as never;
/** The proxied mapper with an interceptor that vetoes every call. */
const vetoing = (): Mapper =>
  new Mapper(mapper().connection, {
    ...mapper().repositoryOptions,
    interceptors: [
      () => {
        throw new Error('vetoed');
      },
    ],
  });

function club(): Club {
  return Object.assign(new Club(), {
    ...key,
    status: 'open',
    members: new Set(['a']),
    roles: new Map([['a', 'owner']]),
  });
}

/** The catalogue of bad call options: every call with options takes them through the same check. */
const BAD_OPTIONS: ReadonlyArray<readonly [string, unknown]> = [
  ['options null', null],
  ['options a string', 'fast'],
  ['signal a string', { signal: 'x' }],
  ['signal a plain object', { signal: { aborted: false } }],
  ['timeoutMs NaN', { timeoutMs: Number.NaN }],
  ['timeoutMs -Infinity', { timeoutMs: -Infinity }],
  ['timeoutMs a string', { timeoutMs: '100' }],
];

/** Bad values where a key (an object of key parts) goes. */
const BAD_KEYS: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['undefined', undefined],
  ['a string', 't#1'],
  ['a number', 1],
];

type Case = readonly [label: string, code: ErrorCode, call: () => unknown];
type Row = readonly Case[];

const opts = (api: string, call: (options: never) => unknown): Case[] =>
  BAD_OPTIONS.map(([label, value]) => [`${api}: ${label}`, 'INVALID_ARGUMENT', () => call(value as never)]);
const keys = (api: string, call: (key: never) => unknown, code: ErrorCode = 'INVALID_ARGUMENT'): Case[] =>
  BAD_KEYS.map(([label, value]) => [`${api}: key ${label}`, code, () => call(value as never)]);

const q = (): Query<Club> => clubs().find({ tenant: 't' });
const cq = (): CollectionQuery<{ club: Club; note: Note }> =>
  mapper().collection({ club: Club, note: Note }).key({ tenant: 't' }) as unknown as CollectionQuery<{
    club: Club;
    note: Note;
  }>;
const lk = (): Lookup<Club> => clubs().lookup([key]);
const BAD_SIGNALS: ReadonlyArray<readonly [string, unknown]> = [
  ['a string', 'x'],
  ['null', null],
  ['a plain object', {}],
];
const BAD_COUNTS: ReadonlyArray<readonly [string, unknown]> = [
  ['0', 0],
  ['-1', -1],
  ['1.5', 1.5],
  ['NaN', Number.NaN],
  ['Infinity', Infinity],
  ['a string', '5'],
  ['null', null],
];
const BAD_MS: ReadonlyArray<readonly [string, unknown]> = [
  ['0', 0],
  ['-5', -5],
  ['NaN', Number.NaN],
  ['Infinity', Infinity],
  ['a string', '100'],
];
const BAD_WINDOWS: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['a number', 3],
  ['latest 0', { latest: 0 }],
  ['latest NaN', { latest: Number.NaN }],
  ['latest -1', { latest: -1 }],
  ['since not a Date', { since: 5 }],
  ['until an invalid Date', { until: new Date(Number.NaN) }],
];
const each = (
  api: string,
  values: ReadonlyArray<readonly [string, unknown]>,
  code: ErrorCode,
  call: (value: never) => unknown,
): Case[] => values.map(([label, value]) => [`${api}: ${label}`, code, () => call(value as never)]);

/** A pure function called with a first argument of the wrong kind (and nothing else). */
const firsts = (fn: (...args: never[]) => unknown): Case[] => [
  ['null', 'INVALID_ARGUMENT', () => fn(bad(null))],
  ['undefined', 'INVALID_ARGUMENT', () => fn(bad(undefined))],
  ['a string', 'INVALID_ARGUMENT', () => fn(bad('x'))],
  ['a number', 'INVALID_ARGUMENT', () => fn(bad(1))],
];
/** The same for a function whose first argument is a text. */
const textFirsts = (fn: (...args: never[]) => unknown): Case[] => [
  ['null', 'INVALID_ARGUMENT', () => fn(bad(null))],
  ['undefined', 'INVALID_ARGUMENT', () => fn(bad(undefined))],
  ['a number', 'INVALID_ARGUMENT', () => fn(bad(1))],
  ['options a string', 'INVALID_ARGUMENT', () => fn(bad(''), bad('x'))],
];
const BYTES = new Uint8Array([0x61]);
/** An orderedCode decoder given bad input, offset or direction. */
const decodes = (
  fn: (input: Uint8Array, offset?: number, direction?: OrderedCodeDirection) => unknown,
): Case[] => [
  ...firsts(fn),
  ['offset -1', 'INVALID_ARGUMENT', () => fn(BYTES, -1)],
  ['offset past the end', 'INVALID_ARGUMENT', () => fn(BYTES, 2)],
  ['offset NaN', 'INVALID_ARGUMENT', () => fn(BYTES, NaN)],
  ['direction unknown', 'INVALID_ARGUMENT', () => fn(BYTES, 0, bad('up'))],
];
const META = (): ReturnType<typeof getEntityMetadata> => getEntityMetadata(Club);
const SCHEMA: RowKeySchema = {
  fields: [{ fieldName: 'id', type: { stringType: { encoding: { utf8Bytes: {} } } } }],
  encoding: { delimitedBytes: { delimiter: new Uint8Array([0x23]) } },
};

/** A class to apply decorators to by hand (only refused applications reach it: nothing is ever recorded on it). */
class Target {}
/** A field decorator applied by hand where no field decorator can be: every case is refused before recording. */
const misapplied = (make: () => (target: object | undefined, key: never) => void): Case[] => [
  ['target null', 'INVALID_ARGUMENT', () => make()(bad(null), bad('x'))],
  ['target undefined, key a name', 'INVALID_ARGUMENT', () => make()(undefined, bad('x'))],
  ['target a string', 'INVALID_ARGUMENT', () => make()(bad('Club'), bad('x'))],
  ['target a number', 'INVALID_ARGUMENT', () => make()(bad(1), bad('x'))],
  ['target a plain object', 'INVALID_ARGUMENT', () => make()(bad({}), bad('x'))],
  ['target without a prototype chain', 'INVALID_ARGUMENT', () => make()(bad(Object.create(null)), bad('x'))],
  ['key null', 'INVALID_ARGUMENT', () => make()(Target.prototype, bad(null))],
  ['key undefined', 'INVALID_ARGUMENT', () => make()(Target.prototype, bad(undefined))],
  ['key a number', 'INVALID_ARGUMENT', () => make()(Target.prototype, bad(1))],
  [
    'on a method (standard context)',
    'METADATA_INVALID',
    () => make()(undefined, bad({ kind: 'method', name: 'm', static: false, private: false, metadata: {} })),
  ],
];
/** A class decorator applied by hand to something that is no class, or with a context that is none. */
const misappliedToClass = (make: () => (target: never, context?: unknown) => void): Case[] => [
  ['target null', 'INVALID_ARGUMENT', () => make()(bad(null))],
  ['target a string', 'INVALID_ARGUMENT', () => make()(bad('Club'))],
  ['target a prototype', 'INVALID_ARGUMENT', () => make()(bad(Target.prototype))],
  ['context a string', 'INVALID_ARGUMENT', () => make()(bad(class Plain {}), 'class')],
  [
    'on a field (standard context)',
    'METADATA_INVALID',
    () =>
      make()(bad(class Plain {}), { kind: 'field', name: 'f', static: false, private: false, metadata: {} }),
  ],
];
/** A lifecycle hook decorator applied by hand where no method is, or to a method the class does not have. */
const misappliedHook = (make: () => (target: object, key: never) => void): Case[] => [
  ['target null', 'INVALID_ARGUMENT', () => make()(bad(null), bad('m'))],
  ['target a string', 'INVALID_ARGUMENT', () => make()(bad('Club'), bad('m'))],
  ['target a plain object', 'INVALID_ARGUMENT', () => make()(bad({}), bad('m'))],
  ['key null', 'INVALID_ARGUMENT', () => make()(Target.prototype, bad(null))],
  ['key a number', 'INVALID_ARGUMENT', () => make()(Target.prototype, bad(1))],
  [
    'on a field (standard context)',
    'METADATA_INVALID',
    () =>
      make()(bad(undefined), bad({ kind: 'field', name: 'f', static: false, private: false, metadata: {} })),
  ],
  [
    'a method the class lacks',
    'METADATA_INVALID',
    () => declared((C) => make()(C.prototype, bad('missing'))),
  ],
  [
    'a static method',
    'METADATA_INVALID',
    () =>
      declared((C) => {
        Object.assign(C, { m: () => undefined });
        make()(C, bad('m'));
      }),
  ],
];
/**
 * A fresh entity declared with the decorators (key `k`, family `d`), with `decorate` applied to it by hand before
 * `@Entity(entity)`, then resolved: bad declarations are found here, each as a MetadataError.
 */
function declared(decorate: (C: new () => object) => void, entity: unknown = { table: 'pb_decl' }): unknown {
  class Declared {}
  Family('d')(Declared);
  KeyPart(0, 'string')(Declared.prototype, 'k');
  decorate(Declared);
  Entity(bad(entity))(Declared);
  return getEntityMetadata(Declared);
}
/** A field decorator given options that are none. */
const badFieldOptions = (make: (options: never) => (target: object, key: string) => void): Case[] =>
  [null, undefined, 'd', 5, { family: 5 }, { family: '' }].map((options): Case => [
    `options ${options === undefined ? 'undefined' : JSON.stringify(options)}`,
    'METADATA_INVALID',
    () => declared((C) => make(bad(options))(C.prototype, 'x')),
  ]);
/** Test-kit options that point at the tap, so that a connection the kit made would be counted. */
const tapped = (): { emulatorHost: string } => ({ emulatorHost: pair().proxy.hostPort });
const health = (): BigtableMapperHealthIndicator => new BigtableMapperHealthIndicator(() => mapper());
const CONNECTION = { projectId: 'p', instanceId: 'i', emulatorHost: '127.0.0.1:9' };

/**
 * One row per public member: `Class.member` (static members too) or the exported function's name. Each case must
 * be refused with its code and send nothing. Builder steps are run to a terminal (a check may be made at the step
 * or when the query runs, but always before anything is sent).
 */
const ROWS: Readonly<Record<string, Row>> = {
  // Mapper
  'Mapper.constructor': [
    ['connection null', 'INVALID_ARGUMENT', () => new Mapper(bad(null))],
    ['options a string', 'INVALID_ARGUMENT', () => new Mapper(mapper().connection, bad('x'))],
    [
      'batchConcurrency 0',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { batchConcurrency: 0 }),
    ],
    [
      'batchConcurrency NaN',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { batchConcurrency: NaN }),
    ],
    ['batchMaxBytes -1', 'INVALID_ARGUMENT', () => new Mapper(mapper().connection, { batchMaxBytes: -1 })],
    ['now not a function', 'INVALID_ARGUMENT', () => new Mapper(mapper().connection, { now: bad(5) })],
    ['tableIds a string', 'INVALID_ARGUMENT', () => new Mapper(mapper().connection, { tableIds: bad('x') })],
    ['observe a string', 'INVALID_ARGUMENT', () => new Mapper(mapper().connection, { observe: bad('on') })],
    [
      'observe.tracing a string',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { observe: { tracing: bad('off') } }),
    ],
    [
      'observe.builtinMetrics a string',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { observe: { builtinMetrics: bad('yes') } }),
    ],
    [
      'observe.builtinMetrics with metrics off',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { observe: { metrics: false, builtinMetrics: true } }),
    ],
    [
      'interceptors a function, not a list',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { interceptors: bad(() => undefined) }),
    ],
    [
      'interceptors [42]',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { interceptors: bad([42]) }),
    ],
    [
      'interceptors [null]',
      'INVALID_ARGUMENT',
      () => new Mapper(mapper().connection, { interceptors: bad([null]) }),
    ],
  ],
  'TypedEvents.constructor': [
    ['names a string', 'INVALID_ARGUMENT', () => new TypedEvents(bad('call'))],
    ['names holding an empty name', 'INVALID_ARGUMENT', () => new TypedEvents(bad(['call', '']))],
  ],
  'Mapper.connect': [
    ['connection null', 'INVALID_ARGUMENT', () => Mapper.connect(bad(null))],
    ['connection a string', 'INVALID_ARGUMENT', () => Mapper.connect(bad('localhost:8086'))],
    [
      'interceptors ["log"]',
      'INVALID_ARGUMENT',
      () => Mapper.connect({ projectId: 'p', instanceId: 'i' }, { interceptors: bad(['log']) }),
    ],
  ],
  'Mapper.repository': [
    ['null', 'INVALID_ARGUMENT', () => mapper().repository(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => mapper().repository(bad('Club'))],
    ['an undecorated class', 'METADATA_INVALID', () => mapper().repository(class Plain {})],
  ],
  'Mapper.collection': [
    ['null', 'INVALID_ARGUMENT', () => mapper().collection(bad(null))],
    ['a member that is no class', 'INVALID_ARGUMENT', () => mapper().collection(bad({ club: 'Club' }))],
    ['members of two tables', 'INVALID_ARGUMENT', () => mapper().collection({ club: Club, locked: Locked })],
  ],
  'Mapper.scope': [
    ['null', 'INVALID_ARGUMENT', () => mapper().scope(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => mapper().scope(bad('acme'))],
  ],
  'Scope.repository': [
    ['an empty scope', 'INVALID_ARGUMENT', () => mapper().scope({}).repository(Club)],
    ['an empty value', 'INVALID_ARGUMENT', () => mapper().scope({ tenant: '' }).repository(Club)],
    ['null', 'INVALID_ARGUMENT', () => mapper().scope({ tenant: 't' }).repository(bad(null))],
    // Its keys may leave the tenant out (ScopedKey), but never name another one or be no key.
    [
      'a key of another tenant',
      'INVALID_ARGUMENT',
      () => mapper().scope({ tenant: 't' }).repository(Club).get({ tenant: 'u', id: 'x' }),
    ],
    ['a null key', 'INVALID_ARGUMENT', () => mapper().scope({ tenant: 't' }).repository(Club).get(bad(null))],
  ],
  'Scope.collection': [
    ['null', 'INVALID_ARGUMENT', () => mapper().scope({ tenant: 't' }).collection(bad(null))],
    [
      'a member outside the scope layout',
      'INVALID_ARGUMENT',
      () => mapper().scope({ nope: 't' }).collection({ club: Club }),
    ],
  ],
  'Mapper.createTable': [
    ['null', 'INVALID_ARGUMENT', () => mapper().createTable(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => mapper().createTable(bad('pb_clubs'))],
  ],
  'Mapper.ensureSchema': [
    ['null', 'INVALID_ARGUMENT', () => mapper().ensureSchema(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => mapper().ensureSchema(bad('Club'))],
    ['[null]', 'INVALID_ARGUMENT', () => mapper().ensureSchema(bad([null]))],
  ],
  'Mapper.query': [
    ['entities null', 'INVALID_ARGUMENT', () => mapper().query(bad(null), { tenant: 't' })],
    ['entities [null]', 'INVALID_ARGUMENT', () => mapper().query(bad([null]), { tenant: 't' })],
    ['shared key null', 'INVALID_ARGUMENT', () => mapper().query([Club, Note], bad(null))],
    ['shared key a string', 'INVALID_ARGUMENT', () => mapper().query([Club, Note], bad('t'))],
    ['unknown shared property', 'QUERY_INVALID', () => mapper().query([Club, Note], { nope: 't' })],
  ],
  'Mapper.backfill': [
    ['entity null', 'INVALID_ARGUMENT', () => mapper().backfill(bad(null))],
    ['options a string', 'INVALID_ARGUMENT', () => mapper().backfill(Club, bad('x'))],
  ],
  backfill: [
    ['entity null', 'INVALID_ARGUMENT', () => backfill(mapper(), bad(null))],
    ['options a string', 'INVALID_ARGUMENT', () => backfill(mapper(), Club, bad('x'))],
  ],

  // Repository
  'Repository.constructor': [
    ['connection null', 'INVALID_ARGUMENT', () => new Repository(bad(null), getEntityMetadata(Club))],
    ['metadata null', 'INVALID_ARGUMENT', () => new Repository(mapper().connection, bad(null))],
  ],
  'Repository.keyOf': [
    ...keys('keyOf', (k) => clubs().keyOf(k)),
    ['a missing part', 'KEY_ENCODING', () => clubs().keyOf(bad({ tenant: 't' }))],
    ['a part of the wrong type', 'KEY_ENCODING', () => clubs().keyOf(bad({ tenant: 't', id: 5 }))],
  ],
  'Repository.get': [
    ...keys('get', (k) => clubs().get(k)),
    ...opts('get', (o) => clubs().get(key, o)),
    ['vetoed by an interceptor', 'CALL_VETOED', () => vetoing().repository(Club).get(key)],
  ],
  'Repository.getOrThrow': [
    ...keys('getOrThrow', (k) => clubs().getOrThrow(k)),
    ...opts('getOrThrow', (o) => clubs().getOrThrow(key, o)),
  ],
  'Repository.getMany': [
    ['null', 'INVALID_ARGUMENT', () => clubs().getMany(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => clubs().getMany(bad('t#1'))],
    ['[null]', 'INVALID_ARGUMENT', () => clubs().getMany(bad([null]))],
    ['[key, undefined]', 'INVALID_ARGUMENT', () => clubs().getMany(bad([key, undefined]))],
    ...opts('getMany', (o) => clubs().getMany([key], o)),
  ],
  'Repository.lookup': [
    ['null', 'INVALID_ARGUMENT', () => clubs().lookup(bad(null)).toArray()],
    [
      '[null]',
      'INVALID_ARGUMENT',
      () =>
        clubs()
          .lookup(bad([null]))
          .toArray(),
    ],
    ['a string', 'INVALID_ARGUMENT', () => clubs().lookup(bad('t#1')).toArray()],
  ],
  'Repository.find': [
    ['null', 'INVALID_ARGUMENT', () => clubs().find(bad(null)).toArray()],
    ['a string', 'INVALID_ARGUMENT', () => clubs().find(bad('t')).toArray()],
    [
      'unknown property',
      'QUERY_INVALID',
      () =>
        clubs()
          .find(bad({ nope: 1 }))
          .toArray(),
    ],
    [
      'a key part of the wrong type',
      'QUERY_INVALID',
      () =>
        clubs()
          .find(bad({ tenant: 5 }))
          .toArray(),
    ],
  ],
  'Repository.save': [
    ['null', 'INVALID_ARGUMENT', () => clubs().save(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => clubs().save(bad('club'))],
    [
      'a column of the wrong type',
      'VALUE_ENCODING',
      () => clubs().save(Object.assign(club(), { status: 5 })),
    ],
    [
      'a set given as a string',
      'VALUE_ENCODING',
      () => clubs().save(Object.assign(club(), { members: 'zed' })),
    ],
    [
      'version -1n',
      'INVALID_ARGUMENT',
      () => locked().save(Object.assign(new Locked(), { id: 'l', name: 'n', version: -1n })),
    ],
    [
      'version NaN',
      'INVALID_ARGUMENT',
      () => locked().save(Object.assign(new Locked(), { id: 'l', name: 'n', version: Number.NaN })),
    ],
    ...opts('save', (o) => clubs().save(club(), o)),
    ['vetoed by an interceptor', 'CALL_VETOED', () => vetoing().repository(Club).save(club())],
    [
      'a before-save hook throws',
      'ENTITY_HOOK_FAILED',
      () =>
        mapper()
          .repository(Hooked)
          .save(Object.assign(new Hooked(), { id: 'h' })),
    ],
  ],
  'Repository.insert': [
    ['null', 'INVALID_ARGUMENT', () => clubs().insert(bad(null))],
    ['a number', 'INVALID_ARGUMENT', () => clubs().insert(bad(1))],
    ...opts('insert', (o) => clubs().insert(club(), o)),
    ['vetoed by an interceptor', 'CALL_VETOED', () => vetoing().repository(Club).insert(club())],
  ],
  'Repository.update': [
    ...keys('update', (k) => clubs().update(k, { status: 'x' })),
    ['changes null', 'INVALID_ARGUMENT', () => clubs().update(key, bad(null))],
    ['changes a string', 'INVALID_ARGUMENT', () => clubs().update(key, bad('status=x'))],
    ['unknown property', 'VALUE_ENCODING', () => clubs().update(key, bad({ nope: 1 }))],
    [
      'a set put given as a string',
      'INVALID_ARGUMENT',
      () => clubs().update(key, bad({ members: { put: 'zed' } })),
    ],
    [
      'a set remove given as a string',
      'INVALID_ARGUMENT',
      () => clubs().update(key, bad({ members: { remove: 'lee' } })),
    ],
    [
      'a map put given as a string',
      'INVALID_ARGUMENT',
      () => clubs().update(key, bad({ roles: { put: 'ab' } })),
    ],
    [
      'expectedVersion -1n',
      'INVALID_ARGUMENT',
      () => locked().update({ id: 'l' }, { name: 'n' }, { expectedVersion: -1n }),
    ],
    [
      'expectedVersion 1.5',
      'INVALID_ARGUMENT',
      () => locked().update({ id: 'l' }, { name: 'n' }, { expectedVersion: 1.5 }),
    ],
    [
      'expectedVersion a string',
      'VALUE_ENCODING',
      () => locked().update({ id: 'l' }, { name: 'n' }, { expectedVersion: bad('1') }),
    ],
    [
      'ifUnchanged a string',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, bad({ ifUnchanged: 'x' })),
    ],
    [
      'ifUnchanged empty',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, { ifUnchanged: {} }),
    ],
    [
      'ifUnchanged an unknown property',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, { ifUnchanged: bad({ nope: 1 }) }),
    ],
    [
      'ifUnchanged a key part',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, { ifUnchanged: bad({ id: 'i' }) }),
    ],
    [
      'ifUnchanged a counter',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, { ifUnchanged: { visits: 1n } }),
    ],
    [
      'ifUnchanged a set',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, { ifUnchanged: bad({ members: new Set() }) }),
    ],
    [
      'ifUnchanged a value of another type',
      'INVALID_ARGUMENT',
      () => clubs().update(key, { status: 'x' }, { ifUnchanged: bad({ status: 3 }) }),
    ],
    [
      'ifUnchanged with expectedVersion',
      'INVALID_ARGUMENT',
      () => locked().update({ id: 'l' }, { name: 'n' }, { expectedVersion: 1n, ifUnchanged: { name: 'm' } }),
    ],
    ...opts('update', (o) => clubs().update(key, { status: 'x' }, o)),
  ],
  'Repository.delete': [
    ...keys('delete', (k) => clubs().delete(k)),
    ['expectedVersion -1n', 'INVALID_ARGUMENT', () => locked().delete({ id: 'l' }, { expectedVersion: -1n })],
    ['expectedVersion NaN', 'INVALID_ARGUMENT', () => locked().delete({ id: 'l' }, { expectedVersion: NaN })],
    [
      'an entity with version -1n',
      'INVALID_ARGUMENT',
      () => locked().delete(Object.assign(new Locked(), { id: 'l', name: 'n', version: -1n })),
    ],
    ['ifUnchanged a string', 'INVALID_ARGUMENT', () => clubs().delete(key, bad({ ifUnchanged: 'x' }))],
    ['ifUnchanged a counter', 'INVALID_ARGUMENT', () => clubs().delete(key, { ifUnchanged: { visits: 1n } })],
    [
      'ifUnchanged a value of another type',
      'INVALID_ARGUMENT',
      () => clubs().delete(key, { ifUnchanged: bad({ status: 3 }) }),
    ],
    [
      'ifUnchanged with an entity carrying its version',
      'INVALID_ARGUMENT',
      () =>
        locked().delete(Object.assign(new Locked(), { id: 'l', name: 'n', version: 2n }), {
          ifUnchanged: { name: 'n' },
        }),
    ],
    ...opts('delete', (o) => clubs().delete(key, o)),
  ],
  'Repository.deleteByPrefix': [
    ...keys('deleteByPrefix', (k) => clubs().deleteByPrefix(k)),
    ['unknown property', 'KEY_ENCODING', () => clubs().deleteByPrefix(bad({ nope: 't' }))],
    ['alsoDelete a class', 'INVALID_ARGUMENT', () => clubs().deleteByPrefix(key, { alsoDelete: bad(Note) })],
    ['alsoDelete [null]', 'INVALID_ARGUMENT', () => clubs().deleteByPrefix(key, { alsoDelete: bad([null]) })],
    ...opts('deleteByPrefix', (o) => clubs().deleteByPrefix(key, o)),
  ],
  'Repository.deleteMany': [
    ['null', 'INVALID_ARGUMENT', () => clubs().deleteMany(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => clubs().deleteMany(bad('t#1'))],
    ['[null]', 'INVALID_ARGUMENT', () => clubs().deleteMany(bad([null]))],
    ...opts('deleteMany', (o) => clubs().deleteMany([key], o)),
  ],
  'Repository.saveMany': [
    ['null', 'INVALID_ARGUMENT', () => clubs().saveMany(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => clubs().saveMany(bad('club'))],
    ['a number', 'INVALID_ARGUMENT', () => clubs().saveMany(bad(5))],
    ['[null]', 'INVALID_ARGUMENT', () => clubs().saveMany(bad([null]))],
    ['[entity, "x"]', 'INVALID_ARGUMENT', () => clubs().saveMany(bad([club(), 'x']))],
    ['onProgress a string', 'INVALID_ARGUMENT', () => clubs().saveMany([club()], { onProgress: bad('log') })],
    ...opts('saveMany', (o) => clubs().saveMany([club()], o)),
    ['vetoed by an interceptor', 'CALL_VETOED', () => vetoing().repository(Club).saveMany([club(), club()])],
  ],
  'Repository.add': [
    ...keys('add', (k) => clubs().add(k, 'members', ['a'])),
    ['members a bare string', 'INVALID_ARGUMENT', () => clubs().add(key, 'members', bad('zed'))],
    ['members null', 'INVALID_ARGUMENT', () => clubs().add(key, 'members', bad(null))],
    ['members a number', 'INVALID_ARGUMENT', () => clubs().add(key, 'members', bad(5))],
    ['a member of the wrong type', 'VALUE_ENCODING', () => clubs().add(key, 'members', bad([5]))],
    ['property not a set', 'INVALID_ARGUMENT', () => clubs().add(key, bad('roles'), ['a'])],
    ['property null', 'INVALID_ARGUMENT', () => clubs().add(key, bad(null), ['a'])],
    ...opts('add', (o) => clubs().add(key, 'members', ['a'], o)),
  ],
  'Repository.remove': [
    ...keys('remove', (k) => clubs().remove(k, 'members', ['a'])),
    ['members a bare string', 'INVALID_ARGUMENT', () => clubs().remove(key, 'members', bad('lee'))],
    ['map keys a bare string', 'INVALID_ARGUMENT', () => clubs().remove(key, 'roles', bad('ab'))],
    ['members undefined', 'INVALID_ARGUMENT', () => clubs().remove(key, 'members', bad(undefined))],
    ['property unknown', 'INVALID_ARGUMENT', () => clubs().remove(key, bad('nope'), ['a'])],
    ...opts('remove', (o) => clubs().remove(key, 'members', ['a'], o)),
  ],
  'Repository.put': [
    ...keys('put', (k) => clubs().put(k, 'roles', new Map([['a', 'b']]))),
    ['entries a bare string', 'INVALID_ARGUMENT', () => clubs().put(key, 'roles', bad('ab'))],
    ['entries null', 'INVALID_ARGUMENT', () => clubs().put(key, 'roles', bad(null))],
    ['entries of strings', 'INVALID_ARGUMENT', () => clubs().put(key, 'roles', bad(['ab', 'cd']))],
    ['an entry null', 'INVALID_ARGUMENT', () => clubs().put(key, 'roles', bad([null]))],
    ['property a set', 'INVALID_ARGUMENT', () => clubs().put(key, bad('members'), new Map([['a', 'b']]))],
    ...opts('put', (o) => clubs().put(key, 'roles', new Map([['a', 'b']]), o)),
  ],
  'Repository.has': [
    ...keys('has', (k) => clubs().has(k, 'members', 'a')),
    ['property unknown', 'INVALID_ARGUMENT', () => clubs().has(key, bad('nope'), 'a')],
    ['member null', 'INVALID_ARGUMENT', () => clubs().has(key, 'members', bad(null))],
    ['member of the wrong type', 'QUERY_INVALID', () => clubs().has(key, 'members', bad(5))],
    ...opts('has', (o) => clubs().has(key, 'members', 'a', o)),
  ],
  'Repository.increment': [
    ...keys('increment', (k) => clubs().increment(k, 'visits', 1)),
    ['by NaN', 'INVALID_ARGUMENT', () => clubs().increment(key, 'visits', NaN)],
    ['by 1.5', 'INVALID_ARGUMENT', () => clubs().increment(key, 'visits', 1.5)],
    ['by a string', 'INVALID_ARGUMENT', () => clubs().increment(key, 'visits', bad('1'))],
    ['property not a counter', 'INVALID_ARGUMENT', () => clubs().increment(key, bad('status'), 1)],
    ...opts('increment', (o) => clubs().increment(key, 'visits', 1, o)),
  ],
  'Repository.setCounter': [
    ...keys('setCounter', (k) => clubs().setCounter(k, 'visits', 0)),
    ['value NaN', 'INVALID_ARGUMENT', () => clubs().setCounter(key, 'visits', NaN)],
    ['value 1.5', 'INVALID_ARGUMENT', () => clubs().setCounter(key, 'visits', 1.5)],
    ['value a string', 'INVALID_ARGUMENT', () => clubs().setCounter(key, 'visits', bad('0'))],
    ['value beyond int64', 'INVALID_ARGUMENT', () => clubs().setCounter(key, 'visits', 2n ** 63n)],
    ['value undefined', 'INVALID_ARGUMENT', () => clubs().setCounter(key, 'visits', bad(undefined))],
    ['property not a counter', 'INVALID_ARGUMENT', () => clubs().setCounter(key, bad('status'), 0)],
    ['property an aggregate', 'INVALID_ARGUMENT', () => clubs().setCounter(key, bad('views'), 0)],
    ...opts('setCounter', (o) => clubs().setCounter(key, 'visits', 0, o)),
  ],
  'Repository.aggregate': [
    ...keys('aggregate', (k) => clubs().aggregate(k, 'views', 1)),
    ['value NaN', 'INVALID_ARGUMENT', () => clubs().aggregate(key, 'views', NaN)],
    ['value Infinity', 'INVALID_ARGUMENT', () => clubs().aggregate(key, 'views', Infinity)],
    ['bucket not a Date', 'INVALID_ARGUMENT', () => clubs().aggregate(key, 'views', 1, { bucket: bad(5) })],
    ['property not an aggregate', 'INVALID_ARGUMENT', () => clubs().aggregate(key, 'visits', 1)],
    ...opts('aggregate', (o) => clubs().aggregate(key, 'views', 1, o)),
  ],

  // Collection (through Mapper.collection)
  'Collection.key': [
    [
      'null',
      'INVALID_ARGUMENT',
      () => mapper().collection({ club: Club, note: Note }).key(bad(null)).fetch(),
    ],
    [
      'a string',
      'INVALID_ARGUMENT',
      () => mapper().collection({ club: Club, note: Note }).key(bad('t')).fetch(),
    ],
    [
      'unknown property',
      'QUERY_INVALID',
      () =>
        mapper()
          .collection({ club: Club, note: Note })
          .key(bad({ x: 1 }))
          .fetch(),
    ],
  ],

  // Query builder steps and terminals
  'Query.over': [
    ['metadata null', 'INVALID_ARGUMENT', () => Query.over(bad(null)).compile()],
    [
      'now not a function',
      'INVALID_ARGUMENT',
      () => Query.over(getEntityMetadata(Club), bad({ now: 5 })).compile(),
    ],
  ],
  'Query.where': [
    ['unknown operator', 'QUERY_INVALID', () => q().where('status', bad('~'), bad(1)).toArray()],
    ['operator null', 'QUERY_INVALID', () => q().where('status', bad(null), bad(1)).toArray()],
    ['unknown property', 'QUERY_INVALID', () => q().where(bad('nope'), '=', bad(1)).toArray()],
    ['property null', 'QUERY_INVALID', () => q().where(bad(null), '=', bad(1)).toArray()],
    ['value of the wrong type', 'QUERY_INVALID', () => q().where('status', '=', bad(5)).toArray()],
    ['value null', 'QUERY_INVALID', () => q().where('status', '=', bad(null)).toArray()],
    ['in with a string', 'QUERY_INVALID', () => q().where('status', 'in', bad('open')).toArray()],
    ['between a number', 'QUERY_INVALID', () => q().where('status', 'between', bad(5)).toArray()],
    ['startsWith a number', 'QUERY_INVALID', () => q().where('status', 'startsWith', bad(5)).toArray()],
  ],
  'Query.select': [
    ['unknown property', 'QUERY_INVALID', () => q().select(bad('nope')).toArray()],
    ['null', 'QUERY_INVALID', () => q().select(bad(null)).toArray()],
  ],
  'Query.limit': each('limit', BAD_COUNTS, 'QUERY_INVALID', (n) => q().limit(n).toArray()),
  'Query.page': each('page', BAD_COUNTS, 'QUERY_INVALID', (n) => q().page(n)),
  'Query.timeout': each('timeout', BAD_MS, 'INVALID_ARGUMENT', (ms) => q().timeout(ms).toArray()),
  'Query.signal': each('signal', BAD_SIGNALS, 'INVALID_ARGUMENT', (s) => q().signal(s).toArray()),
  'Query.toArray': each(
    'toArray',
    BAD_SIGNALS.slice(0, 1).concat([['a plain object', {}]]),
    'INVALID_ARGUMENT',
    (s) => q().toArray(s),
  ),
  'Query.versions': each('versions', BAD_WINDOWS, 'QUERY_INVALID', (w) => q().versions(w).toArray()),
  'Query.entries': [
    ['unknown property', 'QUERY_INVALID', () => q().entries(bad('nope'), {}).toArray()],
    ['not a collection', 'QUERY_INVALID', () => q().entries(bad('status'), {}).toArray()],
    ['options null', 'QUERY_INVALID', () => q().entries('members', bad(null)).toArray()],
    ['limit NaN', 'QUERY_INVALID', () => q().entries('members', { limit: NaN }).toArray()],
    ['limit 0', 'QUERY_INVALID', () => q().entries('members', { limit: 0 }).toArray()],
    [
      'members a string',
      'QUERY_INVALID',
      () =>
        q()
          .entries('members', { members: bad('abc') })
          .toArray(),
    ],
    [
      'prefix a number',
      'QUERY_INVALID',
      () =>
        q()
          .entries('members', { prefix: bad(5) })
          .toArray(),
    ],
  ],
  'Query.after': [
    ['null', 'QUERY_INVALID', () => q().after(bad(null)).toArray()],
    ['a number', 'QUERY_INVALID', () => q().after(bad(5)).toArray()],
    ['garbage', 'QUERY_INVALID', () => q().after('garbage').toArray()],
  ],
  'Query.onDecodeError': [
    ['unknown policy', 'QUERY_INVALID', () => q().onDecodeError(bad('ignore')).toArray()],
    ['skip without report', 'QUERY_INVALID', () => q().onDecodeError(bad('skip')).toArray()],
  ],
  'Query.compile': [['unknown mode', 'QUERY_INVALID', () => q().compile(bad('fast'))]],
  'Query.explain': [
    ['unknown mode', 'QUERY_INVALID', () => q().explain(bad('fast'))],
    ['analyze false', 'INVALID_ARGUMENT', () => q().explain(bad({ analyze: false }))],
  ],

  // CollectionQuery
  'CollectionQuery.over': [
    ['members null', 'INVALID_ARGUMENT', () => CollectionQuery.over(bad(null), { tenant: 't' }).compile()],
    [
      'shared null',
      'INVALID_ARGUMENT',
      () => CollectionQuery.over({ club: getEntityMetadata(Club) }, bad(null)).compile(),
    ],
  ],
  'CollectionQuery.where': [
    ['unknown member', 'QUERY_INVALID', () => cq().where(bad('nope'), bad('status'), '=', bad('x')).fetch()],
    ['unknown operator', 'QUERY_INVALID', () => cq().where('club', 'status', bad('~'), bad('x')).fetch()],
    ['unknown property', 'QUERY_INVALID', () => cq().where('club', bad('nope'), '=', bad('x')).fetch()],
    ['in with a string', 'QUERY_INVALID', () => cq().where('club', 'status', 'in', bad('open')).fetch()],
    ['value of the wrong type', 'QUERY_INVALID', () => cq().where('club', 'status', '=', bad(5)).fetch()],
  ],
  'CollectionQuery.select': [
    ['unknown member', 'QUERY_INVALID', () => cq().select(bad('nope'), bad('status')).fetch()],
    ['unknown property', 'QUERY_INVALID', () => cq().select('club', bad('nope')).fetch()],
  ],
  'CollectionQuery.limit': [
    ...each('limit', BAD_COUNTS, 'QUERY_INVALID', (n) => cq().limit(n).fetch()),
    ['unknown member', 'QUERY_INVALID', () => cq().limit(bad('nope'), 1).fetch()],
    ['member limit NaN', 'QUERY_INVALID', () => cq().limit('club', NaN).fetch()],
  ],
  'CollectionQuery.page': each('page', BAD_COUNTS, 'QUERY_INVALID', (n) => cq().page(n)),
  'CollectionQuery.timeout': each('timeout', BAD_MS, 'INVALID_ARGUMENT', (ms) => cq().timeout(ms).fetch()),
  'CollectionQuery.signal': each('signal', BAD_SIGNALS, 'INVALID_ARGUMENT', (s) => cq().signal(s).fetch()),
  'CollectionQuery.versions': [
    ...each('versions', BAD_WINDOWS, 'QUERY_INVALID', (w) => cq().versions('club', w).fetch()),
    ['unknown member', 'QUERY_INVALID', () => cq().versions(bad('nope'), { latest: 1 }).fetch()],
  ],
  'CollectionQuery.entries': [
    ['unknown member', 'QUERY_INVALID', () => cq().entries(bad('nope'), bad('members'), {}).fetch()],
    ['options null', 'QUERY_INVALID', () => cq().entries('club', bad('members'), bad(null)).fetch()],
    ['limit NaN', 'QUERY_INVALID', () => cq().entries('club', bad('members'), { limit: NaN }).fetch()],
  ],
  'CollectionQuery.after': [
    ['null', 'QUERY_INVALID', () => cq().after(bad(null)).fetch()],
    ['garbage', 'QUERY_INVALID', () => cq().after('garbage').fetch()],
  ],
  'CollectionQuery.onDecodeError': [
    ['unknown policy', 'QUERY_INVALID', () => cq().onDecodeError(bad('ignore')).fetch()],
    ['skip without report', 'QUERY_INVALID', () => cq().onDecodeError(bad('skip')).fetch()],
  ],
  'CollectionQuery.compile': [['unknown mode', 'QUERY_INVALID', () => cq().compile(bad('fast'))]],
  'CollectionQuery.explain': [
    ['unknown mode', 'QUERY_INVALID', () => cq().explain(bad('fast'))],
    ['analyze false', 'INVALID_ARGUMENT', () => cq().explain(bad({ analyze: false }))],
  ],
  'Lookup.explain': [['analyze false', 'INVALID_ARGUMENT', () => lk().explain(bad({ analyze: 'yes' }))]],

  // Lookup
  'Lookup.over': [
    ['metadata null', 'INVALID_ARGUMENT', () => Lookup.over(bad(null), []).compile()],
    ['keys null', 'INVALID_ARGUMENT', () => Lookup.over(getEntityMetadata(Club), bad(null)).compile()],
    ['keys of strings', 'INVALID_ARGUMENT', () => Lookup.over(getEntityMetadata(Club), bad(['a'])).compile()],
  ],
  'Lookup.signal': [
    ...each('signal', BAD_SIGNALS.slice(0, 1).concat([['a plain object', {}]]), 'INVALID_ARGUMENT', (s) =>
      lk().signal(s).toArray(),
    ),
    ...each('signal timeoutMs', BAD_MS, 'INVALID_ARGUMENT', (ms) => lk().signal(undefined, ms).toArray()),
  ],
  'Lookup.timeout': each('timeoutMs', BAD_MS, 'INVALID_ARGUMENT', (ms) => lk().timeout(ms).toArray()),
  'Lookup.versions': each('versions', BAD_WINDOWS, 'QUERY_INVALID', (w) => lk().versions(w).toArray()),

  // SchemaManager (through mapper.schema, whose tables are the test's)
  'SchemaManager.constructor': [
    ['connection null', 'INVALID_ARGUMENT', () => new SchemaManager(bad(null))],
    ['tableIds a string', 'INVALID_ARGUMENT', () => new SchemaManager(mapper().connection, bad('x'))],
  ],
  'SchemaManager.plan': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.plan(bad(null))],
    ['[null]', 'INVALID_ARGUMENT', () => mapper().schema.plan(bad([null]))],
    ['options a string', 'INVALID_ARGUMENT', () => mapper().schema.plan([Club], bad('x'))],
  ],
  'SchemaManager.check': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.check(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => mapper().schema.check(bad('Club'))],
  ],
  'SchemaManager.ensure': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.ensure(bad(null))],
    ['[1]', 'INVALID_ARGUMENT', () => mapper().schema.ensure(bad([1]))],
  ],
  'SchemaManager.planTables': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.planTables(bad(null))],
    ['[null]', 'INVALID_ARGUMENT', () => mapper().schema.planTables(bad([null]))],
  ],
  'SchemaManager.ensureTables': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.ensureTables(bad(null))],
    ['[{}]', 'INVALID_ARGUMENT', () => mapper().schema.ensureTables(bad([{}]))],
  ],
  'SchemaManager.apply': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.apply(bad(null))],
    ['changes a string', 'INVALID_ARGUMENT', () => mapper().schema.apply(bad({ changes: 'x', notes: [] }))],
    [
      'options a string',
      'INVALID_ARGUMENT',
      () => mapper().schema.apply({ changes: [], notes: [] }, bad('x')),
    ],
  ],
  'SchemaManager.live': [
    ['null', 'INVALID_ARGUMENT', () => mapper().schema.live(bad(null))],
    ['empty', 'INVALID_ARGUMENT', () => mapper().schema.live('')],
  ],

  // BigtableConnection
  'BigtableConnection.connect': [
    ['null', 'INVALID_ARGUMENT', () => BigtableConnection.connect(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => BigtableConnection.connect(bad('localhost'))],
  ],
  'BigtableConnection.ready': [
    ['unknown service', 'INVALID_ARGUMENT', () => mapper().connection.ready(bad('both'))],
  ],
  'BigtableConnection.tablePath': [
    ['null', 'INVALID_ARGUMENT', () => mapper().connection.tablePath(bad(null))],
    ['empty', 'INVALID_ARGUMENT', () => mapper().connection.tablePath('')],
  ],

  // EntityRegistry
  'EntityRegistry.constructor': [
    ['a string', 'INVALID_ARGUMENT', () => new EntityRegistry(bad('Club'))],
    ['[null]', 'INVALID_ARGUMENT', () => new EntityRegistry(bad([null]))],
  ],
  'EntityRegistry.register': [['null', 'INVALID_ARGUMENT', () => new EntityRegistry().register(bad(null))]],
  'EntityRegistry.resolve': [['null', 'INVALID_ARGUMENT', () => new EntityRegistry().resolve(bad(null))]],
  'EntityRegistry.tableSiblings': [
    ['null', 'INVALID_ARGUMENT', () => new EntityRegistry().tableSiblings(bad(null))],
  ],

  // Exported functions that take a connection or a class
  defineEntity: [
    ['target null', 'INVALID_ARGUMENT', () => defineEntity(bad(null), bad({ table: 't', key: [] }))],
    ['definition null', 'INVALID_ARGUMENT', () => defineEntity(class A {}, bad(null))],
    [
      'key of strings',
      'INVALID_ARGUMENT',
      () => defineEntity(class B {}, bad({ table: 't', key: ['id'], properties: {} })),
    ],
    [
      'properties a string',
      'INVALID_ARGUMENT',
      () => defineEntity(class C {}, bad({ table: 't', key: [{ property: 'id' }], properties: 'x' })),
    ],
  ],
  getEntityMetadata: [
    ['null', 'INVALID_ARGUMENT', () => getEntityMetadata(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => getEntityMetadata(bad('Club'))],
  ],
  startStudio: [
    ['options null', 'INVALID_ARGUMENT', () => startStudio(bad(null))],
    ['entities a string', 'INVALID_ARGUMENT', () => startStudio({ mapper: mapper(), entities: bad('Club') })],
    [
      'an entity that is no class',
      'INVALID_ARGUMENT',
      () => startStudio({ mapper: mapper(), entities: [bad({})] }),
    ],
    ['neither mapper nor connection', 'INVALID_ARGUMENT', () => startStudio({ entities: [Club] })],
    ['mapper a string', 'INVALID_ARGUMENT', () => startStudio({ mapper: bad('m'), entities: [Club] })],
    ['port -1', 'INVALID_ARGUMENT', () => startStudio({ mapper: mapper(), entities: [Club], port: -1 })],
    [
      'allowWrites a string',
      'INVALID_ARGUMENT',
      () => startStudio({ mapper: mapper(), entities: [Club], allowWrites: bad('yes') }),
    ],
  ],
  readKeyRange: [
    [
      'connection null',
      'INVALID_ARGUMENT',
      () => readKeyRange(bad(null), 't', getEntityMetadata(Club)).next(),
    ],
    [
      'tableId null',
      'INVALID_ARGUMENT',
      () => readKeyRange(mapper().connection, bad(null), getEntityMetadata(Club)).next(),
    ],
    [
      'metadata null',
      'INVALID_ARGUMENT',
      () => readKeyRange(mapper().connection, 'pb_clubs', bad(null)).next(),
    ],
    [
      'options a string',
      'INVALID_ARGUMENT',
      () => readKeyRange(mapper().connection, 'pb_clubs', getEntityMetadata(Club), bad('x')).next(),
    ],
  ],
  describeTable: [
    ['connection null', 'INVALID_ARGUMENT', () => describeTable(bad(null), 't')],
    ['tableId null', 'INVALID_ARGUMENT', () => describeTable(mapper().connection, bad(null))],
  ],
  inferTableEntities: [
    ['source null', 'INVALID_ARGUMENT', () => inferTableEntities(bad(null), 't')],
    ['tableId null', 'INVALID_ARGUMENT', () => inferTableEntities(mapper().connection, bad(null))],
  ],

  // Exported pure functions (they send nothing; the same contract holds): the first argument wrong, then a later one.
  compareBytes: [
    ...firsts(compareBytes),
    ['b a string', 'INVALID_ARGUMENT', () => compareBytes(BYTES, bad('x'))],
  ],
  compileRowKeySchema: firsts(compileRowKeySchema),
  createKeyCodec: firsts(createKeyCodec),
  createSegmentCodec: [
    ...firsts(createSegmentCodec),
    [
      'kind null',
      'INVALID_ARGUMENT',
      () => createSegmentCodec({ type: 'string', name: 'id' }, 0, bad(null), 'E'),
    ],
  ],
  decodeRowKeyWithSchema: [
    ...firsts(decodeRowKeyWithSchema),
    ['key a string', 'INVALID_ARGUMENT', () => decodeRowKeyWithSchema(SCHEMA, bad('a#b'))],
  ],
  describeChange: firsts(describeChange),
  desiredSchema: [...firsts(desiredSchema), ['[null]', 'INVALID_ARGUMENT', () => desiredSchema(bad([null]))]],
  encodeRowKeyWithSchema: [
    ...firsts(encodeRowKeyWithSchema),
    ['values a string', 'INVALID_ARGUMENT', () => encodeRowKeyWithSchema(SCHEMA, bad('ab'))],
  ],
  exportSchemaFiles: firsts(exportSchemaFiles),
  familySpecsOf: [['null', 'INVALID_ARGUMENT', () => familySpecsOf(bad(null))]],
  findKeyCollision: [
    ...firsts(findKeyCollision),
    ['b null', 'INVALID_ARGUMENT', () => findKeyCollision(META().key, bad(null))],
  ],
  formatFamiliesFile: firsts(formatFamiliesFile),
  kebabCase: [
    ['null', 'INVALID_ARGUMENT', () => kebabCase(bad(null))],
    ['a number', 'INVALID_ARGUMENT', () => kebabCase(bad(1))],
    ['empty', 'INVALID_ARGUMENT', () => kebabCase('')],
  ],
  sortFindings: [...firsts(sortFindings), ['[null]', 'INVALID_ARGUMENT', () => sortFindings(bad([null]))]],
  formatFindings: [
    ...firsts(formatFindings),
    ['[null]', 'INVALID_ARGUMENT', () => formatFindings(bad([null]))],
  ],
  formatGcRule: [
    ['a string', 'INVALID_ARGUMENT', () => formatGcRule(bad('x'))],
    ['a number', 'INVALID_ARGUMENT', () => formatGcRule(bad(5))],
  ],
  formatPlan: [
    ...firsts(formatPlan),
    ['changes a string', 'INVALID_ARGUMENT', () => formatPlan(bad({ changes: 'x' }))],
  ],
  formatRowKeySchemaFile: firsts(formatRowKeySchemaFile),
  generateEntitiesSource: [
    ...firsts(generateEntitiesSource),
    ['[null]', 'INVALID_ARGUMENT', () => generateEntitiesSource(bad([null]))],
  ],
  generateEntitySource: [
    ...firsts(generateEntitySource),
    ['families null', 'INVALID_ARGUMENT', () => generateEntitySource(SCHEMA, bad(null))],
  ],
  generateEntitySourceFromFiles: [
    ...firsts(generateEntitySourceFromFiles),
    [
      'texts without families',
      'INVALID_ARGUMENT',
      () => generateEntitySourceFromFiles(bad({ rowKeySchema: '' })),
    ],
  ],
  inferenceComment: firsts(inferenceComment),
  isEmptyKeyRange: firsts(isEmptyKeyRange),
  isKeyOf: [...firsts(isKeyOf), ['rowKey a string', 'INVALID_ARGUMENT', () => isKeyOf(META(), bad('c#t#1'))]],
  keyOwner: [
    ...firsts(keyOwner),
    ['[null]', 'INVALID_ARGUMENT', () => keyOwner(bad([null]), BYTES)],
    ['rowKey a string', 'INVALID_ARGUMENT', () => keyOwner([META()], bad('c#t#1'))],
  ],
  keyRangeContains: [
    ...firsts(keyRangeContains),
    ['key a string', 'INVALID_ARGUMENT', () => keyRangeContains(prefixKeyRange(BYTES), bad('x'))],
  ],
  keySegmentsFromRowKeySchema: firsts(keySegmentsFromRowKeySchema),
  keySuccessor: firsts(keySuccessor),
  lintEntities: [...firsts(lintEntities), ['[null]', 'INVALID_ARGUMENT', () => lintEntities(bad([null]))]],
  lintSchemaFiles: [
    ...firsts(lintSchemaFiles),
    ['[null]', 'INVALID_ARGUMENT', () => lintSchemaFiles(bad([null]))],
  ],
  moduleEntities: [
    ...firsts(moduleEntities),
    ['source a number', 'INVALID_ARGUMENT', () => moduleEntities({}, bad(5))],
  ],
  normalizeKeyRanges: [
    ...firsts(normalizeKeyRanges),
    ['[null]', 'INVALID_ARGUMENT', () => normalizeKeyRanges(bad([null]))],
  ],
  parseFamiliesFile: textFirsts(parseFamiliesFile),
  parseRowKeySchemaFile: textFirsts(parseRowKeySchemaFile),
  parseSchemaFiles: [
    ...firsts(parseSchemaFiles),
    ['texts without families', 'INVALID_ARGUMENT', () => parseSchemaFiles(bad({ rowKeySchema: '' }))],
  ],
  planSchema: [...firsts(planSchema), ['live null', 'INVALID_ARGUMENT', () => planSchema([], bad(null))]],
  pointKeyRange: firsts(pointKeyRange),
  prefixKeyRange: firsts(prefixKeyRange),
  printableKey: firsts(printableKey),
  emitProcessWarning: firsts(emitProcessWarning),
  rowKeyRangesWithSchema: [
    ...firsts(rowKeyRangesWithSchema),
    ['leading a string', 'INVALID_ARGUMENT', () => rowKeyRangesWithSchema(SCHEMA, bad('ab'))],
  ],
  rowKeySchemaForKey: firsts(rowKeySchemaForKey),
  rowKeySchemaFromJson: firsts(rowKeySchemaFromJson),
  rowKeySchemaToJson: firsts(rowKeySchemaToJson),
  schemaFilesEntities: [
    ...firsts(schemaFilesEntities),
    ['[null]', 'INVALID_ARGUMENT', () => schemaFilesEntities(bad([null]))],
  ],
  schemaFilesMetadata: [
    ...firsts(schemaFilesMetadata),
    ['file null', 'INVALID_ARGUMENT', () => schemaFilesMetadata(SCHEMA, bad(null))],
  ],
  upcastStep: firsts(upcastStep),
  // Decorators (bigtable-mapper/decorators), applied by hand: to something that is no class or prototype, with a
  // key that is no property name, in the wrong place, or with options that are no options (those are found when
  // the entity is resolved, with every other declaration problem).
  Aggregate: [...misapplied(() => Aggregate({ family: 'views' })), ...badFieldOptions((o) => Aggregate(o))],
  Column: [
    ...misapplied(() => Column({ family: 'd', codec: 'string' })),
    ...badFieldOptions((o) => Column(o)),
  ],
  Counter: [...misapplied(() => Counter({ family: 'c' })), ...badFieldOptions((o) => Counter(o))],
  CounterMap: [
    ...misapplied(() => CounterMap({ family: 'unread', key: 'string' })),
    ...badFieldOptions((o) => CounterMap(o)),
  ],
  AggregateMap: [
    ...misapplied(() => AggregateMap({ family: 'views', key: 'string' })),
    ...badFieldOptions((o) => AggregateMap(o)),
  ],
  ProtobufColumn: [
    ...misapplied(() => ProtobufColumn({ family: 'd', type: 'pb.Payload' })),
    ...badFieldOptions((o) => ProtobufColumn(o)),
  ],
  QualifierMap: [
    ...misapplied(() => QualifierMap({ family: 'roles', key: 'string', value: 'string' })),
    ...badFieldOptions((o) => QualifierMap(o)),
  ],
  QualifierSet: [
    ...misapplied(() => QualifierSet({ family: 'members', key: 'string' })),
    ...badFieldOptions((o) => QualifierSet(o)),
  ],
  Version: [...misapplied(() => Version({ family: 'meta' })), ...badFieldOptions((o) => Version(o))],
  KeyPart: [
    ...misapplied(() => KeyPart(1, 'string')),
    ['position a string', 'METADATA_INVALID', () => declared((C) => KeyPart(bad('1'))(C.prototype, 'k'))],
    ['position -1', 'METADATA_INVALID', () => declared((C) => KeyPart(-1)(C.prototype, 'k'))],
    ['type unknown', 'METADATA_INVALID', () => declared((C) => KeyPart(1, bad('uuid'))(C.prototype, 'k'))],
    ['type a number', 'METADATA_INVALID', () => declared((C) => KeyPart(1, bad(5))(C.prototype, 'k'))],
  ],
  Entity: [
    ...misappliedToClass(() => Entity({ table: 'pb_decl' })),
    ...[null, 'pb_decl', { table: 5 }, { table: 'pb_decl', prefix: 5 }].map((options): Case => [
      `options ${JSON.stringify(options)}`,
      'METADATA_INVALID',
      () => declared(() => undefined, bad(options)),
    ]),
  ],
  Family: [
    ...misappliedToClass(() => Family('e')),
    ['name null', 'METADATA_INVALID', () => declared((C) => Family(bad(null))(C))],
    ['name empty', 'METADATA_INVALID', () => declared((C) => Family('')(C))],
    ['options a string', 'METADATA_INVALID', () => declared((C) => Family('e', bad('gc'))(C))],
    ['gc a number', 'METADATA_INVALID', () => declared((C) => Family('e', bad({ gc: 5 }))(C))],
  ],
  KeyLiteral: [
    ...misappliedToClass(() => KeyLiteral(1, 'x')),
    ['position a string', 'METADATA_INVALID', () => declared((C) => KeyLiteral(bad('1'), 'x')(C))],
    ['value null', 'METADATA_INVALID', () => declared((C) => KeyLiteral(1, bad(null))(C))],
    ['value empty', 'METADATA_INVALID', () => declared((C) => KeyLiteral(1, '')(C))],
  ],
  BeforeSave: misappliedHook(() => BeforeSave()),
  AfterLoad: misappliedHook(() => AfterLoad()),
  Evolve: [
    ...misappliedToClass(() => Evolve({ version: 2, family: 'd' })),
    ['options null', 'METADATA_INVALID', () => declared((C) => Evolve(bad(null))(C))],
    [
      'version a string',
      'METADATA_INVALID',
      () => declared((C) => Evolve(bad({ version: '2', family: 'd' }))(C)),
    ],
    [
      'steps a string',
      'METADATA_INVALID',
      () => declared((C) => Evolve(bad({ version: 2, family: 'd', steps: 'x' }))(C)),
    ],
    [
      'steps [null]',
      'METADATA_INVALID',
      () => declared((C) => Evolve(bad({ version: 2, family: 'd', steps: [null] }))(C)),
    ],
  ],

  // The test kit (bigtable-mapper/testing, /testing/vitest): refused before any emulator is looked for or started,
  // and before any connection (TestMapper and TestTable are pointed at the tap).
  emulatorCandidates: [
    ['env null', 'INVALID_ARGUMENT', () => emulatorCandidates(bad(null))],
    ['env undefined', 'INVALID_ARGUMENT', () => emulatorCandidates(bad(undefined))],
    ['env a string', 'INVALID_ARGUMENT', () => emulatorCandidates(bad('PATH=/bin'))],
    ['search a string', 'INVALID_ARGUMENT', () => emulatorCandidates({}, bad('all'))],
    ['search.gcloud a string', 'INVALID_ARGUMENT', () => emulatorCandidates({}, bad({ gcloud: 'no' }))],
  ],
  locateEmulator: [
    ['env null', 'INVALID_ARGUMENT', () => locateEmulator(bad(null))],
    ['env a number', 'INVALID_ARGUMENT', () => locateEmulator(bad(1))],
    ['search a string', 'INVALID_ARGUMENT', () => locateEmulator({}, bad('all'))],
    ['search.wellKnownPaths 0', 'INVALID_ARGUMENT', () => locateEmulator({}, bad({ wellKnownPaths: 0 }))],
  ],
  spawnEmulator: [
    ['binary null', 'INVALID_ARGUMENT', () => spawnEmulator(bad(null))],
    ['binary empty', 'INVALID_ARGUMENT', () => spawnEmulator('')],
    ['binary a number', 'INVALID_ARGUMENT', () => spawnEmulator(bad(5))],
    ['options a string', 'INVALID_ARGUMENT', () => spawnEmulator('/nonexistent/cbtemulator', bad('fast'))],
    ...each('readyTimeoutMs', BAD_MS, 'INVALID_ARGUMENT', (ms) =>
      spawnEmulator('/nonexistent/cbtemulator', { readyTimeoutMs: ms }),
    ),
    [
      'pickPort a number',
      'INVALID_ARGUMENT',
      () => spawnEmulator('/nonexistent/cbtemulator', { pickPort: bad(8086) }),
    ],
  ],
  startEmulator: [
    ['options null', 'INVALID_ARGUMENT', () => startEmulator(bad(null))],
    ['options a string', 'INVALID_ARGUMENT', () => startEmulator(bad('docker'))],
    ['env a string', 'INVALID_ARGUMENT', () => startEmulator({ env: bad('x') })],
    ['readyTimeoutMs 0', 'INVALID_ARGUMENT', () => startEmulator({ env: {}, readyTimeoutMs: 0 })],
    ['allowDocker a string', 'INVALID_ARGUMENT', () => startEmulator({ env: {}, allowDocker: bad('no') })],
    ['search a string', 'INVALID_ARGUMENT', () => startEmulator({ env: {}, search: bad('x') })],
    ['port 0', 'INVALID_ARGUMENT', () => startEmulator({ env: {}, port: 0 })],
    ['port 70000', 'INVALID_ARGUMENT', () => startEmulator({ env: {}, port: 70_000 })],
    ['port a string', 'INVALID_ARGUMENT', () => startEmulator({ env: {}, port: bad('8086') })],
  ],
  'TestMapper.create': [
    ['entities null', 'INVALID_ARGUMENT', () => TestMapper.create(bad(null), tapped())],
    ['entities a class', 'INVALID_ARGUMENT', () => TestMapper.create(bad(Club), tapped())],
    ['entities [null]', 'INVALID_ARGUMENT', () => TestMapper.create(bad([null]), tapped())],
    ['options a string', 'INVALID_ARGUMENT', () => TestMapper.create([Club], bad('x'))],
    ['emulatorHost a number', 'INVALID_ARGUMENT', () => TestMapper.create([Club], { emulatorHost: bad(5) })],
    [
      'batchConcurrency 0',
      'INVALID_ARGUMENT',
      () => TestMapper.create([Club], { ...tapped(), batchConcurrency: 0 }),
    ],
  ],
  'TestTable.create': [
    ['families null', 'INVALID_ARGUMENT', () => TestTable.create(bad(null), tapped())],
    ['families a string', 'INVALID_ARGUMENT', () => TestTable.create(bad('d'), tapped())],
    ['a family null', 'INVALID_ARGUMENT', () => TestTable.create(bad({ d: null }), tapped())],
    ['options a string', 'INVALID_ARGUMENT', () => TestTable.create({ d: {} }, bad('x'))],
    [
      'prefix a number',
      'INVALID_ARGUMENT',
      () => TestTable.create({ d: {} }, { ...tapped(), prefix: bad(5) }),
    ],
    ['emulatorHost empty', 'INVALID_ARGUMENT', () => TestTable.create({ d: {} }, { emulatorHost: '' })],
  ],
  emulatorGlobalSetup: [
    ['null', 'INVALID_ARGUMENT', () => emulatorGlobalSetup(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => emulatorGlobalSetup(bad('project'))],
    ['without provide()', 'INVALID_ARGUMENT', () => emulatorGlobalSetup(bad({}))],
  ],
  useMapper: [
    ['entities null', 'INVALID_ARGUMENT', () => useMapper(bad(null))],
    ['entities [null]', 'INVALID_ARGUMENT', () => useMapper(bad([null]))],
    ['options a string', 'INVALID_ARGUMENT', () => useMapper([Club], bad('x'))],
    ['batchMaxBytes -1', 'INVALID_ARGUMENT', () => useMapper([Club], { batchMaxBytes: -1 })],
  ],
  useTestTable: [
    ['families null', 'INVALID_ARGUMENT', () => useTestTable(bad(null))],
    ['a family a number', 'INVALID_ARGUMENT', () => useTestTable(bad({ d: 5 }))],
    ['options a string', 'INVALID_ARGUMENT', () => useTestTable({ d: {} }, bad('x'))],
    ['prefix a number', 'INVALID_ARGUMENT', () => useTestTable({ d: {} }, { prefix: bad(5) })],
  ],

  // The NestJS module (bigtable-mapper/nestjs): refused where the module or injection is declared.
  'BigtableMapperHealthIndicator.constructor': [
    ['mapperOf null', 'INVALID_ARGUMENT', () => new BigtableMapperHealthIndicator(bad(null))],
    ['mapperOf a mapper', 'INVALID_ARGUMENT', () => new BigtableMapperHealthIndicator(bad(mapper()))],
  ],
  'BigtableMapperHealthIndicator.isHealthy': [
    ['key null', 'INVALID_ARGUMENT', () => health().isHealthy(bad(null), { entity: Club })],
    ['key a number', 'INVALID_ARGUMENT', () => health().isHealthy(bad(5), { entity: Club })],
    ['options null', 'INVALID_ARGUMENT', () => health().isHealthy('bigtable', bad(null))],
    ['entity null', 'INVALID_ARGUMENT', () => health().isHealthy('bigtable', bad({ entity: null }))],
    ['entity a string', 'INVALID_ARGUMENT', () => health().isHealthy('bigtable', bad({ entity: 'Club' }))],
    [
      'mapper a number',
      'INVALID_ARGUMENT',
      () => health().isHealthy('bigtable', { entity: Club, mapper: bad(5) }),
    ],
    ...each('timeoutMs', BAD_MS, 'INVALID_ARGUMENT', (ms) =>
      health().isHealthy('bigtable', { entity: Club, timeoutMs: ms }),
    ),
  ],
  'BigtableMapperModule.forFeature': [
    ['entities null', 'INVALID_ARGUMENT', () => BigtableMapperModule.forFeature(bad(null))],
    ['entities a class', 'INVALID_ARGUMENT', () => BigtableMapperModule.forFeature(bad(Club))],
    ['entities [null]', 'INVALID_ARGUMENT', () => BigtableMapperModule.forFeature(bad([null]))],
    ['name a number', 'INVALID_ARGUMENT', () => BigtableMapperModule.forFeature([Club], bad(5))],
    ['name empty', 'INVALID_ARGUMENT', () => BigtableMapperModule.forFeature([Club], '')],
  ],
  'BigtableMapperModule.forRoot': [
    ['null', 'INVALID_ARGUMENT', () => BigtableMapperModule.forRoot(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => BigtableMapperModule.forRoot(bad('default'))],
    ['connection null', 'INVALID_ARGUMENT', () => BigtableMapperModule.forRoot(bad({ connection: null }))],
    [
      'ensureSchema a class',
      'INVALID_ARGUMENT',
      () => BigtableMapperModule.forRoot({ connection: CONNECTION, ensureSchema: bad(Club) }),
    ],
    [
      'repository batchConcurrency 0',
      'INVALID_ARGUMENT',
      () => BigtableMapperModule.forRoot({ connection: CONNECTION, repository: { batchConcurrency: 0 } }),
    ],
    [
      'name a number',
      'INVALID_ARGUMENT',
      () => BigtableMapperModule.forRoot({ connection: CONNECTION, name: bad(5) }),
    ],
  ],
  'BigtableMapperModule.forRootAsync': [
    ['null', 'INVALID_ARGUMENT', () => BigtableMapperModule.forRootAsync(bad(null))],
    ['useFactory missing', 'INVALID_ARGUMENT', () => BigtableMapperModule.forRootAsync(bad({}))],
    [
      'useFactory an object',
      'INVALID_ARGUMENT',
      () => BigtableMapperModule.forRootAsync(bad({ useFactory: CONNECTION })),
    ],
    [
      'inject a string',
      'INVALID_ARGUMENT',
      () =>
        BigtableMapperModule.forRootAsync({
          useFactory: () => ({ connection: CONNECTION }),
          inject: bad('Settings'),
        }),
    ],
    [
      'imports a class',
      'INVALID_ARGUMENT',
      () =>
        BigtableMapperModule.forRootAsync({
          useFactory: () => ({ connection: CONNECTION }),
          imports: bad(Club),
        }),
    ],
    [
      'name empty',
      'INVALID_ARGUMENT',
      () => BigtableMapperModule.forRootAsync({ useFactory: () => ({ connection: CONNECTION }), name: '' }),
    ],
  ],
  getMapperToken: [
    ['a number', 'INVALID_ARGUMENT', () => getMapperToken(bad(5))],
    ['empty', 'INVALID_ARGUMENT', () => getMapperToken('')],
    ['null', 'INVALID_ARGUMENT', () => getMapperToken(bad(null))],
  ],
  getRepositoryToken: [
    ['entity null', 'INVALID_ARGUMENT', () => getRepositoryToken(bad(null))],
    ['entity a string', 'INVALID_ARGUMENT', () => getRepositoryToken(bad('Club'))],
    ['name a number', 'INVALID_ARGUMENT', () => getRepositoryToken(Club, bad(5))],
  ],
  InjectMapper: [
    ['name a number', 'INVALID_ARGUMENT', () => InjectMapper(bad(5))],
    ['name empty', 'INVALID_ARGUMENT', () => InjectMapper('')],
    ['applied to null', 'INVALID_ARGUMENT', () => InjectMapper()(bad(null), 'mapper')],
    ['applied to a string', 'INVALID_ARGUMENT', () => InjectMapper()(bad('Service'), 'mapper')],
  ],
  InjectRepository: [
    ['entity null', 'INVALID_ARGUMENT', () => InjectRepository(bad(null))],
    ['entity a string', 'INVALID_ARGUMENT', () => InjectRepository(bad('Club'))],
    ['name a number', 'INVALID_ARGUMENT', () => InjectRepository(Club, bad(5))],
    ['applied to null', 'INVALID_ARGUMENT', () => InjectRepository(Club)(bad(null), 'clubs')],
    ['applied to undefined', 'INVALID_ARGUMENT', () => InjectRepository(Club)(bad(undefined), 'clubs')],
  ],

  // Mapper.events (TypedEvents)
  'TypedEvents.on': [
    ['name null', 'INVALID_ARGUMENT', () => mapper().events.on(bad(null), () => undefined)],
    ['name a number', 'INVALID_ARGUMENT', () => mapper().events.on(bad(5), () => undefined)],
    ['name unknown', 'INVALID_ARGUMENT', () => mapper().events.on(bad('calls'), () => undefined)],
    ['listener null', 'INVALID_ARGUMENT', () => mapper().events.on('call', bad(null))],
    ['listener a string', 'INVALID_ARGUMENT', () => mapper().events.on('call', bad('log'))],
  ],
  'TypedEvents.off': [
    ['name null', 'INVALID_ARGUMENT', () => mapper().events.off(bad(null), () => undefined)],
    ['name unknown', 'INVALID_ARGUMENT', () => mapper().events.off(bad('calls'), () => undefined)],
    ['listener null', 'INVALID_ARGUMENT', () => mapper().events.off('call', bad(null))],
  ],
  'TypedEvents.has': [
    ['name null', 'INVALID_ARGUMENT', () => mapper().events.has(bad(null))],
    ['name a number', 'INVALID_ARGUMENT', () => mapper().events.has(bad(5))],
    ['name unknown', 'INVALID_ARGUMENT', () => mapper().events.has(bad('calls'))],
  ],

  // Methods of exported constant objects.
  'Codecs.custom': [
    ...firsts(Codecs.custom),
    ['no decode', 'INVALID_ARGUMENT', () => Codecs.custom(bad({ encode: () => BYTES }))],
  ],
  'Codecs.protobuf': [
    ['null', 'INVALID_ARGUMENT', () => Codecs.protobuf(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => Codecs.protobuf(bad('Payload'))],
  ],
  'Gc.maxVersions': each('maxVersions', BAD_COUNTS, 'INVALID_ARGUMENT', (n) => Gc.maxVersions(n)),
  'Gc.maxAge': [
    ...each('maxAge', BAD_MS, 'INVALID_ARGUMENT', (ms) => Gc.maxAge(ms)),
    ['null', 'INVALID_ARGUMENT', () => Gc.maxAge(bad(null))],
    ['a fraction of a millisecond', 'INVALID_ARGUMENT', () => Gc.maxAge(0.5)],
    ['days a string', 'INVALID_ARGUMENT', () => Gc.maxAge(bad({ days: '7' }))],
  ],
  'Gc.union': [
    ['null', 'INVALID_ARGUMENT', () => Gc.union(bad(null))],
    ['a number', 'INVALID_ARGUMENT', () => Gc.union(Gc.maxVersions(1), bad(3))],
  ],
  'Gc.intersection': [
    ['null', 'INVALID_ARGUMENT', () => Gc.intersection(bad(null))],
    ['a string', 'INVALID_ARGUMENT', () => Gc.intersection(bad('maxVersions(1)'))],
  ],
  'orderedCode.encodeString': [
    ...firsts(orderedCode.encodeString),
    ['direction unknown', 'INVALID_ARGUMENT', () => orderedCode.encodeString(BYTES, bad('up'))],
  ],
  'orderedCode.encodeTrailingString': [
    ...firsts(orderedCode.encodeTrailingString),
    ['direction unknown', 'INVALID_ARGUMENT', () => orderedCode.encodeTrailingString(BYTES, bad('up'))],
  ],
  'orderedCode.encodeInt64': [
    ['a number', 'KEY_ENCODING', () => orderedCode.encodeInt64(bad(5))],
    ['direction unknown', 'INVALID_ARGUMENT', () => orderedCode.encodeInt64(1n, bad('up'))],
  ],
  'orderedCode.encodeUint64': [
    ['-1n', 'KEY_ENCODING', () => orderedCode.encodeUint64(-1n)],
    ['direction unknown', 'INVALID_ARGUMENT', () => orderedCode.encodeUint64(1n, bad('up'))],
  ],
  'orderedCode.encodeFloat64': [
    ['a string', 'INVALID_ARGUMENT', () => orderedCode.encodeFloat64(bad('1'))],
    ['direction unknown', 'INVALID_ARGUMENT', () => orderedCode.encodeFloat64(1, bad('up'))],
  ],
  'orderedCode.encodeInfinity': [
    ['direction unknown', 'INVALID_ARGUMENT', () => orderedCode.encodeInfinity(bad('up'))],
  ],
  'orderedCode.decodeString': decodes(orderedCode.decodeString),
  'orderedCode.decodeTrailingString': decodes(orderedCode.decodeTrailingString),
  'orderedCode.decodeInt64': decodes(orderedCode.decodeInt64),
  'orderedCode.decodeUint64': decodes(orderedCode.decodeUint64),
  'orderedCode.decodeFloat64': decodes(orderedCode.decodeFloat64),
  'orderedCode.decodeInfinity': decodes(orderedCode.decodeInfinity),
};

/**
 * Members with nothing to check: they take no arguments, or are fields and getters (not callable). Listed by
 * name so that a new member is a decision, not a silent pass.
 */
const NO_ARGUMENTS = new Set([
  'studioAssetsDir',
  'Mapper.close',
  'Mapper.events', // readonly field
  'Mapper.connection', // readonly field
  'Mapper.schema', // readonly field
  'Repository.meta', // readonly field
  'Repository.tableId', // getter
  'Repository.scan',
  'Query.[Symbol.asyncIterator]',
  'Query.allowScan',
  'Query.reverse',
  'Query.count',
  'Query.exists',
  'Query.first',
  'CollectionQuery.[Symbol.asyncIterator]',
  'CollectionQuery.reverse',
  'CollectionQuery.count',
  'CollectionQuery.exists',
  'CollectionQuery.fetch',
  'Lookup.compile',
  'Lookup.toArray',
  'BigtableConnection.appProfileId', // readonly field
  'BigtableConnection.close',
  'BigtableConnection.closeSignal', // getter
  'BigtableConnection.endpoint', // readonly field
  'BigtableConnection.instanceId', // readonly field
  'BigtableConnection.instancePath', // getter
  'BigtableConnection.isClosed', // getter
  'BigtableConnection.projectId', // readonly field
  'EntityRegistry.entities',
  'EntityRegistry.resolveAll',
  'formatValue', // prints any value by design: nothing to refuse
  'Codecs.json',
  'Scope.toString',
  'Scope.values', // readonly field
  'TestMapper.dispose',
  'TestMapper.mapper', // readonly field
  'TestMapper.tableIds', // readonly field
  'TestTable.connection', // readonly field
  'TestTable.dispose',
  'TestTable.tableId', // readonly field
  'TestTable.tableName', // getter
]);

/** Classes whose members are not the boundary: error classes (constructed by the SDK, they format any value). */
const isErrorClass = (name: string): boolean => name.endsWith('Error');

const ETC = new URL('../../../etc/', import.meta.url);
/** Every API report: one per entry point of package.json's `exports` (checked below). */
const REPORTS = readdirSync(ETC).filter((f) => f.endsWith('.api.md'));
const reportText = (file: string): string => readFileSync(new URL(file, ETC), 'utf8');

/**
 * Every callable of the API reports (every entry point): `Class.member` for each member of an exported class
 * (fields and getters too: they are exempted by name), each exported function, and `object.method` for the methods
 * of exported constant objects (`Gc`, `Codecs`: `export const X: Readonly<{ … }>`; `orderedCode`: `export const x:
 * SomeInterface`). A name several entry points export is one row: the test below checks it is the same value.
 */
function publicMembers(): string[] {
  const lines = REPORTS.map(reportText).join('\n').split('\n');
  const out = new Set<string>();
  // An interface's methods, for constants typed by an exported interface.
  const interfaceMethods = (name: string): string[] => {
    const start = lines.indexOf(`export interface ${name} {`);
    if (start < 0) return [];
    const end = lines.indexOf('}', start);
    return lines
      .slice(start + 1, end)
      .map((l) => /^ {4}(\w+)(?:<[^(]*>)?\(/.exec(l)?.[1])
      .filter((m): m is string => m !== undefined);
  };
  let current: string | undefined;
  let constant: string | undefined;
  for (const line of lines) {
    const fn = /^export (?:declare )?function (\w+)/.exec(line);
    if (fn) out.add(fn[1]!);
    const typed = /^export const (\w+): (\w+);$/.exec(line);
    if (typed) for (const m of interfaceMethods(typed[2]!)) out.add(`${typed[1]}.${m}`);
    const obj = /^export const (\w+): Readonly<\{$/.exec(line);
    if (obj) {
      constant = obj[1];
      continue;
    }
    if (constant !== undefined) {
      if (line.startsWith('}')) constant = undefined;
      const method = /^ {4}(\w+)(?:<[^(]*>)?\(|^ {4}(\w+): (?:<.*?>)?\(/.exec(line);
      if (method) out.add(`${constant}.${method[1] ?? method[2]}`);
      continue;
    }
    // Classes the reports show without exporting them (forgotten exports such as Scope, reached through a method)
    // are public too: a caller holds their instances.
    const cls = /^(?:export )?(?:declare )?(?:abstract )?class (\w+)/.exec(line);
    if (cls) {
      current = isErrorClass(cls[1]!) ? undefined : cls[1];
      continue;
    }
    if (line.startsWith('}')) current = undefined;
    if (current === undefined) continue;
    const member = /^ {4}(?:static )?(?:get )?(?:readonly )?(\[Symbol\.\w+\]|\w+)/.exec(line);
    if (member && !line.trimStart().startsWith('//')) out.add(`${current}.${member[1]}`);
  }
  return [...out].sort();
}

/** The entry points of package.json's `exports`: subpath → its API report and its source module. */
function entryPoints(): { subpath: string; report: string; source: URL }[] {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    exports: Record<string, string | { default: string }>;
  };
  return Object.entries(pkg.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => ({
      subpath,
      report: `bigtable-mapper${subpath.slice(1).replaceAll('/', '-')}.api.md`,
      source: new URL(
        (typeof target === 'string' ? target : target.default).replace('./dist/', '../../../'),
        import.meta.url,
      ),
    }));
}

/** The values an API report says its entry point exports (functions, classes, constants). */
const exportedValues = (report: string): string[] =>
  [...reportText(report).matchAll(/^export (?:declare )?(?:abstract )?(?:function|class|const) (\w+)/gm)].map(
    (m) => m[1]!,
  );

describe('the public boundary refuses bad arguments before sending anything', () => {
  it('covers every entry point: each has an API report, and a name exported twice is one value', async () => {
    const entries = entryPoints();
    expect(entries.map((e) => e.report).sort()).toEqual([...REPORTS].sort());
    const seen = new Map<string, { subpath: string; value: unknown }>();
    for (const entry of entries) {
      const module = (await import(entry.source.href)) as Record<string, unknown>;
      for (const name of exportedValues(entry.report)) {
        expect(module[name], `${entry.subpath} exports ${name}`).toBeDefined();
        const earlier = seen.get(name);
        if (earlier === undefined) seen.set(name, { subpath: entry.subpath, value: module[name] });
        else expect(module[name], `${name} of ${entry.subpath} is ${earlier.subpath}'s`).toBe(earlier.value);
      }
    }
  });

  it('every public member of the API reports has a row or a stated exemption', () => {
    const members = publicMembers();
    expect(members.length).toBeGreaterThan(100);
    const missing = members.filter((m) => ROWS[m] === undefined && !NO_ARGUMENTS.has(m));
    expect(missing).toEqual([]);
    // Rows and exemptions name only members that exist: a renamed member cannot leave a stale row behind.
    const known = new Set(members);
    const stale = [...Object.keys(ROWS), ...NO_ARGUMENTS].filter((m) => !known.has(m));
    expect(stale).toEqual([]);
  });

  it('the tap sees a call that is sent', async () => {
    const before = pair().proxy.bytesFromClient;
    await clubs().get(key);
    expect(pair().proxy.bytesFromClient).toBeGreaterThan(before);
  });

  /**
   * The client's byte count once the link is quiet: HTTP/2 housekeeping after an earlier call (a PING ack, a window
   * update) is not this call's.
   */
  async function quietBytes(): Promise<number> {
    let last = pair().proxy.bytesFromClient;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      const now = pair().proxy.bytesFromClient;
      if (now === last) return now;
      last = now;
    }
  }

  beforeAll(async () => {
    // Connect first, so that opening the link is never counted as a case's bytes.
    await clubs().get({ tenant: 'warm', id: 'up' });
  });

  const cases = Object.entries(ROWS).flatMap(([member, row]) =>
    row.map(([label, code, call]) => ({ name: `${member}: ${label}`, code, call })),
  );
  it.each(cases)('$name → $code', async ({ code, call }) => {
    const before = await quietBytes();
    let error: unknown;
    try {
      await call();
    } catch (e) {
      error = e;
    }
    expect(error, 'the call was not refused').toBeInstanceOf(BigtableMapperError);
    expect({ code: (error as BigtableMapperError).code, message: (error as Error).message }).toMatchObject({
      code,
    });
    // Anything sent would have reached the proxy by now (loopback); a refused call sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pair().proxy.bytesFromClient - before, 'bytes sent by a refused call').toBe(0);
  });

  it('nothing was written by any refused call', async () => {
    const direct = pair().direct;
    expect(await direct.repository(Club).scan().count()).toBe(0);
    expect(await direct.repository(Note).scan().count()).toBe(0);
    expect(await direct.repository(Locked).scan().count()).toBe(0);
  });
});
