import type { BatchOutcome, History, HistoryEntry } from './history.js';
import { showArgs, valueOf } from './history.js';
import { checkLinearizable, type CheckedOp } from './linearizability.js';
import { batchSize } from './program.js';
import type { ModelResult, RowState } from './reference-model.js';
import { allRows, applyCommand, canonical, refusal, rowsOf, stateKey } from './reference-model.js';

/** Errors that say nothing was applied (docs/errors.md, docs/writes.md "Retries, unknown outcomes, deadlines"). */
const NOT_APPLIED = new Set(['DEADLINE_EXCEEDED', 'ABORTED', 'CONNECTION_CLOSED', 'TRANSPORT']);
/** Errors that refuse bad input before anything is sent. */
const REFUSED = new Set([
  'INVALID_ARGUMENT',
  'VALUE_ENCODING',
  'KEY_ENCODING',
  'LIMIT_EXCEEDED',
  'QUERY_INVALID',
  'METADATA_INVALID',
]);
const RESULTS: Record<string, ModelResult['type']> = {
  OPTIMISTIC_LOCK: 'conflict',
  NOT_FOUND: 'notFound',
  ALREADY_EXISTS: 'exists',
};

/** How one call (or one input of a batch) must appear in its rows' histories. */
type Status =
  | { readonly kind: 'absent' } // not applied: not in the history
  | { readonly kind: 'optional' } // outcome unknown
  | { readonly kind: 'required'; readonly expect: ModelResult['type']; readonly value?: string };

/** One violation: a call whose report the CONTRACT forbids, or a row no order of the calls explains. */
export interface Violation {
  readonly kind: 'outcome' | 'row' | 'deadline';
  /** The row (row violations) or the call (`client c, step s`). */
  readonly where: string;
  readonly message: string;
  /** The row's calls, readable (row violations). */
  readonly detail: readonly string[];
}

export interface CheckReport {
  readonly violations: readonly Violation[];
  /** Rows whose search hit its bound (not counted as violations). */
  readonly inconclusive: readonly string[];
}

/** A call's label: `c1s4 save g0/a (lose 200ms) → ok`. */
export function describeEntry(entry: HistoryEntry): string {
  const { command, fault, outcome } = entry;
  const { kind, ...args } = command;
  const shown = JSON.stringify(args, showArgs);
  const faultText = fault ? ` [${fault.kind} +${fault.afterMs}ms for ${fault.forMs}ms]` : '';
  const result =
    outcome.type === 'ok'
      ? `ok${outcome.value === undefined ? '' : ` ${JSON.stringify(outcome.value)}`}`
      : outcome.type === 'error'
        ? `${outcome.code}`
        : outcome.type === 'partial'
          ? `partial [${outcome.outcomes.join(',')}]`
          : 'hung';
  return `${valueOf(entry.client, entry.step)} ${kind} ${shown}${faultText} → ${result} (t${entry.invokedAt}–t${entry.completedAt}, ${Math.round(entry.durationMs)} ms)`;
}

function statusOf(
  entry: HistoryEntry,
  batch: BatchOutcome | undefined,
): Status | { kind: 'bad'; why: string } {
  const { command, outcome } = entry;
  const rule = refusal(command);
  if (batch !== undefined) {
    if (batch === 'written') return { kind: 'required', expect: 'ok' };
    return batch === 'notWritten' ? { kind: 'absent' } : { kind: 'optional' };
  }
  if (outcome.type === 'hung') return { kind: 'bad', why: 'the call never settled' };
  if (outcome.type === 'partial')
    return { kind: 'bad', why: `${command.kind} ended with a PartialWriteError` };
  if (outcome.type === 'ok') {
    if (rule === 'must') return { kind: 'bad', why: 'resolved, but the input must be refused' };
    if (command.kind === 'lockedFresh') return { kind: 'required', expect: 'ok' };
    return outcome.value === undefined
      ? { kind: 'required', expect: 'ok' }
      : { kind: 'required', expect: 'ok', value: outcome.value };
  }
  const code = outcome.code;
  if (code === 'OUTCOME_UNKNOWN') {
    if (rule === 'must') return { kind: 'bad', why: 'sent (outcome unknown), but the input must be refused' };
    return command.kind === 'lockedRead'
      ? { kind: 'bad', why: 'a read ended with OUTCOME_UNKNOWN' }
      : { kind: 'optional' };
  }
  // An increment's TransportError may say it applied (docs/errors.md: an answer without the counter's cell).
  if (command.kind === 'increment' && code === 'TRANSPORT') return { kind: 'optional' };
  // Any other error of an increment must be the one for a result outside int64 (it applied).
  if (command.kind === 'increment' && !NOT_APPLIED.has(code)) return { kind: 'required', expect: 'overflow' };
  if (NOT_APPLIED.has(code)) {
    return rule === 'must'
      ? { kind: 'bad', why: `${code}, but the input must be refused` }
      : { kind: 'absent' };
  }
  if (REFUSED.has(code)) {
    return rule === 'never'
      ? { kind: 'bad', why: `refused a valid call: ${code} ${outcome.message}` }
      : { kind: 'absent' };
  }
  const result = RESULTS[code];
  if (result !== undefined && command.kind !== 'lockedRead') return { kind: 'required', expect: result };
  return { kind: 'bad', why: `unexpected error ${code}: ${outcome.message}` };
}

