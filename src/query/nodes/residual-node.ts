import type { ConditionOp } from './query-node.js';

/**
 * Work a plan leaves to the client, one node per step, in the order it is applied to the rows a request returns:
 * `condition` skips a row whose decoded entity fails a check the server cannot make; `project` removes the
 * properties a `select()` did not ask for; `window` marks Map/Set properties read through an entry window (so a save
 * does not erase what was not read); `limit` stops after that many result rows. Handle a new kind in
 * {@link ResidualVisitor}.
 *
 * @example
 * ```ts
 * const nodes: ResidualNode[] = [{ kind: 'limit', rows: 10 }];
 * ```
 */
export type ResidualNode =
  | { readonly kind: 'condition'; readonly condition: ResidualCondition }
  | { readonly kind: 'project'; readonly keep: readonly string[] }
  | { readonly kind: 'window'; readonly properties: readonly string[] }
  | { readonly kind: 'limit'; readonly rows: number };

/**
 * A condition checked on the client, on the hydrated entity (key parts decoded from the row key, columns from
 * their newest cell). A missing value (undefined or null) never satisfies a condition, not even `!=`, exactly as
 * a server-side condition on a missing cell.
 *
 * @example
 * ```ts
 * const r: ResidualCondition = { property: 'rating', op: '>', values: [4.5], equals: undefined };
 * ```
 */
export interface ResidualCondition {
  readonly property: string;
  readonly op: ConditionOp;
  /** One value, two for `between`, any number for `in`. */
  readonly values: readonly unknown[];
  /** Equality for values without an order (JSON, protobuf, custom codecs): compares encoded bytes. */
  readonly equals: ((a: unknown, b: unknown) => boolean) | undefined;
}

/**
 * One method per residual node kind; `visitResidual` checks exhaustiveness, so a new kind fails the build until the
 * runner and `explain()` handle it.
 *
 * @example
 * ```ts
 * const v: ResidualVisitor<string> = { condition: () => 'c', project: () => 'p', window: () => 'w', limit: () => 'l' };
 * ```
 */
export interface ResidualVisitor<R> {
  condition(node: Extract<ResidualNode, { kind: 'condition' }>): R;
  project(node: Extract<ResidualNode, { kind: 'project' }>): R;
  window(node: Extract<ResidualNode, { kind: 'window' }>): R;
  limit(node: Extract<ResidualNode, { kind: 'limit' }>): R;
}

function unhandled(node: never): never {
  return node;
}

/**
 * Calls the visitor's method for the node's kind.
 *
 * @example
 * ```ts
 * visitResidual({ kind: 'limit', rows: 5 }, { condition: () => 0, project: () => 0, window: () => 0, limit: (n) => n.rows });
 * ```
 */
export function visitResidual<R>(node: ResidualNode, visitor: ResidualVisitor<R>): R {
  switch (node.kind) {
    case 'condition':
      return visitor.condition(node);
    case 'project':
      return visitor.project(node);
    case 'window':
      return visitor.window(node);
    case 'limit':
      return visitor.limit(node);
    default:
      return unhandled(node);
  }
}

/**
 * The residual nodes gathered by kind, for code that applies them row by row: the checks, the properties kept
 * (undefined = all), the windowed properties and the client limit.
 *
 * @example
 * ```ts
 * const { conditions, limit } = residualProgram(plan.client);
 * ```
 */
export interface ResidualProgram {
  readonly conditions: readonly ResidualCondition[];
  readonly keep: readonly string[] | undefined;
  readonly windowed: readonly string[];
  readonly limit: number | undefined;
}

/**
 * Gathers residual nodes by kind (through the exhaustive visitor).
 *
 * @example
 * ```ts
 * if (residualProgram(plan.client).conditions.length > 0) console.log('checked on the client');
 * ```
 */
export function residualProgram(nodes: readonly ResidualNode[]): ResidualProgram {
  const conditions: ResidualCondition[] = [];
  let keep: readonly string[] | undefined;
  const windowed: string[] = [];
  let limit: number | undefined;
  for (const node of nodes)
    visitResidual(node, {
      condition: (n) => void conditions.push(n.condition),
      project: (n) => void (keep = n.keep),
      window: (n) => void windowed.push(...n.properties),
      limit: (n) => void (limit = n.rows),
    });
  return { conditions, keep, windowed, limit };
}
