import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { LintFinding } from './lint-types.js';
import { makeFinding } from './make-finding.js';

/** Whether `child`'s key extends `parent`'s, directly or through other linted entities (`@Entity({ parent })`). */
function descendsFrom(
  child: EntityMetadata,
  parent: EntityMetadata,
  metas: readonly EntityMetadata[],
): boolean {
  const seen = new Set<EntityMetadata>();
  for (let at: EntityMetadata | undefined = child; at && !seen.has(at);) {
    seen.add(at);
    if (at.parent === parent.target) return true;
    const up: EntityMetadata['parent'] = at.parent;
    at = up === undefined ? undefined : metas.find((m) => m.target === up);
  }
  return false;
}

/**
 * A parent entity whose children's rows lie under its keys (hierarchical keys): every read of parents by a key
 * prefix (a tenant's conversations, a scan) scans the children too. The read filters them on the server by the
 * parent's key shape, so they are not sent (a child's key always has more fields than its parent's: the declaration
 * check refuses the layouts where it would not), but the server still reads them.
 *
 * @example
 * ```ts
 * lintParentScans([conversationMeta, messageMeta]).map((f) => f.ruleId); // ['key-parent-scans-children']
 * ```
 */
export function lintParentScans(metas: readonly EntityMetadata[]): LintFinding[] {
  const out: LintFinding[] = [];
  for (const parent of metas) {
    const children = metas.filter(
      (m) => m !== parent && m.table === parent.table && descendsFrom(m, parent, metas),
    );
    if (children.length === 0) continue;
    out.push(
      makeFinding(
        'key-parent-scans-children',
        parent.name,
        undefined,
        `reads of ${parent.name} by a key prefix (find by leading key parts, scan) also scan the rows of ` +
          `${children.map((c) => c.name).join(', ')}, which lie under its keys: a row-key filter of ` +
          `${parent.name}'s key shape keeps them from being returned, but the server still reads them`,
        `if ${parent.name} rows are listed more often than read by their full key, keep them apart from the children: ` +
          'a distinct literal for the parent (e.g. `<tenant>#conv#<id>` for conversations, `<tenant>#msg#<id>#<ts>` ' +
          'for messages, declared without `parent`), or the children in a separate table',
        undefined,
      ),
    );
  }
  return out;
}