export interface CheckOptions {
  /** A call that took longer than this (its deadline plus a slack) is a violation. Unset: not checked. */
  readonly deadlineMs?: number;
  /** Search bound per row (see checkLinearizable). */
  readonly maxStates?: number;
}

interface RowOp {
  readonly entry: HistoryEntry;
  readonly index: number | undefined;
  readonly status: Status;
}

/**
 * Checks a history against the reference model: every call's report is allowed by the CONTRACT, and for every row
 * some order of the calls on it, consistent with real time and their reports, yields the row's final state.
 *
 * @example
 * ```ts
 * const report = checkHistory(history);
 * expect(report.violations).toEqual([]);
 * ```
 */
export function checkHistory(history: History, options: CheckOptions = {}): CheckReport {
  const violations: Violation[] = [];
  const inconclusive: string[] = [];
  const perRow = new Map<string, RowOp[]>();
  for (const entry of history.entries) {
    const where = valueOf(entry.client, entry.step);
    const { outcome, command } = entry;
    if (options.deadlineMs !== undefined && entry.durationMs > options.deadlineMs)
      violations.push({
        kind: 'deadline',
        where,
        message: `settled after ${Math.round(entry.durationMs)} ms, past its deadline and slack (${options.deadlineMs} ms)`,
        detail: [describeEntry(entry)],
      });
    const batch =
      command.kind === 'saveMany' && outcome.type === 'ok'
        ? Array.from({ length: batchSize(command) }, (): BatchOutcome => 'written')
        : outcome.type === 'partial'
          ? outcome.outcomes
          : undefined;
    if (batch !== undefined && command.kind === 'saveMany' && batch.length !== batchSize(command)) {
      violations.push({
        kind: 'outcome',
        where,
        message: 'batch outcomes not aligned with the input',
        detail: [],
      });
      continue;
    }
    for (const { row, index } of rowsOf(command)) {
      const status = statusOf(entry, index === undefined ? undefined : batch?.[index]);
      if (status.kind === 'bad') {
        violations.push({ kind: 'outcome', where, message: status.why, detail: [describeEntry(entry)] });
        break;
      }
      if (status.kind === 'absent') continue;
      const list = perRow.get(row) ?? [];
      list.push({ entry, index, status });
      perRow.set(row, list);
    }
  }
  for (const [row, initial] of allRows()) {
    const ops = perRow.get(row) ?? [];
    const observed = history.final.get(row) ?? '';
    const checked: CheckedOp<RowState>[] = ops.map((op) => toChecked(op, row));
    // Inputs of one batch on one row: a later input is applied after the earlier ones (input order; the checker
    // follows the chain, so each input names only the one before it).
    const lastInput = new Map<HistoryEntry, number>();
    ops.forEach((op, i) => {
      if (op.index === undefined) return;
      const previous = lastInput.get(op.entry);
      lastInput.set(op.entry, i);
      if (previous !== undefined) checked[i] = { ...checked[i]!, after: [previous] };
    });
    checked.push({
      label: `final read → ${JSON.stringify(observed)}`,
      invokedAt: history.endedAt,
      completedAt: history.endedAt + 1,
      required: true,
      apply: (s) => (canonical(s) === observed ? s : undefined),
    });
    const result = checkLinearizable(initial, checked, stateKey, options.maxStates);
    if (result.verdict === 'inconclusive') inconclusive.push(row);
    if (result.verdict !== 'violation') continue;
    const order = result.order.length <= 12 ? result.order : result.order.slice(-10);
    const placed = [
      ...(order.length < result.order.length ? [`… ${result.order.length - order.length} earlier …`] : []),
      ...order.map((i) => checked[i]!.label),
    ];
    violations.push({
      kind: 'row',
      where: row,
      message: `no order of the ${ops.length} calls on ${row} explains their reports and the final state ${JSON.stringify(observed)}`,
      detail: [...checked.map((c) => c.label), `longest consistent order: ${placed.join(' ; ') || '(none)'}`],
    });
  }
  return { violations, inconclusive };
}

function toChecked(op: RowOp, row: string): CheckedOp<RowState> {
  const { entry, index, status } = op;
  const value = valueOf(entry.client, entry.step, index);
  const confirmed = status.kind === 'required' && status.expect === 'ok';
  // A batch input's line is short (the call itself is in the history): which input, and what it reported.
  const label =
    index === undefined
      ? describeEntry(entry)
      : `${valueOf(entry.client, entry.step)} ${entry.command.kind} input #${index} → ${status.kind === 'required' ? 'written' : 'unknown'} (t${entry.invokedAt}–t${entry.completedAt})`;
  const apply = (state: RowState): RowState | undefined => {
    const applied = applyCommand(entry.command, row, state, {
      client: entry.client,
      value,
      confirmed,
      index,
    });
    if (status.kind === 'optional') return applied.state;
    if (status.kind !== 'required' || applied.result.type !== status.expect) return undefined;
    if (applied.result.type === 'ok' && status.value !== undefined && applied.result.value !== status.value)
      return undefined;
    return applied.state;
  };
  return {
    label,
    invokedAt: entry.invokedAt,
    completedAt: status.kind === 'optional' ? Infinity : entry.completedAt,
    required: status.kind === 'required',
    apply,
  };
}
