import { describeChange, formatGcRule } from '../../admin/index.js';
import { lintEntities, sortFindings } from '../../lint/index.js';
import type { LintFinding } from '../../lint/index.js';
import { listTables } from '../../transport/table-admin.js';
import { tableIdOf } from './api-overview.js';
import type { StudioContext } from './studio-context.js';

/** The lint findings of the loaded entities, as the overview and the key view show them. */
export function lintOf(context: StudioContext): readonly LintFinding[] {
  return context.entities.length === 0 ? [] : sortFindings(lintEntities(context.entities));
}

/**
 * `GET /api/schema`: every table of the instance with its families (GC rule, aggregate type) and row-key schema,
 * the drift against the entities (the plan `schema check` shows) and the lint findings with their fixes.
 */
export async function apiSchema(context: StudioContext): Promise<object> {
  const { mapper } = context;
  const claimed = new Map<string, string[]>();
  for (const meta of context.entities) {
    const id = tableIdOf(context, meta.table);
    claimed.set(id, [...(claimed.get(id) ?? []), meta.name]);
  }
  const ids = [...new Set([...(await listTables(mapper.connection)), ...claimed.keys()])].sort();
  const tables = await Promise.all(
    ids.map(async (name) => {
      const live = await mapper.schema.live(name);
      const rks = live?.rowKeySchema;
      return {
        name,
        exists: live !== undefined,
        families: Object.entries(live?.families ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([family, spec]) => ({
            name: family,
            gcRule: formatGcRule(spec.gcRule),
            ...(spec.aggregate ? { aggregateType: `${spec.aggregate} (int64)` } : {}),
          })),
        ...(rks === undefined
          ? {}
          : {
              rowKeySchema: rks.state === 'set' ? JSON.stringify(rks.schema) : `${rks.state}: ${rks.reason}`,
            }),
        claimedBy: claimed.get(name) ?? [],
      };
    }),
  );
  const drift =
    context.entities.length === 0
      ? undefined
      : await mapper.schema.check(context.entities.map((e) => e.target));
  return {
    tables,
    inSync: drift?.inSync ?? true,
    drift: (drift?.changes ?? []).map((change) => ({
      table: change.tableId,
      kind: change.kind,
      description: describeChange(change),
      destructive: change.safety === 'destructive',
    })),
    driftNotes: drift?.notes ?? [],
    lint: lintOf(context).map((f) => ({
      rule: f.ruleId,
      severity: f.severity,
      entity: f.entity,
      ...(f.property === undefined ? {} : { property: f.property }),
      message: f.message,
      fix: f.fix,
    })),
  };
}
