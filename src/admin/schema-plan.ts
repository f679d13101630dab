import type { PerCallOptions } from '../transport/call-timeouts.js';
import { checkObject, checkObjectArray, checkOptions } from '../errors/check-argument.js';
import type { FamilySpec, GcRule } from '../model/family-spec.js';
import { gcRuleKey } from './gc-rule-key.js';
import type { RowKeySchemaJson, TableSchema } from './table-schema.js';

/**
 * One change of a {@link SchemaPlan}. `safe` changes add or relax without losing data; `destructive` ones lose data
 * or cannot be undone (drop a family or table; change a family's aggregate type, which Bigtable only allows by
 * dropping and re-creating the family; replace a table's row-key schema, which needs its removal first).
 *
 * @example
 * ```ts
 * const change: SchemaChange = { kind: 'addFamily', safety: 'safe', tableId: 'devices', family: 'tags', spec: {} };
 * ```
 */
export type SchemaChange =
  | {
      readonly kind: 'createTable';
      readonly safety: 'safe';
      readonly tableId: string;
      readonly families: Readonly<Record<string, FamilySpec>>;
    }
  | {
      readonly kind: 'addFamily';
      readonly safety: 'safe';
      readonly tableId: string;
      readonly family: string;
      readonly spec: FamilySpec;
    }
  | {
      readonly kind: 'changeGcRule';
      readonly safety: 'safe';
      readonly tableId: string;
      readonly family: string;
      readonly from: GcRule | null;
      readonly to: GcRule | null;
    }
  | {
      readonly kind: 'changeAggregate';
      readonly safety: 'destructive';
      readonly tableId: string;
      readonly family: string;
      readonly from: FamilySpec;
      readonly to: FamilySpec;
    }
  | {
      readonly kind: 'setRowKeySchema';
      readonly safety: 'safe' | 'destructive';
      readonly tableId: string;
      readonly from: RowKeySchemaJson | null;
      readonly to: RowKeySchemaJson;
    }
  | {
      readonly kind: 'dropFamily';
      readonly safety: 'destructive';
      readonly tableId: string;
      readonly family: string;
    }
  | { readonly kind: 'dropTable'; readonly safety: 'destructive'; readonly tableId: string };

/**
 * An ordered list of changes that brings the live tables to the desired schema, plus notes on what could not be
 * compared. Plain JSON data: store it, print it with `formatPlan`, review it, apply it.
 *
 * @example
 * ```ts
 * const plan = await mapper.schema.plan([Device]);
 * if (plan.changes.length === 0) console.log('in sync');
 * ```
 */
export interface SchemaPlan {
  readonly changes: readonly SchemaChange[];
  readonly notes: readonly string[];
}

/**
 * Options of a plan; `signal` and `timeoutMs` bound the GetTable calls that read the live tables (default
 * deadline: the mapper's `timeouts.adminMs`).
 *
 * @example
 * ```ts
 * const options: PlanOptions = { pruneFamilies: true, timeoutMs: 10_000 };
 * ```
 */
export interface PlanOptions extends PerCallOptions {
  /** Drop families the live tables have and the entities do not declare (destructive). Default false. */
  readonly pruneFamilies?: boolean;
  /** Drop the given live tables, which the entities do not use (destructive). Default none. */
  readonly pruneTables?: readonly string[];
}

/** JSON with sorted object keys: equal data gives equal text whatever order the admin API answered in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

function compareFamily(
  tableId: string,
  family: string,
  want: FamilySpec,
  have: FamilySpec,
  changes: SchemaChange[],
): void {
  if ((want.aggregate ?? null) !== (have.aggregate ?? null)) {
    changes.push({ kind: 'changeAggregate', safety: 'destructive', tableId, family, from: have, to: want });
    return;
  }
  if (gcRuleKey(want.gcRule) !== gcRuleKey(have.gcRule))
    changes.push({
      kind: 'changeGcRule',
      safety: 'safe',
      tableId,
      family,
      from: have.gcRule ?? null,
      to: want.gcRule ?? null,
    });
}

/**
 * The changes from the `live` tables (`undefined` = the table does not exist) to the `desired` ones. Pure: the same
 * inputs always give the same plan. Families are visited by name; a table whose live row-key schema is `unknown`
 * gets a note instead of a change.
 *
 * @example
 * ```ts
 * const plan = planSchema(desiredSchema([Device]), { devices: undefined });
 * ```
 */
export function planSchema(
  desired: readonly TableSchema[],
  live: Readonly<Record<string, TableSchema | undefined>>,
  options: PlanOptions = {},
): SchemaPlan {
  checkObjectArray({ api: 'planSchema', argument: 'desired' }, desired, 'objects');
  checkObject({ api: 'planSchema', argument: 'live' }, live);
  checkOptions({ api: 'planSchema', argument: 'options' }, options);
  const changes: SchemaChange[] = [];
  const notes: string[] = [];
  for (const want of desired) {
    const { tableId } = want;
    const have = live[tableId];
    const wantKey = want.rowKeySchema;
    if (wantKey.state === 'none') notes.push(`${tableId}: no row-key schema (${wantKey.reason})`);
    if (!have) {
      changes.push({ kind: 'createTable', safety: 'safe', tableId, families: want.families });
      if (wantKey.state === 'set')
        changes.push({ kind: 'setRowKeySchema', safety: 'safe', tableId, from: null, to: wantKey.schema });
      continue;
    }
    const names = [...new Set([...Object.keys(want.families), ...Object.keys(have.families)])].sort();
    for (const family of names) {
      const w = want.families[family];
      const h = have.families[family];
      if (w && !h) changes.push({ kind: 'addFamily', safety: 'safe', tableId, family, spec: w });
      else if (w && h) compareFamily(tableId, family, w, h, changes);
      else if (options.pruneFamilies)
        changes.push({ kind: 'dropFamily', safety: 'destructive', tableId, family });
      else notes.push(`${tableId}: family ${family} is not declared by any entity (kept; prune to drop it)`);
    }
    const haveKey = have.rowKeySchema;
    if (wantKey.state !== 'set') continue;
    if (haveKey.state === 'unknown') {
      notes.push(`${tableId}: row-key schema not compared (${haveKey.reason})`);
    } else if (haveKey.state === 'none') {
      changes.push({ kind: 'setRowKeySchema', safety: 'safe', tableId, from: null, to: wantKey.schema });
    } else if (canonical(haveKey.schema) !== canonical(wantKey.schema)) {
      changes.push({
        kind: 'setRowKeySchema',
        safety: 'destructive',
        tableId,
        from: haveKey.schema,
        to: wantKey.schema,
      });
    }
  }
  for (const tableId of [...(options.pruneTables ?? [])].sort()) {
    if (desired.some((t) => t.tableId === tableId) || !live[tableId]) continue;
    changes.push({ kind: 'dropTable', safety: 'destructive', tableId });
  }
  return { changes, notes };
}
