import { QueryError } from '../../errors/query-error.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { ConditionNode } from '../nodes/query-node.js';

/**
 * The operand list of a condition: `[value]`, `[low, high]` for `between`, the members for `in`. Throws
 * QueryError for a malformed operand (e.g. `between` without two values).
 *
 * @example
 * ```ts
 * conditionValues(meta, { property: 'at', op: 'between', value: [a, b] }); // [a, b]
 * ```
 */
export function conditionValues(meta: EntityMetadata, condition: ConditionNode): unknown[] {
  const { property, op, value } = condition;
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2)
      throw new QueryError({ entity: meta.name, property, value, problem: "'between' needs [low, high]" });
    return [...(value as unknown[])];
  }
  if (op === 'in') {
    if (!Array.isArray(value))
      throw new QueryError({ entity: meta.name, property, value, problem: "'in' needs an array of values" });
    return [...(value as unknown[])];
  }
  if (value === undefined || value === null)
    throw new QueryError({ entity: meta.name, property, value, problem: `'${op}' needs a value` });
  if (op === 'startsWith' && typeof value !== 'string' && !(value instanceof Uint8Array))
    throw new QueryError({
      entity: meta.name,
      property,
      value,
      problem: "'startsWith' needs a string (or bytes)",
    });
  return [value];
}
