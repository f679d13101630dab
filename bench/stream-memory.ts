// `npm run bench:stream-memory [-- <rows>...] [--reps N] [--semi MiB]`: the streaming scan's memory beside raw's.
// Loads the rows of each size once (default 500,000), then runs every scan in a process of its own
// (bench/stream-memory-scan.ts, `--expose-gc`), library and raw taking turns in alternating order, `--reps` times
// (default 3): peak RSS and heap growth per scan, old-space growth (what scavenges promoted), the young
// generation's size, the GC counts and the scan's CPU seconds, then the median and range per variant.
// `--semi 16` pins the young generation (`--min-semi-space-size=16 --max-semi-space-size=16`, MiB); `--trace-gc`
// passes V8's flag to the scans; `--passes 5` streams each size's rows 5 times over in each scan process (5,000,000
// rows streamed from 1,000,000 stored: the emulator holds about 3.8 KiB per stored row in memory).
// With BIGTABLE_EMULATOR_HOST set it joins that emulator and loads only what is not there yet, so one loaded table
// serves several runs. `HEAP_PROFILE=library` writes the first library scan's sampled allocation profile (garbage
// included) to library.heapprofile.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const run = promisify(execFile);
import { openBenchSession } from './harness/bench-session.js';
import { rawKey } from './fixtures/raw-codec.js';
import type { ScanMemory } from './stream-memory-scan.js';
import { TABLE, loadReadings } from './workloads/shared.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reps: { type: 'string', default: '3' },
    semi: { type: 'string' },
    'trace-gc': { type: 'boolean', default: false },
    variants: { type: 'string', default: 'library,raw' },
    passes: { type: 'string', default: '1' },
  },
});
const sizes = positionals.length > 0 ? positionals.map(Number) : [500_000];
const reps = Number(values.reps);
const variants = values.variants.split(',');
const scanScript = fileURLToPath(new URL('./stream-memory-scan.js', import.meta.url));
const LOAD_CHUNK = 50_000;

/** The median and range of a list of numbers, formatted with `digits` decimals. */
function spread(values: readonly number[], digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}–${sorted.at(-1)!.toFixed(digits)})`;
}

const session = await openBenchSession(process.env.BIGTABLE_EMULATOR_HOST);
try {
  const context = session.context('mem');
  for (const rows of sizes) {
    const device = `mem-${rows}`;
    // Load in chunks, resuming after the last chunk that is already there (a joined emulator keeps its rows).
    let done = 0;
    while (done < rows && (await context.raw.readRow(TABLE, rawKey(device, BigInt(done + LOAD_CHUNK - 1)))))
      done += LOAD_CHUNK;
    if (done < rows) console.log(`[mem] loading ${device} from row ${done}`);
    for (; done < rows; done += LOAD_CHUNK)
      await loadReadings(context, device, Math.min(LOAD_CHUNK, rows - done), TABLE, done);
  }
  const flags = [
    '--expose-gc',
    '--enable-source-maps',
    ...(values.semi ? [`--min-semi-space-size=${values.semi}`, `--max-semi-space-size=${values.semi}`] : []),
    ...(values['trace-gc'] ? ['--trace-gc'] : []),
  ];
  console.log(`[mem] node ${flags.join(' ')}, ${reps} repetitions`);
  for (const rows of sizes) {
    const results: Record<string, ScanMemory[]> = {};
    let profiled = false;
    for (let rep = 0; rep < reps; rep++) {
      const order = rep % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        const profile: boolean = process.env.HEAP_PROFILE === variant && !profiled;
        profiled ||= profile;
        const { stdout: out } = await run(
          process.execPath,
          [
            ...flags,
            scanScript,
            session.emulator.hostPort,
            `mem-${rows}`,
            String(rows),
            variant,
            values.passes,
          ],
          {
            encoding: 'utf8',
            maxBuffer: 1024 * 1024 * 1024,
            env: { ...process.env, HEAP_PROFILE: profile ? `${variant}.heapprofile` : '' },
          },
        );
        if (values['trace-gc']) process.stdout.write(out);
        const result = JSON.parse(out.trim().split('\n').at(-1)!) as ScanMemory;
        console.log(`[mem] ${rows} ${JSON.stringify(result)}`);
        (results[variant] ??= []).push(result);
      }
    }
    const streamed = rows * Number(values.passes);
    const passesText =
      values.passes === '1' ? '' : ` (${values.passes} passes over ${rows.toLocaleString('en-US')})`;
    console.log(
      `\n${streamed.toLocaleString('en-US')} rows${passesText}, ${reps} scans per variant, median (range):`,
    );
    console.log(
      '| variant | CPU s | RSS growth MiB | heapUsed peak MiB | old space peak MiB | scavenges | full GCs | new space MiB |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [variant, list] of Object.entries(results)) {
      const of = (pick: (r: ScanMemory) => number, digits?: number): string => spread(list.map(pick), digits);
      console.log(
        `| ${variant} | ${of((r) => r.cpuS, 2)} | ${of((r) => r.rssPeakMiB)} | ${of((r) => r.heapPeakMiB)} | ` +
          `${of((r) => r.oldPeakMiB)} | ${of((r) => r.scavenges, 0)} | ${of((r) => r.fullGcs, 0)} | ` +
          `${of((r) => r.newSpaceMiB)} |`,
      );
    }
  }
} finally {
  await session.close();
}
