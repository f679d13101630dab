import { OutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import { TransportError } from '../errors/transport-error.js';
import type { AggregateKind, FamilySpec, GcRule } from '../model/family-spec.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { BoundCallOptions, CallTimeouts } from './call-timeouts.js';
import { DEFAULT_TIMEOUTS } from './call-timeouts.js';
import type { GaxCallOptions } from './gax-call-options.js';
import { callUnary } from './call-unary.js';
import { GrpcStatus } from './grpc-error.js';
import type { RetryPolicy } from './retry-policy.js';

/**
 * Options of an admin call: its signal and deadline (a public operation of several admin calls binds one deadline
 * for all of them, see `BoundCallOptions`), the mapper's retry policy and `timeouts.adminMs` (default 60 s) as the
 * deadline when the caller gives none.
 *
 * @example
 * ```ts
 * await createTable(conn, 'devices', {}, { timeoutMs: 10_000 });
 * ```
 */
export interface AdminCallOptions extends BoundCallOptions {
  readonly timeouts?: CallTimeouts | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
}

/**
 * Options of a best-effort clean-up call (the test kit's table deletes): one attempt, as gax sent it before admin
 * calls went through `callUnary`, so that a server that is gone fails it at once instead of being retried for the
 * whole retry window.
 */
export const CLEAN_UP: AdminCallOptions = Object.freeze({ retry: { maxAttempts: 1 } });

/**
 * Runs one admin RPC under the SDK's policy, like a data call: a deadline (`timeouts.adminMs` unless the call has
 * its own), the caller's signal, the connection's close (ConnectionClosedError, also for a call made after close),
 * retries where safe. A change (`safety: 'write'`) is re-sent only when it provably never reached the server; when
 * it was sent and not answered the error is why (DeadlineExceededError, ConnectionClosedError, AbortedError or
 * TransportError): schema changes are re-planned from what is there, so the caller needs no OutcomeUnknownError.
 */
async function adminCall<T>(
  connection: BigtableConnection,
  rpc: string,
  safety: 'read' | 'write',
  attempt: (options: GaxCallOptions) => Promise<T>,
  options: AdminCallOptions,
  tableId?: string,
): Promise<T> {
  const adminMs = options.timeouts?.adminMs ?? DEFAULT_TIMEOUTS.adminMs;
  try {
    return await callUnary(connection, rpc, attempt, {
      ...options,
      tableId,
      // One attempt may take the whole admin deadline: admin operations are slower than data calls.
      timeouts: { attemptMs: adminMs, totalMs: adminMs },
      safety,
      client: 'admin',
    });
  } catch (error) {
    if (error instanceof OutcomeUnknownError) throw error.cause;
    throw error;
  }
}

type AdminGcRule =
  | { maxNumVersions: number }
  | { maxAge: { seconds: number; nanos: number } }
  | { union: { rules: AdminGcRule[] } }
  | { intersection: { rules: AdminGcRule[] } };

/** Translates our GC rule into the admin proto shape (`google.bigtable.admin.v2.GcRule`). */
export function toAdminGcRule(rule: GcRule): AdminGcRule {
  if ('maxVersions' in rule) return { maxNumVersions: rule.maxVersions };
  if ('maxAgeMillis' in rule) {
    const seconds = Math.floor(rule.maxAgeMillis / 1000);
    return { maxAge: { seconds, nanos: (rule.maxAgeMillis - seconds * 1000) * 1_000_000 } };
  }
  if ('union' in rule) return { union: { rules: rule.union.map(toAdminGcRule) } };
  return { intersection: { rules: rule.intersection.map(toAdminGcRule) } };
}

const AGGREGATE_INPUT = { int64Type: { encoding: { bigEndianBytes: {} } } };

/** Translates a family spec into the admin `ColumnFamily` proto shape. */
export function toAdminColumnFamily(spec: FamilySpec): Record<string, unknown> {
  const family: Record<string, unknown> = {};
  if (spec.gcRule) family.gcRule = toAdminGcRule(spec.gcRule);
  if (spec.aggregate) {
    const aggregator = spec.aggregate === 'hll' ? 'hllppUniqueCount' : spec.aggregate;
    family.valueType = { aggregateType: { inputType: AGGREGATE_INPUT, [aggregator]: {} } };
  }
  return family;
}

/**
 * Creates a table with the given column families (GC rules and aggregate types included).
 *
 * @example
 * ```ts
 * await createTable(conn, 'devices', { stats: { gcRule: { maxVersions: 1 } }, views: { aggregate: 'sum' } });
 * ```
 */
export async function createTable(
  connection: BigtableConnection,
  tableId: string,
  families: Readonly<Record<string, FamilySpec>>,
  options: AdminCallOptions = {},
): Promise<void> {
  const columnFamilies: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(families)) columnFamilies[name] = toAdminColumnFamily(spec);
  const request = {
    parent: connection.instancePath,
    tableId,
    table: { columnFamilies },
  } as Parameters<typeof connection.admin.createTable>[0];
  await adminCall(
    connection,
    'CreateTable',
    'write',
    (o) => connection.admin.createTable(request, o),
    options,
    tableId,
  );
}

