// Type tests of the read IR, compiled by `tsc --noEmit` and never run (see typed-keys.ts for the convention).
import type { ReadNode, ReadNodeVisitor } from '../../src/query/nodes/read-node.js';
import { visitReadNode } from '../../src/query/nodes/read-node.js';
import type { ResidualNode, ResidualVisitor } from '../../src/query/nodes/residual-node.js';
import { visitResidual } from '../../src/query/nodes/residual-node.js';

export const complete: ReadNodeVisitor<string> = {
  find: (n) => n.meta.name,
  keys: (n) => `${n.keys.length}`,
  collection: (n) => n.members.map((m) => m.name).join(),
  count: (n) => (n.exists ? 'exists' : 'count'),
};

// @ts-expect-error a visitor must handle every node kind: adding a kind breaks every visitor until it does
export const missing: ReadNodeVisitor<string> = { find: () => 'f', keys: () => 'k', collection: () => 'c' };

export function kindOf(node: ReadNode): string {
  return visitReadNode(node, complete);
}

export function manualSwitch(node: ReadNode): string {
  switch (node.kind) {
    case 'find':
    case 'keys':
    case 'collection':
    case 'count':
      return node.kind;
    default: {
      // Every kind is handled above, so nothing is left: a new kind makes this assignment fail.
      const rest: never = node;
      return rest;
    }
  }
}

// The residual work of a plan has its own node kinds and visitor, handled by the runner and explain().
export const residualComplete: ResidualVisitor<string> = {
  condition: (n) => n.condition.property,
  project: (n) => n.keep.join(),
  window: (n) => n.properties.join(),
  limit: (n) => `${n.rows}`,
};

// @ts-expect-error a residual visitor must handle every kind as well
export const residualMissing: ResidualVisitor<string> = {
  condition: () => 'c',
  project: () => 'p',
  window: () => 'w',
};

export function residualKind(node: ResidualNode): string {
  return visitResidual(node, residualComplete);
}
