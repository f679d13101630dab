// Does cost grow linearly? The library alone, at growing sizes: a streamed saveMany from a generator (never an
// array) and a streamed scan of what it wrote. Per-row cost at each size is compared with the smallest size's, and
// the process's peak RSS growth shows whether memory stays flat.
import { Reading, makeReading } from '../fixtures/reading.js';
import type { BenchContext } from './workload.js';

export interface ScalingPoint {
  readonly rows: number;
  readonly saveUsPerRow: number;
  readonly scanUsPerRow: number;
  /** Peak RSS above the RSS before the step, MiB. */
  readonly peakRssGrowthMiB: number;
}

/** Samples RSS every 20 ms while `work` runs and returns the peak growth over the starting RSS. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; growthMiB: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMiB: (peak - start) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** Repetitions per size: small sizes are cheap and noisy, so they run more often; the median is reported. */
export function scalingRepetitions(rows: number): number {
  return rows <= 10_000 ? 5 : rows <= 100_000 ? 3 : 1;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function runScaling(
  context: BenchContext,
  sizes: readonly number[],
  log: (line: string) => void = () => {},
): Promise<ScalingPoint[]> {
  const repo = context.mapper.repository(Reading);
  /** One saveMany of `rows` fresh rows and one scan of them (a new device each time: no overwritten versions). */
  const once = async (
    rows: number,
    device: string,
  ): Promise<{ saveMs: number; scanMs: number; growthMiB: number }> => {
    async function* readings(): AsyncGenerator<Reading> {
      for (let i = 0; i < rows; i++) yield makeReading(device, i);
    }
    const { result: saveMs, growthMiB: saveGrowth } = await withPeakRss(async () => {
      const t0 = performance.now();
      await repo.saveMany(readings());
      return performance.now() - t0;
    });
    const { result: scanMs, growthMiB: scanGrowth } = await withPeakRss(async () => {
      const t0 = performance.now();
      let count = 0;
      for await (const _ of repo.find({ device })) count++;
      if (count !== rows) throw new Error(`scan read ${count} of ${rows} rows`);
      return performance.now() - t0;
    });
    return { saveMs, scanMs, growthMiB: Math.max(saveGrowth, scanGrowth) };
  };
  // A warm-up pass, not reported: without it the smallest size would also measure the JIT compiling the paths.
  await once(sizes[0] ?? 1000, `${context.runId}-scale-warmup`);
  const points: ScalingPoint[] = [];
  for (const rows of sizes) {
    const runs = [];
    for (let r = 0; r < scalingRepetitions(rows); r++)
      runs.push(await once(rows, `${context.runId}-scale-${rows}-${r}`));
    const point = {
      rows,
      saveUsPerRow: (median(runs.map((x) => x.saveMs)) * 1000) / rows,
      scanUsPerRow: (median(runs.map((x) => x.scanMs)) * 1000) / rows,
      peakRssGrowthMiB: Math.max(...runs.map((x) => x.growthMiB)),
    };
    log(
      `  scaling ${rows} rows (${runs.length}×): saveMany ${point.saveUsPerRow.toFixed(1)} µs/row, scan ` +
        `${point.scanUsPerRow.toFixed(1)} µs/row, peak RSS +${point.peakRssGrowthMiB.toFixed(0)} MiB`,
    );
    points.push(point);
  }
  return points;
}

/** The scaling section of bench/RESULTS.md. */
export function formatScaling(points: readonly ScalingPoint[]): string {
  if (points.length === 0) return '';
  const base = points[0]!;
  const lines = [
    '## Scaling (library alone)',
    '',
    'A streamed `saveMany` from an async generator, then a streamed scan of the rows it wrote, at growing sizes, ' +
      'after one unreported warm-up pass; each size runs ' +
      points.map((p) => `${scalingRepetitions(p.rows)}×`).join(' · ') +
      ' (median). Per-row cost relative to the smallest size (the target: within 20%), and peak RSS growth of the ' +
      'process.',
    '',
    '| rows | saveMany µs/row (× smallest) | scan µs/row (× smallest) | peak RSS growth |',
    '|---:|---|---|---:|',
  ];
  for (const p of points) {
    lines.push(
      `| ${p.rows.toLocaleString('en-US')} | ${p.saveUsPerRow.toFixed(1)} (${(p.saveUsPerRow / base.saveUsPerRow).toFixed(2)}) | ` +
        `${p.scanUsPerRow.toFixed(1)} (${(p.scanUsPerRow / base.scanUsPerRow).toFixed(2)}) | ${p.peakRssGrowthMiB.toFixed(0)} MiB |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
