import type { EvolutionOptions } from './evolution-options.js';
import type { EvolutionRecord } from './declaration-records.js';
import { codecRefProblem, isObject, qualifierProblem } from './record-builders.js';

const OLD_KINDS = ['column', 'map', 'set'];

function oldFieldProblems(where: string, field: unknown): string[] {
  if (!isObject(field)) return [`${where} must be an object like { family, qualifier?, codec }`];
  const kind = field.kind ?? 'column';
  if (!OLD_KINDS.includes(String(kind)))
    return [`${where}.kind must be one of ${OLD_KINDS.join(', ')}, got ${String(kind)}`];
  const problems: string[] = [];
  if (typeof field.family !== 'string' || field.family.length === 0)
    problems.push(`${where}.family must be a non-empty string`);
  const codecs = (...names: string[]): void => {
    for (const name of names) {
      const problem = codecRefProblem(`${where}.${name}`, field[name]);
      if (problem) problems.push(problem);
    }
  };
  if (kind === 'column') {
    const q = qualifierProblem(field.qualifier);
    if (q) problems.push(`${where}: ${q}`);
    codecs('codec');
  } else if (kind === 'map') codecs('key', 'value');
  else codecs('key');
  return problems;
}

function stepProblems(step: unknown, index: number, version: unknown): string[] {
  const where = `evolution.steps[${index}]`;
  if (!isObject(step)) return [`${where} must be an object { from, shape, upcast } (see upcastStep())`];
  const problems: string[] = [];
  const from = step.from;
  if (!Number.isSafeInteger(from) || (from as number) < 0)
    problems.push(`${where}.from must be an integer ≥ 0, got ${String(from)}`);
  else if (Number.isSafeInteger(version) && (from as number) >= (version as number))
    problems.push(
      `${where}.from is ${String(from)}: a step must start below the current version ${String(version)}`,
    );
  if (typeof step.upcast !== 'function') problems.push(`${where}.upcast must be a function`);
  if (!isObject(step.shape)) problems.push(`${where}.shape must be an object (property → old storage)`);
  else
    for (const [property, field] of Object.entries(step.shape))
      problems.push(...oldFieldProblems(`${where}.shape.${property}`, field));
  return problems;
}

function evolutionProblems(options: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(options.version) || (options.version as number) < 1)
    problems.push(`evolution.version must be an integer ≥ 1, got ${String(options.version)}`);
  if (typeof options.family !== 'string' || options.family.length === 0)
    problems.push('evolution.family must be a non-empty string (the family of the schema-version cell)');
  const q = qualifierProblem(options.qualifier);
  if (q) problems.push(`evolution: ${q}`);
  if (options.writeBack !== undefined && typeof options.writeBack !== 'boolean')
    problems.push('evolution.writeBack must be a boolean');
  const steps = options.steps ?? [];
  if (!Array.isArray(steps)) return [...problems, 'evolution.steps must be an array of upcast steps'];
  const seen = new Set<unknown>();
  steps.forEach((step: unknown, index) => {
    problems.push(...stepProblems(step, index, options.version));
    const from = isObject(step) ? step.from : undefined;
    if (from !== undefined && seen.has(from))
      problems.push(`evolution.steps[${index}].from ${String(from)} is declared twice: one step per version`);
    seen.add(from);
  });
  return problems;
}

/**
 * The record of `@Evolve(options)` / `defineEntity({ evolution })`, with the problems of the arguments themselves.
 * What depends on the rest of the entity (families, columns, key parts) is checked at resolution.
 *
 * @example
 * ```ts
 * evolutionRecord({ version: 2, family: 'd', steps: [] });
 * ```
 */
export function evolutionRecord(options: EvolutionOptions): EvolutionRecord {
  const problems = isObject(options)
    ? evolutionProblems(options as unknown as Record<string, unknown>)
    : ['evolution options must be an object with at least { version, family }'];
  const frozen = isObject(options)
    ? Object.freeze({
        ...options,
        ...(Array.isArray(options.steps) ? { steps: Object.freeze([...options.steps]) } : {}),
      })
    : options;
  return Object.freeze({ kind: 'evolution', options: frozen, problems: Object.freeze(problems) });
}
