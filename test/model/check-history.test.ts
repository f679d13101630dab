import { describe, expect, it } from 'vitest';
import { checkHistory, type CheckReport } from './check-history.js';
import type { History, HistoryEntry, Outcome } from './history.js';
import type { Command, DocInput } from './program.js';

/** A hand-made history: calls given as [client, step, command, invokedAt, completedAt, outcome]. */
type Call = readonly [number, number, Command, number, number, Outcome];

function check(calls: readonly Call[], final: Record<string, string>, durationMs = 5): CheckReport {
  const entries: HistoryEntry[] = calls.map(([client, step, command, invokedAt, completedAt, outcome]) => ({
    client,
    step,
    command,
    fault: undefined,
    invokedAt,
    completedAt,
    outcome,
    durationMs,
  }));
  const endedAt = Math.max(...calls.map((c) => c[4])) + 1;
  const history: History = { entries, final: new Map(Object.entries(final)), endedAt, faults: 0 };
  return checkHistory(history, { deadlineMs: 1_000 });
}

const ok: Outcome = { type: 'ok' };
const unknown: Outcome = { type: 'error', code: 'OUTCOME_UNKNOWN', message: 'lost' };
const conflict: Outcome = { type: 'error', code: 'OPTIMISTIC_LOCK', message: 'conflict' };
const refused: Outcome = { type: 'error', code: 'INVALID_ARGUMENT', message: 'bad input' };
const doc = (over: Partial<DocInput> = {}): DocInput => ({
  group: 'g0',
  id: 'a',
  withNote: false,
  tags: [],
  attrKeys: [],
  ...over,
});
const save = (over: Partial<DocInput> = {}): Command => ({ kind: 'save', doc: doc(over) });
const kinds = (report: CheckReport): string[] => report.violations.map((v) => `${v.kind} ${v.where}`);

