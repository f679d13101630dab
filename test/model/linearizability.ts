/**
 * A linearizability checker in the manner of Wing & Gong and Knossos: it searches for one order of the operations
 * of a history that respects real time (an operation that completed before another was invoked comes first) and
 * under which the reference model gives every operation the result it reported. Operations whose outcome is unknown
 * are optional: each may be placed anywhere after its invocation, or nowhere (never applied). Visited
 * (placed operations, model state) pairs are remembered, so the search is cheap for the small per-row histories
 * the suite checks.
 */

/** One operation of a history, as the checker sees it. */
export interface CheckedOp<S> {
  /** Readable form, for reports. */
  readonly label: string;
  /** Logical time of the invocation (any increasing counter shared by all clients). */
  readonly invokedAt: number;
  /** Logical time of the completion; `Infinity` for an operation whose outcome is unknown. */
  readonly completedAt: number;
  /** Whether the operation must be placed (a reported outcome); false: it may or may not have applied. */
  readonly required: boolean;
  /**
   * The state after applying the operation to `state`, or undefined when, applied at that point, the operation
   * would not have given the outcome it reported (so it cannot be placed there).
   */
  readonly apply: (state: S) => S | undefined;
  /**
   * Indexes (in the op list) of operations that, when applied at all, must be applied before this one (the inputs
   * of one batch on one row, in input order), and transitively theirs: a batch's chain needs only each input's
   * predecessor. Optional ones not yet placed are dropped for good when this one is.
   */
  readonly after?: readonly number[];
}

/** The answer of {@link checkLinearizable}. */
export interface LinearizabilityResult {
  readonly verdict: 'linearizable' | 'violation' | 'inconclusive';
  /** Search states visited. */
  readonly explored: number;
  /** Linearizable: one order found (op indexes). Violation: the longest order the search could build. */
  readonly order: readonly number[];
}

const PLACED = 1;
const DROPPED = 2;

/**
 * Searches for a linearization of `ops` from `initial`. `stateKey` must map equal states to equal strings.
 * `maxStates` bounds the search: past it the verdict is 'inconclusive' (never a violation by exhaustion).
 *
 * @example
 * ```ts
 * const r = checkLinearizable(0, [{ label: 'inc', invokedAt: 0, completedAt: 1, required: true, apply: (s) => s + 1 }], String);
 * // r.verdict === 'linearizable'
 * ```
 */
export function checkLinearizable<S>(
  initial: S,
  ops: readonly CheckedOp<S>[],
  stateKey: (state: S) => string,
  maxStates = 200_000,
): LinearizabilityResult {
  const marks = new Uint8Array(ops.length);
  const seen = new Set<string>();
  const order: number[] = [];
  let best: number[] = [];
  let explored = 0;
  let exhausted = false;

  const search = (state: S): boolean => {
    let minCompleted = Infinity;
    let pendingRequired = false;
    for (let i = 0; i < ops.length; i++) {
      if (marks[i] === 0 && ops[i]!.required) {
        pendingRequired = true;
        minCompleted = Math.min(minCompleted, ops[i]!.completedAt);
      }
    }
    if (!pendingRequired) return true;
    // Placed or dropped is the same for what can still happen: only whether an op is still open counts.
    const key = `${marks.map((m) => (m === 0 ? 0 : 1)).join('')}|${stateKey(state)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (++explored > maxStates) {
      exhausted = true;
      return false;
    }
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      if (marks[i] !== 0 || op.invokedAt >= minCompleted) continue;
      const before = openBefore(ops, marks, i);
      if (before === undefined) continue;
      const next = op.apply(state);
      if (next === undefined) continue;
      marks[i] = PLACED;
      for (const p of before) marks[p] = DROPPED;
      order.push(i);
      if (order.length > best.length) best = [...order];
      if (search(next)) return true;
      order.pop();
      for (const p of before) marks[p] = 0;
      marks[i] = 0;
      if (exhausted) return false;
    }
    return false;
  };

  const found = search(initial);
  if (found) return { verdict: 'linearizable', explored, order: [...order] };
  return { verdict: exhausted ? 'inconclusive' : 'violation', explored, order: best };
}

/**
 * The ops still open that must come before op `i` (through `after`, transitively), or undefined when one of them is
 * required (so `i` cannot be placed yet). A placed or dropped op's predecessors are all placed or dropped, so the
 * walk stops at the first closed one: a batch of a thousand inputs on one row costs one step per candidate.
 */
function openBefore<S>(ops: readonly CheckedOp<S>[], marks: Uint8Array, i: number): number[] | undefined {
  const open: number[] = [];
  const stack = [...(ops[i]!.after ?? [])];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (marks[p] !== 0 || seen.has(p)) continue;
    if (ops[p]!.required) return undefined;
    seen.add(p);
    open.push(p);
    stack.push(...(ops[p]!.after ?? []));
  }
  return open;
}
