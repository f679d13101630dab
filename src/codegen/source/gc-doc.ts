import type { GcRule } from '../../model/family-spec.js';
import type { SourceDoc } from './source-layout.js';
// GC rules are written with the Gc helpers and durations in the largest whole units, as a person writes them.

function durationDoc(ms: number): SourceDoc {
  const units: [string, number][] = [
    ['days', 86_400_000],
    ['hours', 3_600_000],
    ['minutes', 60_000],
    ['seconds', 1000],
    ['millis', 1],
  ];
  const entries: [string, SourceDoc][] = [];
  let rest = ms;
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) entries.push([name, String(n)]);
  }
  return { object: entries };
}

export function gcDoc(rule: GcRule): SourceDoc {
  if ('maxVersions' in rule) return { call: 'Gc.maxVersions', args: [String(rule.maxVersions)] };
  if ('maxAgeMillis' in rule) return { call: 'Gc.maxAge', args: [durationDoc(rule.maxAgeMillis)] };
  if ('union' in rule) return { call: 'Gc.union', args: rule.union.map(gcDoc) };
  return { call: 'Gc.intersection', args: rule.intersection.map(gcDoc) };
}
