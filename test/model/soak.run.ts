import { afterAll, beforeAll, expect, it } from 'vitest';
import { runEmulatorHost } from '../reliability/support/mapper-pair.js';
import { emptyTotals, formatProgram, formatResult, runSeed, shrink, type RunResult } from './fault-suite.js';
import type { Program } from './program.js';
import { CLIENT_TIMEOUTS, ModelWorld } from './run-program.js';

/**
 * The soak (`npm run soak`, see scripts/soak.mjs): runs seed after seed for MODEL_SOAK_MINUTES, or the one seed
 * MODEL_SOAK_SEED, printing a progress line; each violating seed is shrunk and printed. Not part of `npm test`
 * (vitest.soak.config.ts runs it).
 */
const minutes = Number(process.env.MODEL_SOAK_MINUTES ?? '0');
const only = process.env.MODEL_SOAK_SEED === undefined ? undefined : Number(process.env.MODEL_SOAK_SEED);
const firstSeed = Number(process.env.MODEL_SOAK_FROM ?? String(Math.floor(Math.random() * 1e9)));
const maxSteps = Number(process.env.MODEL_SOAK_STEPS ?? '8');
const shrinkMs = Number(process.env.MODEL_SOAK_SHRINK_MS ?? '60000');
const CHECK = { deadlineMs: CLIENT_TIMEOUTS.totalMs + 1_500 };

let world: ModelWorld | undefined;
beforeAll(async () => {
  world = await ModelWorld.create(runEmulatorHost());
});
afterAll(async () => {
  await world?.dispose();
});

it('soak', async () => {
  const totals = emptyTotals();
  const started = Date.now();
  const until = started + minutes * 60_000;
  const found: string[] = [];
  const line = (): string =>
    `[soak] ${Math.round((Date.now() - started) / 1000)}s runs ${totals.runs} calls ${totals.calls} ` +
    `faults ${totals.faults} unknown ${totals.unknownOutcomes} violations ${totals.violatingSeeds.length}` +
    (totals.violatingSeeds.length > 0 ? ` (seeds ${totals.violatingSeeds.slice(-8).join(', ')})` : '');
  let lastLine = 0;
  // A class of violation (its kind and the kinds of calls involved) is shrunk a few times, not at every seed.
  const shrunkClasses = new Map<string, number>();
  const classOf = (result: RunResult): string =>
    result.violations
      .map(
        (v) =>
          `${v.kind}:${v.kind === 'outcome' ? v.message.split(':')[0] : ''}:${[...new Set(v.detail.map((d) => d.split(' ')[1]))].sort().join(',')}`,
      )
      .sort()
      .join('|');
  const report = async (seed: number, program: Program, result: RunResult): Promise<void> => {
    const cls = classOf(result);
    const seen = shrunkClasses.get(cls) ?? 0;
    shrunkClasses.set(cls, seen + 1);
    if (seen >= 2 && only === undefined) {
      console.log(
        `[soak] seed ${seed}: ${result.violations.length} violations (class shrunk before: ${cls})`,
      );
      console.log(formatResult(result).split('violations:')[1]);
      return;
    }
    console.log(`[soak] seed ${seed}: ${result.violations.length} violations; shrinking…`);
    const shrunk = await shrink(world!, program, result, { budgetMs: shrinkMs, check: CHECK });
    const text = `seed ${seed}, shrunk in ${shrunk.runs} runs to:\n${formatProgram(shrunk.program)}\n${formatResult(shrunk.result)}`;
    console.log(text);
    found.push(text);
  };
  if (only !== undefined) {
    console.log(`[soak] seed ${only}`);
    const { program, result } = await runSeed(world!, only, maxSteps, totals, CHECK);
    console.log(formatProgram(program));
    if (result.violations.length > 0) await report(only, program, result);
    else console.log(formatResult(result));
  } else {
    console.log(`[soak] seeds from ${firstSeed}, ${minutes} min, up to ${maxSteps} steps per client`);
    for (let seed = firstSeed; Date.now() < until; seed++) {
      const { program, result } = await runSeed(world!, seed, maxSteps, totals, CHECK);
      if (result.violations.length > 0) await report(seed, program, result);
      if (Date.now() - lastLine > 10_000) {
        lastLine = Date.now();
        console.log(line());
      }
    }
  }
  console.log(line());
  console.log(`[soak] totals ${JSON.stringify(totals)}`);
  expect(found, found.join('\n\n')).toEqual([]);
}, 0);
