// `npm run bench` entry: runs every workload (or `--only name`) side by side with hand-written raw-client code and
// the HL API against its own emulator, then writes bench/RESULTS.md. `--full` uses the sizes and adds a
// point-gets and a prefix-scan row per GC shape of the examples (bench/fixtures/reading-gc-shapes.ts; `--only` runs
// them in quick mode too); the default quick mode takes a few minutes. `--profile` writes a CPU profile per workload under bench/profiles/; with
// `--variant library` (or raw, hl) only that variant runs, so the profile shows it alone. A whole run ends with
// the scaling table (library alone at growing sizes; `--skip-scaling` skips it, `--only scaling` runs it alone). `--full` also streams a
// 10,000,000-entity saveMany with its peak RSS growth bounded (`--load <rows>` runs that load alone at any size).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { openBenchSession } from './harness/bench-session.js';
import { formatReport } from './harness/format-report.js';
import type { WorkloadResult } from './harness/run-workload.js';
import { runWorkload } from './harness/run-workload.js';
import type { ScalingPoint } from './harness/run-scaling.js';
import { formatScaling, runScaling } from './harness/run-scaling.js';
import type { StreamedLoadResult } from './harness/run-streamed-load.js';
import { formatStreamedLoad, runStreamedLoad } from './harness/run-streamed-load.js';
import type { BenchMode, VariantName } from './harness/workload.js';
import { WORKLOADS } from './workloads/index.js';

const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    reps: { type: 'string' },
    profile: { type: 'boolean', default: false },
    variant: { type: 'string', multiple: true },
    'skip-scaling': { type: 'boolean', default: false },
    out: { type: 'string' },
    load: { type: 'string' },
  },
});
const mode: BenchMode = values.full ? 'full' : 'quick';
const repetitions = Number(values.reps ?? (mode === 'full' ? 7 : 5));
const loadRows = values.load !== undefined ? Number(values.load) : undefined;
const chosen =
  loadRows !== undefined
    ? []
    : WORKLOADS.filter((w) =>
        values.only ? values.only.some((o) => w.name.includes(o)) : mode === 'full' || !w.fullOnly,
      );
// Far below what a load that kept its input would take (10,000,000 readings are several GiB), above what V8 takes
// for its heap before collecting on this run's sizes.
const LOAD_RSS_BOUND_MIB = 1024;

const session = await openBenchSession();
const inspector = values.profile ? new Session() : undefined;
inspector?.connect();
const results: WorkloadResult[] = [];
let scaling: ScalingPoint[] = [];
let load: StreamedLoadResult | undefined;
try {
  for (const [index, workload] of chosen.entries()) {
    const size = workload.size(mode);
    console.log(`[bench] ${workload.name}: ${size} rows, ${repetitions} repetitions`);
    results.push(
      await runWorkload(workload, session.context(`r${index}`), size, {
        repetitions,
        serverPid: session.emulator.pid,
        onlyVariants: values.variant as VariantName[] | undefined,
        log: (line) => console.log(line),
        ...(inspector
          ? {
              around: async (name: string, timed: () => Promise<void>) => {
                await inspector.post('Profiler.enable');
                await inspector.post('Profiler.start');
                await timed();
                const { profile } = await inspector.post('Profiler.stop');
                mkdirSync('bench/profiles', { recursive: true });
                const file = `bench/profiles/${name.replace(/\W+/g, '-')}.cpuprofile`;
                writeFileSync(file, JSON.stringify(profile));
                console.log(`  profile: ${file}`);
              },
            }
          : {}),
      }),
    );
  }
  if (
    !values['skip-scaling'] &&
    (!values.only || values.only.includes('scaling')) &&
    !values.variant &&
    loadRows === undefined
  ) {
    const sizes = mode === 'full' ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000];
    console.log(`[bench] scaling: ${sizes.join(', ')} rows`);
    scaling = await runScaling(session.context('scaling'), sizes, (line) => console.log(line));
  }
  const loadSize = loadRows ?? (mode === 'full' && !values.only && !values.variant ? 10_000_000 : undefined);
  if (loadSize !== undefined) {
    console.log(`[bench] streamed load: ${loadSize} entities`);
    load = await runStreamedLoad(session.context('load'), {
      rows: loadSize,
      maxRssGrowthMiB: LOAD_RSS_BOUND_MIB,
      log: (line) => console.log(line),
    });
  }
} finally {
  inspector?.disconnect();
  await session.close();
}
const report =
  (results.length > 0 ? formatReport(results, { mode, repetitions }) : '') +
  formatScaling(scaling) +
  formatStreamedLoad(load, LOAD_RSS_BOUND_MIB);
// A load run alone reports on the console only, unless told where to write.
const out = values.out ?? (loadRows === undefined ? 'bench/RESULTS.md' : undefined);
if (out !== undefined) writeFileSync(out, report);
console.log(`\n${report}`);
