// Silencing a rule per entity (with a reason, or it is itself a finding) and the text report's stable order.
import { describe, expect, it } from 'vitest';
import { Gc } from '../../../../decorators/index.js';
import { defineEntity, getEntityMetadata } from '../../../../src/metadata/index.js';
import { formatFindings, sortFindings } from '../../../../src/lint/format-findings.js';
import { lintEntities } from '../../../../src/lint/lint-entities.js';

class ReadingByTime {
  at!: Date;
  sensor!: Uint8Array;
  hits!: bigint;
}
defineEntity(ReadingByTime, {
  table: 'lint_silence_readings',
  key: [
    { property: 'at', type: 'timestamp' },
    { property: 'sensor', type: 'bytes' },
  ],
  families: { c: {} },
  properties: { hits: { kind: 'counter', family: 'c' } },
});
const meta = getEntityMetadata(ReadingByTime);
/** The sensor id is bounded, so that the key size is too (key-size-unbounded is not what these tests are about). */
const maxBytes = { ReadingByTime: { sensor: 16 } };
const ids = (options?: Parameters<typeof lintEntities>[1]) =>
  lintEntities([meta], { maxBytes, ...options })
    .map((f) => f.ruleId)
    .sort();

describe('silencing', () => {
  it('drops a rule silenced with a reason, for that entity only', () => {
    expect(ids()).toEqual(['gc-counter-unbounded', 'key-raw-bytes', 'key-timestamp-first']);
    const allow = { ReadingByTime: { 'key-timestamp-first': 'one row per hour, written by a batch job' } };
    expect(ids({ allow })).toEqual(['gc-counter-unbounded', 'key-raw-bytes']);
    expect(ids({ allow: { OtherEntity: allow.ReadingByTime } })).toContain('key-timestamp-first');
  });

  it('reports a silence without a reason, and keeps the finding', () => {
    const found = lintEntities([meta], { maxBytes, allow: { ReadingByTime: { 'key-raw-bytes': '  ' } } });
    expect(found.map((f) => f.ruleId).sort()).toEqual([
      'gc-counter-unbounded',
      'key-raw-bytes',
      'key-timestamp-first',
      'lint-silence-without-reason',
    ]);
    const silence = found.find((f) => f.ruleId === 'lint-silence-without-reason')!;
    expect([silence.entity, silence.severity]).toEqual(['ReadingByTime', 'warning']);
    expect(silence.message).toMatch(/key-raw-bytes/);
  });

  it('reports a silence of an unknown rule or of an entity not linted', () => {
    const found = lintEntities([meta], {
      allow: { ReadingByTime: { 'no-such-rule': 'x' }, Ghost: { 'key-raw-bytes': 'gone' } },
    });
    expect(found.filter((f) => f.ruleId === 'lint-silence-unused').map((f) => f.entity)).toEqual([
      'ReadingByTime',
      'Ghost',
    ]);
  });
});

describe('formatFindings', () => {
  it('prints errors first, then by entity, rule and property, with fix and seed, and a summary', () => {
    class Aaa {
      id!: bigint;
      v!: string;
    }
    defineEntity(Aaa, {
      table: 'lint_format_a',
      key: [{ property: 'id', type: 'int64' }],
      families: { d: { gc: Gc.maxVersions(1) } },
      properties: { v: { family: 'd', codec: 'string' } },
    });
    const found = lintEntities([meta, getEntityMetadata(Aaa)], { maxBytes });
    const text = formatFindings(found);
    expect(formatFindings([...found].reverse())).toBe(text);
    const heads = text.split('\n').filter((l) => /^(error|warning|info)/.test(l));
    expect(heads).toEqual([
      'error    ReadingByTime.at  key-timestamp-first',
      'warning  Aaa.id  key-sequential-id-first',
      'warning  ReadingByTime.hits  gc-counter-unbounded',
      'warning  ReadingByTime.sensor  key-raw-bytes',
    ]);
    expect(text).toMatch(/ {2}fix: {2}declare it `reversedInt64`/);
    expect(text).toMatch(/ {2}seed: Schema design best practices › Row keys to avoid/);
    expect(text.trimEnd().split('\n').at(-1)).toBe('1 error(s), 3 warning(s), 0 info');
    expect(sortFindings(found).map((f) => f.severity)[0]).toBe('error');
  });
});
