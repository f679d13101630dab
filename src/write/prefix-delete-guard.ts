import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import { entitiesUnderPrefixes, registeredSiblings } from '../metadata/foreign-rows.js';
import { isKeyOf } from '../metadata/key-owner.js';
import type { PrefixDeletePlan } from '../query/index.js';

/**
 * Checks a prefix delete against the other entities of the table (hierarchical keys) and returns what may be sent.
 * DropRowRange deletes every row under a prefix whatever its type, so a drop under which rows of other entities
 * can lie (a video's comments under `video#<id>`) is refused unless each of them is named in `alsoDelete`. The
 * single rows of an ordered-code plan (the row whose remaining fields are all empty) are kept only when they are
 * not another entity's key: in ordered code that row can be the parent's own row.
 *
 * @example
 * ```ts
 * const safe = guardPrefixDelete(videoMeta, plan, [Comment]); // without [Comment]: InvalidArgumentError naming Comment
 * ```
 */
export function guardPrefixDelete(
  meta: EntityMetadata,
  plan: PrefixDeletePlan,
  alsoDelete: readonly EntityClass[] = [],
): PrefixDeletePlan {
  const siblings = registeredSiblings(meta);
  refuseUnreachable(meta, plan, siblings, alsoDelete);
  if (siblings.length === 0) return plan;
  const under = entitiesUnderPrefixes(meta, siblings, plan.kind === 'table' ? 'table' : plan.prefixes);
  const unnamed = under.filter((e) => !alsoDelete.includes(e.target));
  if (unnamed.length === 0) {
    if (plan.kind === 'table') return plan;
    const others = siblings.filter((s) => s.target !== meta.target && !alsoDelete.includes(s.target));
    const rows = plan.rows.filter((row) => !others.some((s) => isKeyOf(s, row)));
    return { ...plan, rows };
  }
  const names = unnamed.map((e) => e.name);
  throw alsoDeleteError(
    meta,
    alsoDelete,
    `a list naming ${names.join(', ')}: rows of ${names.length === 1 ? 'that entity' : 'those entities'} can lie ` +
      `under this prefix and the drop would delete them too (pass { alsoDelete: [${names.join(', ')}] } to delete them ` +
      'on purpose, or delete a narrower prefix)',
  );
}

function alsoDeleteError(
  meta: EntityMetadata,
  alsoDelete: readonly EntityClass[],
  expected: string,
): InvalidArgumentError {
  return new InvalidArgumentError({
    api: `Repository<${meta.name}>.deleteByPrefix`,
    argument: 'options.alsoDelete',
    entity: meta.name,
    value: alsoDelete.map((c) => c.name),
    expected,
  });
}

/**
 * An entity named in `alsoDelete` none of whose rows the plan can reach (another table, or a key that does not
 * continue this prefix) is refused: the call would resolve having deleted none of what it was asked to delete.
 */
function refuseUnreachable(
  meta: EntityMetadata,
  plan: PrefixDeletePlan,
  siblings: readonly EntityMetadata[],
  alsoDelete: readonly EntityClass[],
): void {
  if (plan.kind === 'table') return;
  const unreachable = alsoDelete.filter((target) => {
    if (target === meta.target) return false;
    const sibling = siblings.find((s) => s.target === target);
    if (sibling === undefined) return true;
    if (entitiesUnderPrefixes(meta, [sibling], plan.prefixes).length > 0) return false;
    return !plan.rows.some((row) => isKeyOf(sibling, row));
  });
  if (unreachable.length === 0) return;
  const names = unreachable.map((c) => c.name);
  throw alsoDeleteError(
    meta,
    alsoDelete,
    `entities whose rows this call can delete: no row of ${names.join(', ')} lies under this key (its key does ` +
      `not continue ${meta.name}'s key parts given here, or it is in another table), so the call would delete ` +
      'less than asked; delete those rows with their own repository',
  );
}
