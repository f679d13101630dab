import type { EntityClass } from '../metadata/entity-metadata.js';

/**
 * The public call an interceptor is shown: a read (`get`, `getMany`, `lookup`, `find`, `scan`, `has`,
 * `collection`) or a write (`save`, `insert`, `update`, `add`, `put`, `remove`, `delete`, `deleteByPrefix`,
 * `increment`, `setCounter`, `aggregate`, `saveMany`, `deleteMany`). `find` covers every read built from `find()` (`toArray`,
 * `first`, `count`, `page`, iteration); `collection` covers `mapper.collection(...)` and `mapper.query(...)`.
 *
 * @example
 * ```ts
 * const writes: readonly CallOperation[] = ['save', 'insert', 'saveMany'];
 * ```
 */
export type CallOperation =
  | 'get'
  | 'getMany'
  | 'lookup'
  | 'find'
  | 'scan'
  | 'has'
  | 'collection'
  | 'save'
  | 'insert'
  | 'update'
  | 'add'
  | 'put'
  | 'remove'
  | 'delete'
  | 'deleteByPrefix'
  | 'increment'
  | 'setCounter'
  | 'aggregate'
  | 'saveMany'
  | 'deleteMany';

/**
 * A range of row keys a call reads or deletes, half-open: from `start` (inclusive) to `end` (exclusive). An empty
 * `start` means from the first row of the table, an empty `end` to its last row (so `{ start: empty, end: empty }`
 * is the whole table).
 *
 * @example
 * ```ts
 * const acme: InterceptedRange = { start: Buffer.from('acme#'), end: Buffer.from('acme$') };
 * ```
 */
export interface InterceptedRange {
  /** First key of the range (inclusive); empty: from the first row of the table. */
  readonly start: Uint8Array;
  /** First key after the range (exclusive); empty: to the last row of the table. */
  readonly end: Uint8Array;
}

/**
 * What an interceptor sees of a call, before anything is sent: the operation, the entity classes and physical table,
 * and the rows it will touch as bytes — exact row `keys` and key `ranges` — plus, for `save`, `insert` and
 * `saveMany`, the entities about to be written (aligned with `keys`). Keys and ranges are copies: changing them
 * changes nothing. The entities are the caller's objects, after their `@BeforeSave` hooks: an interceptor observes or
 * vetoes, it should not modify them.
 *
 * @example
 * ```ts
 * const audit = (call: InterceptedCall): void => {
 *   if (call.kind === 'write') console.log(call.operation, call.tableId, call.keys.length, 'rows');
 * };
 * ```
 */
export interface InterceptedCall {
  /** The public call. */
  readonly operation: CallOperation;
  /** Whether it reads or writes. */
  readonly kind: 'read' | 'write';
  /** The repository's entity class, or a collection's member classes in declaration order. */
  readonly entityClasses: readonly EntityClass[];
  /** The physical table (after the mapper's `tableIds`). */
  readonly tableId: string;
  /** Exact row keys read or written (point reads, entity writes, full-key deletes). */
  readonly keys: readonly Uint8Array[];
  /** Key ranges read (queries, scans, collections) or deleted (`deleteByPrefix`). */
  readonly ranges: readonly InterceptedRange[];
  /** The entities written by `save`, `insert` and `saveMany`, aligned with `keys`; empty for other calls. */
  readonly entities: readonly object[];
}

/**
 * A function the mapper calls before every repository and collection call sends anything (the mapper option
 * `interceptors`). It observes the call, or vetoes it by throwing (or rejecting): the call then fails with a
 * CallVetoedError carrying the thrown error as its cause, and nothing is sent. It may be async. See docs/hooks.md.
 *
 * @example
 * ```ts
 * const tenantOnly: CallInterceptor = (call) => {
 *   const prefix = Buffer.from('acme#');
 *   const inside = (key: Uint8Array): boolean => Buffer.from(key).subarray(0, prefix.length).equals(prefix);
 *   if (!call.keys.every(inside) || !call.ranges.every((r) => inside(r.start) && r.end.length > 0))
 *     throw new Error('only tenant acme');
 * };
 * const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i' }, { interceptors: [tenantOnly] });
 * ```
 */
export type CallInterceptor = (call: InterceptedCall) => void | Promise<void>;
