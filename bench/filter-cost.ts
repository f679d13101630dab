// `npm run bench:filters [-- --rows N --reps N]`: the emulator's CPU per filter kind, the cost model behind the
// whole-entity read filter (docs/performance.md). Every filter reads the same rows of the bench entity (two versions
// of each cell, so limits have something to drop) through the raw v2 client; the variants are interleaved in a
// different order each repetition, and the emulator's CPU (/proc/<pid>/stat) is what is reported, not wall time.
import { parseArgs } from 'node:util';
import { openBenchSession } from './harness/bench-session.js';
import { processCpuSeconds } from './harness/cpu-meter.js';
import { formatSpread, spreadOf } from './harness/stats.js';
import { prefixEnd, rawPrefix } from './fixtures/raw-codec.js';
import { TABLE, loadReadings } from './workloads/shared.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, reps: { type: 'string', default: '5' } },
});
const rows = Number(values.rows);
const reps = Number(values.reps);

const now = BigInt(Date.now() - 3_600_000) * 1000n;
const limit1 = { cellsPerColumnLimitFilter: 1 };
const since = { timestampRangeFilter: { startTimestampMicros: now } };
const regex = (f: string) => ({ familyNameRegexFilter: f });
const range = (f: string) => ({ columnRangeFilter: { familyName: f } });
const chain = (...filters: object[]) => ({ chain: { filters } });
const interleave = (...filters: object[]) => ({ interleave: { filters } });

/** The filter kinds the compiler chooses between, each selecting the same cells of the bench entity. */
const FILTERS: Record<string, object | undefined> = {
  'no filter (every version)': undefined,
  'cellsPerColumnLimit 1': limit1,
  'timestampRange start': since,
  'chain[timestampRange, limit 1]': chain(since, limit1),
  'familyNameRegex (?:d|tags)': regex('(?:d|tags)'),
  'chain[familyNameRegex (?:d|tags), limit 1]': chain(regex('(?:d|tags)'), limit1),
  'interleave[chain[regex d, limit 1], chain[regex tags, limit 1]]': interleave(
    chain(regex('d'), limit1),
    chain(regex('tags'), limit1),
  ),
  'interleave[chain[columnRange d, limit 1], chain[columnRange tags, limit 1]]': interleave(
    chain(range('d'), limit1),
    chain(range('tags'), limit1),
  ),
  'chain[limit 1, interleave[columnRange d, chain[columnRange tags, timestampRange]]]': chain(
    limit1,
    interleave(range('d'), chain(range('tags'), since)),
  ),
  'interleave[chain[columnRange d, limit 1], chain[columnRange tags, timestampRange, limit 1]]': interleave(
    chain(range('d'), limit1),
    chain(range('tags'), since, limit1),
  ),
};

const session = await openBenchSession();
try {
  const context = session.context('filter-cost');
  const device = 'filter-cost';
  await loadReadings(context, device, rows);
  await new Promise((r) => setTimeout(r, 2));
  await loadReadings(context, device, rows);
  const prefix = rawPrefix(device);
  const read = async (filter: object | undefined): Promise<number> => {
    let n = 0;
    for await (const _row of context.raw.readRows({
      tableName: context.raw.tableName(TABLE),
      rows: { rowRanges: [{ startKeyClosed: prefix, endKeyOpen: prefixEnd(prefix) }] },
      ...(filter === undefined ? {} : { filter }),
    }))
      n++;
    return n;
  };
  const names = Object.keys(FILTERS);
  const samples = new Map<string, number[]>(names.map((n) => [n, []]));
  for (const name of names) if ((await read(FILTERS[name])) !== rows) throw new Error(`${name}: rows lost`);
  for (let rep = 0; rep < reps; rep++) {
    const order = names.map((_, i) => names[(i + rep) % names.length]!);
    if (rep % 2 === 1) order.reverse();
    for (const name of order) {
      const before = processCpuSeconds(session.emulator.pid)!;
      await read(FILTERS[name]);
      samples.get(name)!.push((processCpuSeconds(session.emulator.pid)! - before) * 1000);
    }
  }
  const base = spreadOf(samples.get('cellsPerColumnLimit 1')!).median;
  console.log(
    `| filter (${rows} rows, 2 versions per cell) | emulator CPU ms, median [min–max] | × limit 1 |`,
  );
  console.log('|---|---|---|');
  for (const name of names) {
    const spread = spreadOf(samples.get(name)!);
    console.log(`| ${name} | ${formatSpread(spread, 0)} | ${(spread.median / base).toFixed(2)} |`);
  }
} finally {
  await session.close();
}
