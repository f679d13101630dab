// `npm run bench` entry: runs every workload (or `--only name`) side by side with hand-written raw-client code and
// the HL API against its own emulator, then writes bench/RESULTS.md. `--full` uses the sizes; the default
// quick mode takes a few minutes. `--profile` writes a CPU profile per workload under bench/profiles/; with
// `--variant library` (or raw, hl) only that variant runs, so the profile shows it alone. A whole run ends with
// the scaling table (library alone at growing sizes; `--skip-scaling` skips it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { openBenchSession } from './harness/bench-session.js';
import { formatReport } from './harness/format-report.js';
import type { WorkloadResult } from './harness/run-workload.js';
import { runWorkload } from './harness/run-workload.js';
import type { ScalingPoint } from './harness/run-scaling.js';
import { formatScaling, runScaling } from './harness/run-scaling.js';
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
    out: { type: 'string', default: 'bench/RESULTS.md' },
  },
});
const mode: BenchMode = values.full ? 'full' : 'quick';
const repetitions = Number(values.reps ?? (mode === 'full' ? 7 : 5));
const chosen = WORKLOADS.filter((w) => !values.only || values.only.some((o) => w.name.includes(o)));

const session = await openBenchSession();
const inspector = values.profile ? new Session() : undefined;
inspector?.connect();
const results: WorkloadResult[] = [];
let scaling: ScalingPoint[] = [];
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
  if (!values['skip-scaling'] && !values.only && !values.variant) {
    const sizes = mode === 'full' ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000];
    console.log(`[bench] scaling: ${sizes.join(', ')} rows`);
    scaling = await runScaling(session.context('scaling'), sizes, (line) => console.log(line));
  }
} finally {
  inspector?.disconnect();
  await session.close();
}
const report = formatReport(results, { mode, repetitions }) + formatScaling(scaling);
writeFileSync(values.out, report);
console.log(`\n${report}`);
