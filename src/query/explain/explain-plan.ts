import { formatValue } from '../../errors/format-value.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import { visitResidual } from '../nodes/residual-node.js';
import { renderRequest } from './render-request.js';

/** The scope a scoped repository's read is confined to, if any. */
export function scopeLines(meta: EntityMetadata): string[] {
  if (meta.scope === undefined) return [];
  const values = Object.entries(meta.scope).map(([p, v]) => `${p} = ${formatValue(v)}`);
  return [`scope: ${values.join(', ')} (every key and range is confined to it)`];
}

/**
 * The human-readable plan of a query: entity and table, row set, filter tree, limits, the client-side work and the
 * planner's notes. Deterministic for a fixed clock.
 *
 * @example
 * ```ts
 * console.log(explainPlan(meta, compileQuery(node, Date.now())));
 * ```
 */
export function explainPlan(meta: EntityMetadata, plan: QueryPlan): string {
  const lines = [`${meta.name} in table ${meta.table}`, ...scopeLines(meta), ...renderRequest(plan.request)];
  let checks = 0;
  for (const node of plan.client)
    visitResidual(node, {
      condition: ({ condition: r }) => {
        if (checks++ === 0) lines.push('client-side:');
        lines.push(`  ${r.property} ${r.op} ${r.values.length} value${r.values.length === 1 ? '' : 's'}`);
      },
      limit: (n) => void lines.push(`client limit: ${n.rows}`),
      project: (n) => void lines.push(`result properties: key parts${n.keep.map((p) => `, ${p}`).join('')}`),
      // The entry windows show in the filter; the client only marks those properties as partly read.
      window: () => undefined,
    });
  if (plan.notes.length > 0) {
    lines.push('notes:');
    for (const note of plan.notes) lines.push(`  - ${note}`);
  }
  return lines.join('\n');
}
