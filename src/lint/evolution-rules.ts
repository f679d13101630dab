import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { LintFinding } from './lint-types.js';
import { makeFinding } from './make-finding.js';
import { probeUpcaster } from './probe-upcaster.js';

function versionList(versions: readonly number[]): string {
  const first = versions[0]!;
  const last = versions[versions.length - 1]!;
  if (versions.length === 1) return `version ${first}`;
  return versions.length === last - first + 1
    ? `versions ${first}–${last}`
    : `versions ${versions.join(', ')}`;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/**
 * Rows at an old schema version that the declared steps cannot bring to the current one: a version above 1 with no
 * step at all, or a gap in the chain from the lowest step's `from` to `version − 1` (a row below a gap is upcast
 * until the gap, then fails too). Such rows fail to read with `SchemaVersionError`, which is right only once a
 * backfill has rewritten them all: silence the rule with that reason then.
 *
 * @example
 * ```ts
 * lintStepChain(meta); // [] when the steps read every version from the lowest `from` up to version − 1
 * ```
 */
export function lintStepChain(meta: EntityMetadata): LintFinding[] {
  const evolution = meta.evolution;
  if (evolution === undefined) return [];
  const { version, steps } = evolution;
  const fix =
    'declare an upcastStep for each missing version, or silence this rule with the reason once a backfill has rewritten every such row';
  if (steps.length === 0) {
    if (version <= 1) return [];
    return [
      makeFinding(
        'evolution-version-unreadable',
        meta.name,
        undefined,
        `\`${meta.name}\` is at schema version ${version} with no upcast step: rows at ${versionList(range(1, version - 1))} cannot be read (SchemaVersionError)`,
        fix,
        undefined,
      ),
    ];
  }
  const froms = new Set(steps.map((s) => s.from));
  const lowest = steps[0]!.from;
  const gaps = range(lowest, version - 1).filter((v) => !froms.has(v));
  if (gaps.length === 0) return [];
  const unreadable = range(lowest, gaps[gaps.length - 1]!);
  return [
    makeFinding(
      'evolution-version-unreadable',
      meta.name,
      undefined,
      `no upcast step reads ${versionList(gaps)} of \`${meta.name}\` (current version ${version}): rows at ${versionList(unreadable)} cannot be read (SchemaVersionError)`,
      fix,
      undefined,
    ),
  ];
}

/**
 * Upcasters that read a property nobody declares for them: not in the step's shape, not a key part or field of the
 * entity, not in what an earlier step returned. Such a read is always `undefined` — usually a typo, or an old column
 * missing from the shape. Found by calling each upcaster on a recording input (`probeUpcaster`); an upcaster that
 * throws on probe values is reported for the reads it made before throwing, never as a crash of the lint.
 *
 * @example
 * ```ts
 * lintUpcasterReads(meta).map((f) => f.property); // e.g. ['nickName']
 * ```
 */
export function lintUpcasterReads(meta: EntityMetadata): LintFinding[] {
  const evolution = meta.evolution;
  if (evolution === undefined) return [];
  const entityProperties = [...meta.key.parts.map((p) => p.property), ...meta.fields.map((f) => f.property)];
  const earlierOutputs = new Set<string>();
  const out: LintFinding[] = [];
  for (const step of evolution.steps) {
    const shape = step.shape.map((f) => f.property);
    const declared = [...new Set([...entityProperties, ...earlierOutputs, ...shape])];
    const known = new Set(declared);
    const probe = probeUpcaster(step.upcast, declared);
    for (const property of probe.reads) {
      if (known.has(property)) continue;
      out.push(
        makeFinding(
          'evolution-upcast-reads-undeclared',
          meta.name,
          property,
          `the upcaster of step from ${step.from} (v${step.from} → v${step.from + 1}) reads \`${property}\`, which neither its shape, \`${meta.name}\` nor an earlier step declares: it is always undefined`,
          `add \`${property}\` to the shape of step ${step.from} with its old family, qualifier and codec, or fix the property name`,
          undefined,
        ),
      );
    }
    for (const key of probe.outputKeys ?? []) earlierOutputs.add(key);
  }
  return out;
}
