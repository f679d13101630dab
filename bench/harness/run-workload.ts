// Runs one workload: verify first, then repetitions in which the variants take the blocks in turns (the order
// changes per block through every permutation), so drift in the machine's speed touches every variant alike. Ratios are per repetition.
import type { Sample } from './cpu-meter.js';
import { measure } from './cpu-meter.js';
import type { Spread } from './stats.js';
import { spreadOf } from './stats.js';
import type { BenchContext, PreparedWorkload, VariantName, Workload } from './workload.js';
import { VARIANTS } from './workload.js';

/** Totals of one variant over one repetition. */
export interface VariantTotals {
  wallMs: number;
  clientCpuS: number;
  serverCpuS: number | undefined;
}

export interface WorkloadResult {
  readonly name: string;
  readonly description: string;
  readonly size: number;
  readonly repetitions: number;
  readonly variants: readonly VariantName[];
  /** library wall time / other variant's wall time, per repetition. */
  readonly ratios: Readonly<Partial<Record<Exclude<VariantName, 'library'>, Spread>>>;
  /** Rows per second (median over repetitions). */
  readonly rowsPerSecond: Readonly<Partial<Record<VariantName, number>>>;
  /** CPU seconds per repetition (median), this process and the emulator. */
  readonly clientCpuS: Readonly<Partial<Record<VariantName, number>>>;
  readonly serverCpuS: Readonly<Partial<Record<VariantName, number | undefined>>>;
  readonly hlNote: string | undefined;
  /** raw wall time / rawOff wall time, per repetition: what instrumenting raw code by hand costs it. */
  readonly rawByHand?: Spread;
}

export interface RunOptions {
  readonly repetitions: number;
  readonly serverPid: number | undefined;
  /** Called around the timed part (e.g. to start and stop a CPU profile). */
  readonly around?: (name: string, timed: () => Promise<void>) => Promise<void>;
  readonly log?: (line: string) => void;
  /** Runs only these variants (to profile one alone); ratios need the library and the other side. */
  readonly onlyVariants?: readonly VariantName[] | undefined;
}

/** All orders of `items` (3 variants: 6 orders, in which each variant follows each other one equally often; 4: 24). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((first, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]),
  );
}

function add(totals: VariantTotals, sample: Sample): void {
  totals.wallMs += sample.wallMs;
  totals.clientCpuS += sample.clientCpuS;
  totals.serverCpuS =
    totals.serverCpuS === undefined || sample.serverCpuS === undefined
      ? undefined
      : totals.serverCpuS + sample.serverCpuS;
}

export async function runWorkload(
  workload: Workload,
  context: BenchContext,
  size: number,
  options: RunOptions,
): Promise<WorkloadResult> {
  const prepared: PreparedWorkload = await workload.prepare(context, size);
  await prepared.verify();
  const names = VARIANTS.filter(
    (v) => prepared.variants[v] !== undefined && (options.onlyVariants?.includes(v) ?? true),
  );
  // Warm-up, untimed: every variant runs its first blocks once so that timing starts with optimised code on all
  // sides (V8 tiers a function up only after many calls; a cold variant would lose for reasons users never see).
  for (let block = 0; block < Math.min(2, prepared.blocks); block++)
    for (const name of names) await prepared.variants[name]!(block);
  // Every order of the variants in turn, not rotations of one: under a rotation the same variant always runs
  // right after the same other one (library after HL), so that one's garbage-collection debt always lands on it.
  const orders = permutations(names);
  const perRep: Array<Record<string, VariantTotals>> = [];
  const timed = async (): Promise<void> => {
    for (let rep = 0; rep < options.repetitions; rep++) {
      const totals: Record<string, VariantTotals> = {};
      for (const name of names) totals[name] = { wallMs: 0, clientCpuS: 0, serverCpuS: 0 };
      for (let block = 0; block < prepared.blocks; block++) {
        const order = orders[(rep * prepared.blocks + block) % orders.length]!;
        for (const name of order) {
          const run = prepared.variants[name]!;
          add(totals[name]!, await measure(() => run(block), options.serverPid));
        }
      }
      perRep.push(totals);
      options.log?.(
        `  ${workload.name} rep ${rep + 1}/${options.repetitions}: ` +
          names.map((n) => `${n} ${totals[n]!.wallMs.toFixed(0)} ms`).join(', '),
      );
    }
  };
  try {
    if (options.around) await options.around(workload.name, timed);
    else await timed();
  } finally {
    await prepared.dispose?.();
  }

  const totalRows = prepared.blocks * prepared.rowsPerBlock;
  const median = (f: (rep: Record<string, VariantTotals>) => number): number =>
    spreadOf(perRep.map(f)).median;
  const ratios: Partial<Record<Exclude<VariantName, 'library'>, Spread>> = {};
  const rowsPerSecond: Partial<Record<VariantName, number>> = {};
  const clientCpuS: Partial<Record<VariantName, number>> = {};
  const serverCpuS: Partial<Record<VariantName, number | undefined>> = {};
  for (const name of names) {
    if (name !== 'library' && names.includes('library'))
      ratios[name] = spreadOf(perRep.map((r) => r.library!.wallMs / r[name]!.wallMs));
    rowsPerSecond[name] = totalRows / (median((r) => r[name]!.wallMs) / 1000);
    clientCpuS[name] = median((r) => r[name]!.clientCpuS);
    serverCpuS[name] = perRep.some((r) => r[name]!.serverCpuS === undefined)
      ? undefined
      : median((r) => r[name]!.serverCpuS!);
  }
  const rawByHand =
    names.includes('raw') && names.includes('rawOff')
      ? spreadOf(perRep.map((r) => r.raw!.wallMs / r.rawOff!.wallMs))
      : undefined;
  return {
    ...(rawByHand === undefined ? {} : { rawByHand }),
    name: workload.name,
    description: workload.description,
    size: totalRows,
    repetitions: options.repetitions,
    variants: names,
    ratios,
    rowsPerSecond,
    clientCpuS,
    serverCpuS,
    hlNote: prepared.hlNote,
  };
}