/**
 * Deletes a table and all its data.
 *
 * @example
 * ```ts
 * await deleteTable(conn, 'devices');
 * ```
 */
export async function deleteTable(
  connection: BigtableConnection,
  tableId: string,
  options: AdminCallOptions = {},
): Promise<void> {
  const request = { name: connection.tablePath(tableId) };
  await adminCall(
    connection,
    'DeleteTable',
    'write',
    (o) => connection.admin.deleteTable(request, o),
    options,
    tableId,
  );
}

/**
 * Lists the table ids of the instance.
 *
 * @example
 * ```ts
 * const ids = await listTables(conn); // ['devices', ...]
 * ```
 */
export async function listTables(
  connection: BigtableConnection,
  options: AdminCallOptions = {},
): Promise<string[]> {
  const request = { parent: connection.instancePath };
  const [tables] = await adminCall(
    connection,
    'ListTables',
    'read',
    (o) => connection.admin.listTables(request, o),
    options,
  );
  return tables.map((t) => String(t.name).split('/').pop() ?? '');
}

/**
 * A table as GetTable (view SCHEMA_VIEW) describes it, converted back to our model. `rowKeySchema` is the admin
 * `Type.Struct` as plain data (bytes stay `Uint8Array`), or `undefined` when the answer carries none — which the
 * emulator of gcloud 528 always does, even after UpdateTable stored one (see BIGTABLE-FACTS).
 *
 * @example
 * ```ts
 * const live = await getTableSchema(conn, 'devices'); // undefined when the table does not exist
 * if (live) console.log(Object.keys(live.families));
 * ```
 */
export interface LiveTableSchema {
  readonly tableId: string;
  readonly families: Readonly<Record<string, FamilySpec>>;
  readonly rowKeySchema: unknown;
}

/** The oneofs of GcRule, Type and its encodings, Type.Aggregate. */
const ONEOF_NAMES = new Set(['rule', 'kind', 'encoding', 'aggregator']);

/** A protobuf answer as plain data: no nulls, no oneof discriminator strings, bytes kept as `Uint8Array`. */
function plainProto(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Uint8Array) return Uint8Array.from(value);
  if (Array.isArray(value)) return value.map(plainProto);
  if (typeof value !== 'object') return value;
  // A protobufjs Long (int64 such as Duration.seconds): its decimal text.
  if ('low' in value && 'high' in value && 'unsigned' in value) return String(value);
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    // protobufjs adds a virtual string field naming the set member of a oneof (`rule: 'union'`, `kind: ...`).
    if (typeof v === 'string' && ONEOF_NAMES.has(k) && v in record) continue;
    const plain = plainProto(v);
    if (plain !== undefined) out[k] = plain;
  }
  return out;
}

