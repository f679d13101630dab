// One streaming scan in a process of its own, run by bench/stream-memory.ts: `node --expose-gc
// stream-memory-scan.js <host:port> <device> <rows> <library|raw> [passes]` (`passes` scans of the device's rows one
// after the other, measured as one stretch: more rows streamed than the emulator can hold). Its own process, so that no other variant's
// garbage, freed-but-kept pages or V8 heap sizing shares its RSS. Prints one JSON line (a ScanMemory).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { Mapper } from '../src/repository/mapper.js';
import { ownCpuSeconds } from './harness/cpu-meter.js';
import { RawBench } from './fixtures/raw-client.js';
import { rawDecode, rawPrefix, prefixEnd } from './fixtures/raw-codec.js';
import { Reading } from './fixtures/reading.js';
import { TABLE } from './workloads/shared.js';

/** What one scan measured (sizes in MiB, growth over the start of the scan after two full GCs). */
export interface ScanMemory {
  readonly variant: string;
  readonly rows: number;
  readonly cpuS: number;
  readonly wallS: number;
  readonly rssPeakMiB: number;
  readonly heapPeakMiB: number;
  /** Peak growth of V8's old space: what survived two scavenges and was promoted, until a full GC frees it. */
  readonly oldPeakMiB: number;
  /** The young generation's size as V8 sized it (both semi-spaces; `--max-semi-space-size` bounds one). */
  readonly newSpaceMiB: number;
  readonly scavenges: number;
  readonly fullGcs: number;
  readonly gcPauseMs: number;
}

const [hostPort, device, rowsText, variant, passesText] = process.argv.slice(2);
const rows = Number(rowsText);
const passes = Number(passesText ?? 1);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !hostPort || !device || !Number.isInteger(rows) || (variant !== 'library' && variant !== 'raw'))
  throw new Error(
    'usage: node --expose-gc stream-memory-scan.js <host:port> <device> <rows> <library|raw> [passes]',
  );
const MIB = 1024 * 1024;
const PROJECT = 'bench';
const INSTANCE = 'bench';

const oldSpaceUsed = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;
const newSpaceSize = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

const mapper = Mapper.connect({ projectId: PROJECT, instanceId: INSTANCE, emulatorHost: hostPort });
const raw = new RawBench(hostPort, PROJECT, INSTANCE);
try {
  const repo = mapper.repository(Reading);
  const prefix = rawPrefix(device);
  const scan =
    variant === 'library'
      ? (): AsyncIterable<unknown> => repo.find({ device })
      : async function* (): AsyncGenerator<Reading> {
          for await (const row of raw.readRange(TABLE, prefix, prefixEnd(prefix)))
            yield rawDecode(row.key, row.cells);
        };
  // Connect and warm the code paths on a few rows, so that the scan's growth is the scan's own.
  let warm = 0;
  for await (const _row of variant === 'library'
    ? repo.find({ device }).limit(100)
    : raw.readRange(TABLE, prefix, prefixEnd(prefix), 100))
    warm++;
  if (warm !== Math.min(100, rows)) throw new Error(`warm-up read ${warm} rows`);

  let scavenges = 0;
  let fullGcs = 0;
  let gcPauseMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullGcs++;
      gcPauseMs += entry.duration;
    }
  });
  gc();
  gc();
  const rss0 = process.memoryUsage.rss();
  const heap0 = process.memoryUsage().heapUsed;
  const old0 = oldSpaceUsed();
  let rssPeak = rss0;
  let heapPeak = heap0;
  let oldPeak = old0;
  let newSpace = newSpaceSize();
  const profiling = process.env.HEAP_PROFILE ? new Session() : undefined;
  if (profiling) {
    profiling.connect();
    await profiling.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  observer.observe({ entryTypes: ['gc'] });
  const cpu0 = ownCpuSeconds();
  const t0 = performance.now();
  let count = 0;
  for (let pass = 0; pass < passes; pass++)
    for await (const _row of scan()) {
      if (++count % 1000 === 0) {
        const memory = process.memoryUsage();
        rssPeak = Math.max(rssPeak, memory.rss);
        heapPeak = Math.max(heapPeak, memory.heapUsed);
        oldPeak = Math.max(oldPeak, oldSpaceUsed());
        newSpace = Math.max(newSpace, newSpaceSize());
      }
    }
  const cpuS = ownCpuSeconds() - cpu0;
  const wallS = (performance.now() - t0) / 1000;
  // GC entries are delivered asynchronously: let the last ones arrive.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  if (profiling) {
    const { profile } = await profiling.post('HeapProfiler.stopSampling');
    writeFileSync(process.env.HEAP_PROFILE!, JSON.stringify(profile));
    profiling.disconnect();
  }
  if (count !== rows * passes) throw new Error(`${variant} streamed ${count} of ${rows * passes} rows`);
  const result: ScanMemory = {
    variant,
    rows: count,
    cpuS,
    wallS,
    rssPeakMiB: (rssPeak - rss0) / MIB,
    heapPeakMiB: (heapPeak - heap0) / MIB,
    oldPeakMiB: (oldPeak - old0) / MIB,
    newSpaceMiB: newSpace / MIB,
    scavenges,
    fullGcs,
    gcPauseMs,
  };
  console.log(JSON.stringify(result));
} finally {
  await Promise.all([mapper.close(), raw.close()]);
}
