import { checkObject, checkOptions } from '../../errors/check-argument.js';
import { stringify as stringifyYaml } from 'yaml';
import type { GcRule } from '../../model/family-spec.js';
import type { FamiliesFile } from './families-file-types.js';

/**
 * Options of {@link formatFamiliesFile}.
 *
 * @example
 * ```ts
 * const options: FormatFamiliesFileOptions = { format: 'json' };
 * ```
 */
export interface FormatFamiliesFileOptions {
  /** Default `yaml`. */
  readonly format?: 'yaml' | 'json';
}

const UNITS: readonly [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];

/**
 * A duration in milliseconds as the file writes it: the largest unit that divides it exactly (`30d`, `90m`).
 *
 * @example
 * ```ts
 * formatDuration(86_400_000 * 30); // '30d'
 * ```
 */
export function formatDuration(ms: number): string {
  const [unit, size] = UNITS.find(([, s]) => ms % s === 0)!;
  return `${ms / size}${unit}`;
}

function gcToFile(rule: GcRule): unknown {
  if ('maxVersions' in rule) return { maxVersions: rule.maxVersions };
  if ('maxAgeMillis' in rule) return { maxAge: formatDuration(rule.maxAgeMillis) };
  if ('union' in rule) return { union: rule.union.map(gcToFile) };
  return { intersection: rule.intersection.map(gcToFile) };
}

/**
 * Writes a families/columns file (the inverse of {@link parseFamiliesFile}): YAML by default, families as a mapping
 * in file order, GC ages as durations (`maxAge: 30d`).
 *
 * @example
 * ```ts
 * formatFamiliesFile({ table: 't', entity: 'T', key: {}, families: [{ name: 'd', gc: { maxVersions: 1 } }] });
 * // table: t
 * // entity: T
 * // families:
 * //   d:
 * //     gc:
 * //       maxVersions: 1
 * ```
 */
export function formatFamiliesFile(file: FamiliesFile, options: FormatFamiliesFileOptions = {}): string {
  checkObject({ api: 'formatFamiliesFile', argument: 'file' }, file);
  checkOptions({ api: 'formatFamiliesFile', argument: 'options' }, options);
  const families = Object.fromEntries(
    file.families.map(({ name, gc, ...rest }) => [name, { ...(gc ? { gc: gcToFile(gc) } : {}), ...rest }]),
  );
  const data = {
    table: file.table,
    entity: file.entity,
    ...(file.parent !== undefined ? { parent: file.parent } : {}),
    ...(file.literal !== undefined ? { literal: file.literal } : {}),
    ...(Object.keys(file.key).length > 0 ? { key: file.key } : {}),
    families,
    ...(file.lint ? { lint: file.lint } : {}),
  };
  const plain = JSON.parse(JSON.stringify(data)) as unknown;
  return options.format === 'json' ? `${JSON.stringify(plain, null, 2)}\n` : stringifyYaml(plain);
}
