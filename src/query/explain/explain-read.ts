import type { CompiledCollection, CompiledRead } from '../compiler/compile-read.js';
import { residualProgram } from '../nodes/residual-node.js';
import { explainPlan, scopeLines } from './explain-plan.js';
import { renderRequest } from './render-request.js';

function explainCollection(plan: CompiledCollection): string {
  const table = plan.members[0]?.meta.table ?? '?';
  const lines = [
    `collection of ${plan.members.map((m) => `${m.name}: ${m.meta.name}`).join(', ')} in table ${table}`,
  ];
  const scoped = plan.members.find((m) => m.meta.scope !== undefined);
  if (scoped) lines.push(...scopeLines(scoped.meta));
  plan.requests.forEach((r, i) => {
    const title = plan.requests.length === 1 ? 'request' : `request ${i + 1} of ${plan.requests.length}`;
    lines.push(`${title} (rows of ${r.members.join(', ')}):`);
    for (const line of renderRequest(r.request)) lines.push(`  ${line}`);
  });
  if (plan.requests.length === 0) lines.push('no request (no row can match)');
  lines.push('members (each row goes to the member whose key it has):');
  for (const m of plan.members) {
    const parts = [`${m.name}: ${m.meta.name}`];
    if (m.limit !== undefined) parts.push(`at most ${m.limit} rows`);
    const program = residualProgram(m.plan.client);
    if (program.keep !== undefined)
      parts.push(`properties: key parts${program.keep.map((p) => `, ${p}`).join('')}`);
    for (const r of program.conditions)
      parts.push(
        `client-side ${r.property} ${r.op} ${r.values.length} value${r.values.length === 1 ? '' : 's'}`,
      );
    lines.push(`  ${parts.join('; ')}`);
  }
  if (plan.limit !== undefined) lines.push(`total limit: ${plan.limit}`);
  if (plan.mode !== 'rows') lines.push(`mode: ${plan.mode}`);
  if (plan.notes.length > 0) {
    lines.push('notes:');
    for (const note of plan.notes) lines.push(`  - ${note}`);
  }
  return lines.join('\n');
}

/**
 * The human-readable plan of any compiled read: request(s), filter tree, limits, client-side work and notes.
 *
 * @example
 * ```ts
 * console.log(explainRead(compileRead(node, Date.now())));
 * ```
 */
export function explainRead(compiled: CompiledRead): string {
  return compiled.kind === 'entity'
    ? explainPlan(compiled.meta, compiled.plan)
    : explainCollection(compiled.plan);
}