function toNumber(value: unknown): number {
  return Number(typeof value === 'object' && value !== null ? String(value) : value);
}

/**
 * Translates an admin `GcRule` (as GetTable returns it) into our model; `undefined` for "no GC".
 *
 * @example
 * ```ts
 * fromAdminGcRule({ maxNumVersions: 1 }); // { maxVersions: 1 }
 * ```
 */
export function fromAdminGcRule(raw: unknown): GcRule | undefined {
  const rule = plainProto(raw) as Record<string, unknown> | undefined;
  if (!rule) return undefined;
  if (rule.maxNumVersions !== undefined && toNumber(rule.maxNumVersions) > 0)
    return { maxVersions: toNumber(rule.maxNumVersions) };
  if (rule.maxAge !== undefined) {
    const age = rule.maxAge as { seconds?: unknown; nanos?: unknown };
    return {
      maxAgeMillis: toNumber(age.seconds ?? 0) * 1000 + Math.floor(toNumber(age.nanos ?? 0) / 1_000_000),
    };
  }
  const list = (r: unknown): GcRule[] =>
    (((r as { rules?: unknown[] } | undefined)?.rules ?? []) as unknown[])
      .map(fromAdminGcRule)
      .filter((g): g is GcRule => g !== undefined);
  if (rule.union !== undefined) return { union: list(rule.union) };
  if (rule.intersection !== undefined) return { intersection: list(rule.intersection) };
  return undefined;
}

const AGGREGATORS: Readonly<Record<string, AggregateKind>> = {
  sum: 'sum',
  min: 'min',
  max: 'max',
  hllppUniqueCount: 'hll',
};

/**
 * Translates an admin column family (`gcRule`, `valueType`) into our {@link FamilySpec}.
 *
 * @example
 * ```ts
 * fromAdminColumnFamily({ valueType: { aggregateType: { sum: {} } } }); // { aggregate: 'sum' }
 * ```
 */
export function fromAdminColumnFamily(raw: unknown): FamilySpec {
  const family = (plainProto(raw) ?? {}) as { gcRule?: unknown; valueType?: { aggregateType?: object } };
  const gcRule = fromAdminGcRule(family.gcRule);
  const aggregateType = family.valueType?.aggregateType;
  const aggregate = aggregateType
    ? Object.keys(aggregateType)
        .map((k) => AGGREGATORS[k])
        .find((a) => a !== undefined)
    : undefined;
  return { ...(gcRule ? { gcRule } : {}), ...(aggregate ? { aggregate } : {}) };
}

/**
 * A `Table.row_key_schema` as GetTable returns it, as plain data in the object form UpdateTable takes (bytes as
 * `Uint8Array`, no oneof discriminators); `undefined` when the table has none.
 *
 * @example
 * ```ts
 * const schema = fromAdminRowKeySchema(null); // undefined
 * ```
 */
export function fromAdminRowKeySchema(raw: unknown): unknown {
  return plainProto(raw);
}

/**
 * Reads a table's families and row-key schema (GetTable, view SCHEMA_VIEW); `undefined` when it does not exist.
 *
 * @example
 * ```ts
 * const live = await getTableSchema(conn, 'devices');
 * ```
 */
export async function getTableSchema(
  connection: BigtableConnection,
  tableId: string,
  options: AdminCallOptions = {},
): Promise<LiveTableSchema | undefined> {
  const request = { name: connection.tablePath(tableId), view: 'SCHEMA_VIEW' as const };
  let table;
  try {
    [table] = await adminCall(
      connection,
      'GetTable',
      'read',
      (o) => connection.admin.getTable(request, o),
      options,
      tableId,
    );
  } catch (error) {
    if (error instanceof TransportError && error.grpcCode === GrpcStatus.NOT_FOUND) return undefined;
    throw error;
  }
  const families: Record<string, FamilySpec> = {};
  for (const [name, family] of Object.entries(table.columnFamilies ?? {}))
    families[name] = fromAdminColumnFamily(family);
  return { tableId, families, rowKeySchema: fromAdminRowKeySchema(table.rowKeySchema) };
}