describe('checkHistory: hand-made histories', () => {
  it('accepts the last of two sequential saves and rejects a final state showing the first (lost write)', () => {
    const calls: Call[] = [
      [0, 0, save(), 0, 1, ok],
      [1, 0, save(), 2, 3, ok],
    ];
    expect(kinds(check(calls, { 'g0/a': 'v=c1s0' }))).toEqual([]);
    expect(kinds(check(calls, { 'g0/a': 'v=c0s0' }))).toEqual(['row g0/a']);
    expect(kinds(check(calls, {}))).toEqual(['row g0/a']);
  });

  it('accepts either final state after an unknown outcome, and only stored values some call wrote', () => {
    const calls: Call[] = [
      [0, 0, save(), 0, 1, ok],
      [1, 0, save(), 2, 3, unknown],
    ];
    expect(kinds(check(calls, { 'g0/a': 'v=c0s0' }))).toEqual([]);
    expect(kinds(check(calls, { 'g0/a': 'v=c1s0' }))).toEqual([]);
    expect(kinds(check(calls, { 'g0/a': 'v=c9s9' }))).toEqual(['row g0/a']);
  });

  it('rejects a stale versioned copy that wrote over a row re-created after it was read (ABA)', () => {
    const calls: Call[] = [
      [0, 0, { kind: 'lockedSave', id: 'x' }, 0, 1, ok], // creates x (version 1); client 0 holds it
      [1, 0, { kind: 'lockedDrop', id: 'x' }, 2, 3, ok],
      [1, 1, { kind: 'lockedSave', id: 'x' }, 4, 5, ok], // re-creates x (version 1 again)
      [0, 1, { kind: 'lockedSave', id: 'x' }, 6, 7, ok], // client 0's copy is stale: must conflict
    ];
    expect(kinds(check(calls, { 'L/x': 'v=c0s1' }))).toEqual(['row L/x']);
    const refusedStale: Call[] = [
      ...calls.slice(0, 3),
      [0, 1, { kind: 'lockedSave', id: 'x' }, 6, 7, conflict],
    ];
    expect(kinds(check(refusedStale, { 'L/x': 'v=c1s1' }))).toEqual([]);
  });

  it('rejects a conflict reported for a write that applied, and a false conflict', () => {
    const calls: Call[] = [
      [0, 0, { kind: 'lockedRead', id: 'x' }, 0, 1, { type: 'ok', value: '' }],
      [0, 1, { kind: 'lockedSave', id: 'x' }, 2, 3, conflict],
    ];
    expect(kinds(check(calls, {}))).toEqual(['row L/x']); // nobody else wrote: no conflict possible
  });

  it('keeps a batch’s inputs of one key in input order', () => {
    const batch: Command = { kind: 'saveMany', docs: [doc(), doc({ tags: ['x'] })] };
    const calls: Call[] = [[0, 0, batch, 0, 1, ok]];
    expect(kinds(check(calls, { 'g0/a': 'v=c0s0i1 tags={x}' }))).toEqual([]);
    expect(kinds(check(calls, { 'g0/a': 'v=c0s0i0' }))).toEqual(['row g0/a']);
    expect(kinds(check([[0, 0, batch, 0, 1, refused]], {}))).toEqual([]); // refusing repeated keys is allowed
  });

  it('rejects a save with an undefined Set that wiped the stored members; keeping or refusing is fine', () => {
    const calls: Call[] = [
      [0, 0, save({ tags: ['x'] }), 0, 1, ok],
      [0, 1, save({ tags: undefined }), 2, 3, ok],
    ];
    expect(kinds(check(calls, { 'g0/a': 'v=c0s1' }))).toEqual(['row g0/a']);
    expect(kinds(check(calls, { 'g0/a': 'v=c0s1 tags={x}' }))).toEqual([]);
    const refusedUndefined: Call[] = [calls[0]!, [0, 1, save({ tags: undefined }), 2, 3, refused]];
    expect(kinds(check(refusedUndefined, { 'g0/a': 'v=c0s0 tags={x}' }))).toEqual([]);
  });

  it('requires a bare string of members to be refused', () => {
    const add: Command = { kind: 'add', group: 'g0', id: 'a', members: 'xy' };
    expect(kinds(check([[0, 0, add, 0, 1, refused]], {}))).toEqual([]);
    expect(kinds(check([[0, 0, add, 0, 1, ok]], { 'g0/a': 'tags={x,y}' }))).toEqual([
      'outcome c0s0',
      'row g0/a',
    ]);
  });

  it('rejects a prefix delete of a parent that resolved but left its children', () => {
    const calls: Call[] = [
      [0, 0, { kind: 'saveChild', group: 'g0', id: 'a', n: '0' }, 0, 1, ok],
      [0, 1, { kind: 'deletePrefix', group: 'g0', id: 'a' }, 2, 3, ok],
    ];
    expect(kinds(check(calls, {}))).toEqual([]);
    expect(kinds(check(calls, { 'g0/a/0': 'text=c0s0' }))).toEqual(['row g0/a/0']);
  });

  it('requires an increment that left int64 to be reported as an error (it applied)', () => {
    const max = 2n ** 63n - 1n;
    const first: Call = [
      0,
      0,
      { kind: 'increment', group: 'g0', id: 'a', by: max },
      0,
      1,
      { type: 'ok', value: String(max) },
    ];
    const wrapped: Call = [
      0,
      1,
      { kind: 'increment', group: 'g0', id: 'a', by: 1n },
      2,
      3,
      { type: 'ok', value: String(-max - 1n) },
    ];
    const final = { 'g0/a': `hits=${-max - 1n}` };
    expect(kinds(check([first, wrapped], final))).toEqual(['row g0/a']);
    const reported: Call = [
      0,
      1,
      { kind: 'increment', group: 'g0', id: 'a', by: 1n },
      2,
      3,
      { type: 'error', code: 'COUNTER_OVERFLOW', message: 'applied' },
    ];
    expect(kinds(check([first, reported], final))).toEqual([]);
  });

  it('rejects the refusal of a valid call, an unexpected error and a call past its deadline', () => {
    expect(kinds(check([[0, 0, save(), 0, 1, refused]], {}))).toEqual(['outcome c0s0']);
    const internal: Outcome = { type: 'error', code: 'INTERNAL', message: 'bug' };
    expect(kinds(check([[0, 0, save(), 0, 1, internal]], {}))).toEqual(['outcome c0s0']);
    expect(kinds(check([[0, 0, save(), 0, 1, ok]], { 'g0/a': 'v=c0s0' }, 5_000))).toEqual(['deadline c0s0']);
  });

  it('rejects an update reported as not found when the row existed, and accepts it when it did not', () => {
    const notFound: Outcome = { type: 'error', code: 'NOT_FOUND', message: 'missing' };
    const update: Command = { kind: 'updateV', group: 'g0', id: 'a' };
    expect(kinds(check([[0, 0, update, 0, 1, notFound]], {}))).toEqual([]);
    const calls: Call[] = [
      [0, 0, save(), 0, 1, ok],
      [0, 1, update, 2, 3, notFound],
    ];
    expect(kinds(check(calls, { 'g0/a': 'v=c0s0' }))).toEqual(['row g0/a']);
  });
});
