// `npm run bench:stream-memory [-- <rows>]` (default 500,000): the streaming scan's memory beside raw's, in one
// process. Loads the rows once, then scans them library / raw / raw / library (`ORDER=raw,library` to choose), each
// after a full GC, sampling RSS and heapUsed every 1,000 rows and reporting each scan's peak growth over its start
// and its CPU seconds (not wall time). `HEAP_PROFILE=library` (or raw) writes that variant's sampled allocation
// profile, garbage included, to `<variant>.heapprofile` in the working directory (open it in Chrome's DevTools).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { openBenchSession } from './harness/bench-session.js';
import { ownCpuSeconds } from './harness/cpu-meter.js';
import { rawDecode, rawPrefix, prefixEnd } from './fixtures/raw-codec.js';
import { Reading } from './fixtures/reading.js';
import { TABLE, loadReadings } from './workloads/shared.js';

const rows = Number(process.argv[2] ?? 500_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const MIB = 1024 * 1024;

const session = await openBenchSession();
try {
  const context = session.context('mem');
  const device = `mem-${Date.now()}`;
  for (let done = 0; done < rows; done += 50_000)
    await loadReadings({ ...context, runId: 'mem' }, `${device}`, Math.min(50_000, rows - done), TABLE, done);
  const repo = context.mapper.repository(Reading);
  const prefix = rawPrefix(device);
  const variants = {
    library: () => repo.find({ device }) as AsyncIterable<unknown>,
    raw: async function* (): AsyncGenerator<Reading> {
      for await (const row of context.raw.readRange(TABLE, prefix, prefixEnd(prefix)))
        yield rawDecode(row.key, row.cells);
    },
  };
  for (const name of (process.env.ORDER?.split(',') ?? ['library', 'raw', 'raw', 'library']) as Array<
    keyof typeof variants
  >) {
    gc();
    gc();
    const rss0 = process.memoryUsage.rss();
    const heap0 = process.memoryUsage().heapUsed;
    let rssPeak = rss0;
    let heapPeak = heap0;
    const profiling = process.env.HEAP_PROFILE === name ? new Session() : undefined;
    if (profiling) {
      profiling.connect();
      await profiling.post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    const cpu0 = ownCpuSeconds();
    let count = 0;
    for await (const _row of variants[name]()) {
      if (++count % 1000 === 0) {
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
    }
    const cpu = ownCpuSeconds() - cpu0;
    if (profiling) {
      const { profile } = await profiling.post('HeapProfiler.stopSampling');
      writeFileSync(`${name}.heapprofile`, JSON.stringify(profile));
      profiling.disconnect();
    }
    if (count !== rows) throw new Error(`${name} streamed ${count} of ${rows} rows`);
    console.log(
      `${name.padEnd(8)} rows ${count}  CPU ${cpu.toFixed(2)} s  RSS +${((rssPeak - rss0) / MIB).toFixed(1)} MiB  ` +
        `heapUsed peak +${((heapPeak - heap0) / MIB).toFixed(1)} MiB`,
    );
  }
} finally {
  await session.close();
}
