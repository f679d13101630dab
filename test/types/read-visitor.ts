// Type tests of the read IR, compiled by `tsc --noEmit` and never run (see typed-keys.ts for the convention).
import type { ReadNode, ReadNodeVisitor } from '../../src/query/nodes/read-node.js';
import { visitReadNode } from '../../src/query/nodes/read-node.js';

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
