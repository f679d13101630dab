import { checkHistory, describeEntry, type CheckOptions, type Violation } from './check-history.js';
import { showArgs, type History } from './history.js';
import type { ClientProgram, Command, Program } from './program.js';
import { programOf } from './program.js';
import { runProgram, type ModelWorld } from './run-program.js';

/** One run of one program: its history and what the checker found. */
export interface RunResult {
  readonly history: History;
  readonly violations: readonly Violation[];
  readonly inconclusive: readonly string[];
}

/** Runs `program` once and checks it. */
export async function runAndCheck(
  world: ModelWorld,
  program: Program,
  options: CheckOptions = {},
): Promise<RunResult> {
  const history = await runProgram(world, program);
  const report = checkHistory(history, options);
  return { history, ...report };
}

/** What a violation is, for telling whether a smaller program still shows the same bug. */
const signature = (v: Violation): string =>
  v.kind === 'outcome' ? `outcome:${v.message.split(':')[0]}` : v.kind;

/** A program with fewer parts: one client, one step, one fault or one batch input less. */
function* reductions(program: Program): Generator<Program> {
  const { clients } = program;
  const withClient = (c: number, client: ClientProgram): Program => ({
    clients: clients.map((old, i) => (i === c ? client : old)),
  });
  if (clients.length > 1)
    for (let c = clients.length - 1; c >= 0; c--) yield { clients: clients.filter((_, i) => i !== c) };
  for (let c = 0; c < clients.length; c++) {
    const client = clients[c]!;
    for (let s = client.steps.length - 1; s >= 0; s--) {
      if (client.steps.length > 1)
        yield withClient(c, { ...client, steps: client.steps.filter((_, i) => i !== s) });
      const step = client.steps[s]!;
      if (step.fault !== undefined)
        yield withClient(c, {
          ...client,
          steps: client.steps.map((old, i) => (i === s ? { ...old, fault: undefined } : old)),
        });
      if (step.pauseMs > 0)
        yield withClient(c, {
          ...client,
          steps: client.steps.map((old, i) => (i === s ? { ...old, pauseMs: 0 } : old)),
        });
      const command = step.command;
      const withCommand = (next: Command): Program =>
        withClient(c, {
          ...client,
          steps: client.steps.map((old, i) => (i === s ? { ...old, command: next } : old)),
        });
      if (command.kind === 'saveMany') {
        for (let d = command.docs.length - 1; d >= 0 && command.docs.length > 1; d--)
          yield withCommand({ ...command, docs: command.docs.filter((_, j) => j !== d) });
        const repeat = command.repeat ?? 1;
        if (repeat > 1) yield withCommand({ ...command, repeat: Math.floor(repeat / 2) });
        if (command.input !== undefined) {
          const { input: _array, ...asArray } = command;
          yield withCommand(asArray);
        }
      }
    }
    if (client.skewMs !== 0) yield withClient(c, { ...client, skewMs: 0 });
  }
}

/**
 * Shrinks a failing program greedily: tries each reduction (`attempts` runs each, since the interleaving varies)
 * and keeps it when it still shows a violation of the same kind, until no reduction does or `budgetMs` is spent.
 *
 * @example
 * ```ts
 * const { program, result } = await shrink(world, failing, firstResult, { budgetMs: 60_000 });
 * ```
 */
export async function shrink(
  world: ModelWorld,
  program: Program,
  failing: RunResult,
  options: {
    readonly budgetMs: number;
    readonly attempts?: number;
    readonly check?: CheckOptions;
    readonly onStep?: (program: Program) => void;
  },
): Promise<{ program: Program; result: RunResult; runs: number }> {
  const wanted = new Set(failing.violations.map(signature));
  const deadline = Date.now() + options.budgetMs;
  let best = { program, result: failing };
  let runs = 0;
  let progressed = true;
  while (progressed && Date.now() < deadline) {
    progressed = false;
    for (const candidate of reductions(best.program)) {
      if (Date.now() >= deadline) break;
      for (let attempt = 0; attempt < (options.attempts ?? 2); attempt++) {
        runs++;
        const result = await runAndCheck(world, candidate, options.check);
        if (result.violations.some((v) => wanted.has(signature(v)))) {
          best = { program: candidate, result };
          options.onStep?.(candidate);
          progressed = true;
          break;
        }
      }
      if (progressed) break;
    }
  }
  return { ...best, runs };
}

/** A program, readable: one line per step. */
export function formatProgram(program: Program): string {
  return program.clients
    .map((client, c) =>
      [
        `client ${c} (clock ${client.skewMs >= 0 ? '+' : ''}${client.skewMs} ms${client.batch === undefined ? '' : `, batches of ${client.batch.maxBytes} bytes, ${client.batch.concurrency} in flight`}):`,
        ...client.steps.map((step, s) => {
          const { kind, ...args } = step.command;
          const fault = step.fault
            ? ` [${step.fault.kind}${step.fault.kind === 'delay' ? ` ${step.fault.delayMs}ms` : ''} +${step.fault.afterMs}ms for ${step.fault.forMs}ms]`
            : '';
          const pause = step.pauseMs > 0 ? ` (after ${step.pauseMs} ms)` : '';
          return `  c${c}s${s}${pause} ${kind} ${JSON.stringify(args, showArgs)}${fault}`;
        }),
      ].join('\n'),
    )
    .join('\n');
}

/** A run's violations with the history that shows them. */
export function formatResult(result: RunResult): string {
  const lines = ['history:', ...result.history.entries.map((e) => `  ${describeEntry(e)}`), 'violations:'];
  for (const v of result.violations) {
    lines.push(`  [${v.kind}] ${v.where}: ${v.message}`);
    // A batch of a thousand inputs on a row is a thousand lines: its first and last ones tell the story.
    const shown =
      v.detail.length <= 60
        ? v.detail
        : [...v.detail.slice(0, 30), `… ${v.detail.length - 50} more …`, ...v.detail.slice(-20)];
    for (const d of shown) lines.push(`      ${d}`);
  }
  return lines.join('\n');
}

/** Counts for progress lines and the docs' results table. */
export interface SuiteTotals {
  runs: number;
  calls: number;
  faults: number;
  unknownOutcomes: number;
  violatingSeeds: number[];
}

export function emptyTotals(): SuiteTotals {
  return { runs: 0, calls: 0, faults: 0, unknownOutcomes: 0, violatingSeeds: [] };
}

/** Runs the program of `seed` once, adding to `totals`. */
export async function runSeed(
  world: ModelWorld,
  seed: number,
  maxSteps: number,
  totals: SuiteTotals,
  check: CheckOptions = {},
): Promise<{ program: Program; result: RunResult }> {
  const program = programOf(seed, maxSteps);
  const result = await runAndCheck(world, program, check);
  totals.runs++;
  totals.calls += result.history.entries.length;
  totals.faults += result.history.faults;
  totals.unknownOutcomes += result.history.entries.filter(
    (e) =>
      (e.outcome.type === 'error' && e.outcome.code === 'OUTCOME_UNKNOWN') ||
      (e.outcome.type === 'partial' && e.outcome.outcomes.includes('unknown')),
  ).length;
  if (result.violations.length > 0) totals.violatingSeeds.push(seed);
  return { program, result };
}
