import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import { renderRequest } from './render-request.js';

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
  const lines = [`${meta.name} in table ${meta.table}`, ...renderRequest(plan.request)];
  if (plan.residual.length > 0) {
    lines.push('client-side:');
    for (const r of plan.residual)
      lines.push(`  ${r.property} ${r.op} ${r.values.length} value${r.values.length === 1 ? '' : 's'}`);
  }
  if (plan.clientLimit !== undefined) lines.push(`client limit: ${plan.clientLimit}`);
  if (plan.keep !== undefined)
    lines.push(`result properties: key parts${plan.keep.map((p) => `, ${p}`).join('')}`);
  if (plan.notes.length > 0) {
    lines.push('notes:');
    for (const note of plan.notes) lines.push(`  - ${note}`);
  }
  return lines.join('\n');
}
