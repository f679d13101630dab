import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * One thing wrong with an entity declaration: the class, the property when there is one, and what is wrong.
 *
 * @example
 * ```ts
 * const p: MetadataProblem = { entity: 'Video', property: 'title', message: 'codec is required' };
 * ```
 */
export interface MetadataProblem {
  /** Class name of the entity being resolved (a base class that declared the property is named in the message). */
  readonly entity: string;
  /** Property involved, when the problem is about one property. */
  readonly property?: string;
  readonly message: string;
}

function formatProblem(problem: MetadataProblem): string {
  const where = problem.property === undefined ? problem.entity : `${problem.entity}.${problem.property}`;
  return `  - ${where}: ${problem.message}`;
}

/**
 * An entity declaration is invalid. Thrown once, on first use of the entity, listing every problem found — so a
 * bad declaration is fixed in one pass rather than one error at a time.
 *
 * @example
 * ```ts
 * try { getEntityMetadata(Device); }
 * catch (e) { if (e instanceof MetadataError) for (const p of e.problems) console.log(p.entity, p.property, p.message); }
 * ```
 */
export class MetadataError extends BigtableMapperError {
  /** Every problem found, in declaration order. Never empty. */
  readonly problems: readonly MetadataProblem[];

  constructor(problems: readonly MetadataProblem[], cause?: unknown) {
    const frozen = Object.freeze(problems.map((p) => Object.freeze({ ...p })));
    const entities = [...new Set(frozen.map((p) => p.entity))].join(', ');
    const count = frozen.length === 1 ? '1 problem' : `${frozen.length} problems`;
    super(
      'METADATA_INVALID',
      `Invalid entity metadata for ${entities} (${count}):\n${frozen.map(formatProblem).join('\n')}`,
      {
        cause,
      },
    );
    this.problems = frozen;
  }
}