/**
 * One ModifyColumnFamilies modification: create or update a family with a spec, or drop it.
 *
 * @example
 * ```ts
 * const m: FamilyModification = { family: 'tags', action: 'create', spec: { gcRule: { maxVersions: 1 } } };
 * ```
 */
export type FamilyModification =
  | { readonly family: string; readonly action: 'create' | 'update'; readonly spec: FamilySpec }
  | { readonly family: string; readonly action: 'drop' };

/**
 * The ModifyColumnFamiliesRequest (object form) for the given modifications of table `name`.
 *
 * @example
 * ```ts
 * const request = modifyColumnFamiliesRequest(conn.tablePath('devices'), [{ family: 'old', action: 'drop' }]);
 * ```
 */
export function modifyColumnFamiliesRequest(
  name: string,
  modifications: readonly FamilyModification[],
): Record<string, unknown> {
  const mods: unknown[] = modifications.map((m) => {
    if (m.action === 'drop') return { id: m.family, drop: true };
    if (m.action === 'create') return { id: m.family, create: toAdminColumnFamily(m.spec) };
    // An update names what it changes; a family without GC rule gets the empty rule (keep everything).
    return {
      id: m.family,
      update: { gcRule: m.spec.gcRule ? toAdminGcRule(m.spec.gcRule) : {} },
      updateMask: { paths: ['gc_rule'] },
    };
  });
  return { name, modifications: mods };
}

/**
 * Creates, updates (GC rule) or drops column families of a table (ModifyColumnFamilies, applied atomically).
 *
 * @example
 * ```ts
 * await modifyColumnFamilies(conn, 'devices', [{ family: 'tags', action: 'create', spec: {} }]);
 * ```
 */
export async function modifyColumnFamilies(
  connection: BigtableConnection,
  tableId: string,
  modifications: readonly FamilyModification[],
  options: AdminCallOptions = {},
): Promise<void> {
  const request = modifyColumnFamiliesRequest(connection.tablePath(tableId), modifications) as Parameters<
    typeof connection.admin.modifyColumnFamilies
  >[0];
  await adminCall(
    connection,
    'ModifyColumnFamilies',
    'write',
    (o) => connection.admin.modifyColumnFamilies(request, o),
    options,
    tableId,
  );
}

/**
 * The UpdateTableRequest (object form) that sets table `name`'s row-key schema, or removes it (`null`, with
 * `ignore_warnings`, the only change Bigtable allows on a table that has one).
 *
 * @example
 * ```ts
 * const request = updateRowKeySchemaRequest(conn.tablePath('devices'), null);
 * ```
 */
export function updateRowKeySchemaRequest(name: string, schema: object | null): Record<string, unknown> {
  return {
    table: { name, ...(schema ? { rowKeySchema: schema } : {}) },
    updateMask: { paths: ['row_key_schema'] },
    ...(schema ? {} : { ignoreWarnings: true }),
  };
}

/**
 * Sets (or, with `null`, removes with `ignore_warnings`) a table's `row_key_schema` through UpdateTable and waits
 * for the operation. `schema` is the admin `Type.Struct` object form.
 *
 * @example
 * ```ts
 * await updateRowKeySchema(conn, 'devices', { fields: [], encoding: { orderedCodeBytes: {} } });
 * ```
 */
export async function updateRowKeySchema(
  connection: BigtableConnection,
  tableId: string,
  schema: object | null,
  options: AdminCallOptions = {},
): Promise<void> {
  const request = updateRowKeySchemaRequest(connection.tablePath(tableId), schema) as Parameters<
    typeof connection.admin.updateTable
  >[0];
  // The long-running operation's wait is part of the attempt, so the call's deadline and close bound it too.
  await adminCall(
    connection,
    'UpdateTable',
    'write',
    async (o) => {
      const [operation] = await connection.admin.updateTable(request, o);
      await operation.promise();
    },
    options,
    tableId,
  );
}
