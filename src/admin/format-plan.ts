import { checkObject, checkObjectArray } from '../errors/check-argument.js';
import type { FamilySpec, GcRule } from '../model/family-spec.js';
import type { SchemaChange, SchemaPlan } from './schema-plan.js';
import type { RowKeySchemaJson } from './table-schema.js';

const UNITS: readonly [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

function formatAge(ms: number): string {
  for (const [unit, size] of UNITS) if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

/**
 * A GC rule as text: `maxVersions(1)`, `maxAge(7d)`, `union(maxVersions(2), maxAge(1h))`, `none`.
 *
 * @example
 * ```ts
 * formatGcRule({ union: [{ maxVersions: 2 }, { maxAgeMillis: 3_600_000 }] }); // 'union(maxVersions(2), maxAge(1h))'
 * ```
 */
export function formatGcRule(rule: GcRule | null | undefined): string {
  if (rule !== null && rule !== undefined) checkObject({ api: 'formatGcRule', argument: 'rule' }, rule);
  if (!rule) return 'none';
  if ('maxVersions' in rule) return `maxVersions(${rule.maxVersions})`;
  if ('maxAgeMillis' in rule) return `maxAge(${formatAge(rule.maxAgeMillis)})`;
  if ('union' in rule) return `union(${rule.union.map(formatGcRule).join(', ')})`;
  return `intersection(${rule.intersection.map(formatGcRule).join(', ')})`;
}

function formatFamily(spec: FamilySpec): string {
  return `gc ${formatGcRule(spec.gcRule)}${spec.aggregate ? `, aggregate ${spec.aggregate}` : ''}`;
}

function formatRowKeySchema(schema: RowKeySchemaJson | null): string {
  if (!schema) return 'none';
  const fields = schema.fields
    .map((f) => `${f.fieldName ?? '?'}: ${Object.keys(f.type)[0]!.replace(/Type$/, '').toUpperCase()}`)
    .join(', ');
  const e = schema.encoding;
  const encoding =
    'delimitedBytes' in e
      ? `delimited ${JSON.stringify(atob(e.delimitedBytes.delimiter))}`
      : 'singleton' in e
        ? 'singleton'
        : 'ordered-code';
  return `${encoding} (${fields})`;
}

/**
 * One change as one line of text (without its marker).
 *
 * @example
 * ```ts
 * describeChange({ kind: 'dropTable', safety: 'destructive', tableId: 'old' }); // 'drop table old'
 * ```
 */
export function describeChange(change: SchemaChange): string {
  checkObject({ api: 'describeChange', argument: 'change' }, change);
  const where = 'family' in change ? `${change.tableId}.${change.family}` : change.tableId;
  switch (change.kind) {
    case 'createTable': {
      const families = Object.entries(change.families)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, spec]) => `\n      family ${name}: ${formatFamily(spec)}`)
        .join('');
      return `create table ${change.tableId}${families}`;
    }
    case 'addFamily':
      return `add family ${where}: ${formatFamily(change.spec)}`;
    case 'changeGcRule':
      return `change GC rule of ${where}: ${formatGcRule(change.from)} -> ${formatGcRule(change.to)}`;
    case 'changeAggregate':
      return `re-create family ${where} (its data is lost): aggregate ${change.from.aggregate ?? 'none'} -> ${change.to.aggregate ?? 'none'}`;
    case 'setRowKeySchema':
      return change.from
        ? `replace row-key schema of ${where}: ${formatRowKeySchema(change.from)} -> ${formatRowKeySchema(change.to)}`
        : `set row-key schema of ${where}: ${formatRowKeySchema(change.to)}`;
    case 'dropFamily':
      return `drop family ${where} (its data is lost)`;
    case 'dropTable':
      return `drop table ${where} (its data is lost)`;
  }
}

/**
 * A plan as stable, readable text: one line per change, `+` safe, `!` destructive, then the notes.
 *
 * @example
 * ```ts
 * console.log(formatPlan(await mapper.schema.plan([Device])));
 * ```
 */
export function formatPlan(plan: SchemaPlan): string {
  checkObject({ api: 'formatPlan', argument: 'plan' }, plan);
  checkObjectArray({ api: 'formatPlan', argument: 'plan.changes' }, plan.changes, 'objects');
  const destructive = plan.changes.filter((c) => c.safety === 'destructive').length;
  const lines =
    plan.changes.length === 0
      ? ['No changes: the tables match the entities.']
      : [
          `${plan.changes.length} change(s), ${destructive} destructive:`,
          ...plan.changes.map((c) => `  ${c.safety === 'safe' ? '+' : '!'} ${describeChange(c)}`),
        ];
  if (plan.notes.length > 0) lines.push('Notes:', ...plan.notes.map((n) => `  - ${n}`));
  return `${lines.join('\n')}\n`;
}
