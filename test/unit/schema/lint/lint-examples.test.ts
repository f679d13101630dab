// The repository's own examples follow Bigtable's design rules: no `error` finding. Warnings they knowingly carry
// are listed here with the reason, so that a new one shows up in review.
import { describe, expect, it } from 'vitest';
import { examples } from '../../../../examples/examples.js';
import { getEntityMetadata } from '../../../../src/metadata/index.js';
import { formatFindings } from '../../../../src/lint/format-findings.js';
import { lintEntities } from '../../../../src/lint/lint-entities.js';

const metas = examples.flatMap((e) => e.entities).map((cls) => getEntityMetadata(cls));

describe('lint of examples/*.ts', () => {
  it('finds no error', () => {
    const found = lintEntities(metas);
    expect(
      found.filter((f) => f.severity === 'error'),
      formatFindings(found),
    ).toEqual([]);
  });

  it('finds only the known warnings', () => {
    const warnings = lintEntities(metas)
      .filter((f) => f.severity === 'warning')
      .map((f) => `${f.entity}.${f.property ?? ''} ${f.ruleId}`)
      .sort();
    expect(warnings).toEqual([
      // device-telemetry: the seed's `counters` family has no GC rule; each increment leaves a version behind.
      'DeviceDay.pings gc-counter-unbounded',
      // structured-row-key: the seed "Manage row key schemas" declares the serial number as BYTES.
      'DeviceUnit.serialNumber key-raw-bytes',
      // video-row: formats/tags/stats families mirror the seed without GC rules.
      'Video.formats gc-qualifiers-unbounded',
      'Video.likes gc-counter-unbounded',
      'Video.tags gc-qualifiers-unbounded',
    ]);
  });
});
