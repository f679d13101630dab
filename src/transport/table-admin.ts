import type { FamilySpec, GcRule } from '../model/family-spec.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { toTransportError } from './grpc-error.js';

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
): Promise<void> {
  const columnFamilies: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(families)) columnFamilies[name] = toAdminColumnFamily(spec);
  try {
    await connection.admin.createTable({
      parent: connection.instancePath,
      tableId,
      table: { columnFamilies },
    } as Parameters<typeof connection.admin.createTable>[0]);
  } catch (error) {
    throw toTransportError('CreateTable', error);
  }
}

/**
 * Deletes a table and all its data.
 *
 * @example
 * ```ts
 * await deleteTable(conn, 'devices');
 * ```
 */
export async function deleteTable(connection: BigtableConnection, tableId: string): Promise<void> {
  try {
    await connection.admin.deleteTable({ name: connection.tablePath(tableId) });
  } catch (error) {
    throw toTransportError('DeleteTable', error);
  }
}

/**
 * Lists the table ids of the instance.
 *
 * @example
 * ```ts
 * const ids = await listTables(conn); // ['devices', ...]
 * ```
 */
export async function listTables(connection: BigtableConnection): Promise<string[]> {
  try {
    const [tables] = await connection.admin.listTables({ parent: connection.instancePath });
    return tables.map((t) => String(t.name).split('/').pop() ?? '');
  } catch (error) {
    throw toTransportError('ListTables', error);
  }
}
