import { checkObjectArray, checkOptions } from '../errors/check-argument.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { lintStepChain, lintUpcasterReads } from './evolution-rules.js';
import { lintCellSizes, lintFamilyCount, lintGcRules, lintNameLengths } from './family-rules.js';
import {
  lintDomainKey,
  lintKeySize,
  lintLeadingSegment,
  lintReadableKey,
  lintTenantFirst,
} from './key-rules.js';
import { lintParentScans } from './hierarchy-rules.js';
import { LINT_RULES } from './lint-rules.js';
import type { LintFinding, LintOptions } from './lint-types.js';
import { makeFinding } from './make-finding.js';

/** Whether `finding` is silenced by `allow`: its entity (any of a table-wide finding's entities) names a reason. */
function silenced(finding: LintFinding, allow: NonNullable<LintOptions['allow']>): boolean {
  return finding.entity.split(' + ').some((entity) => {
    const reason = allow[entity]?.[finding.ruleId];
    return typeof reason === 'string' && reason.trim() !== '';
  });
}

/** Findings about the silences themselves: no reason, unknown rule, entity not linted. */
function lintSilences(
  metas: readonly EntityMetadata[],
  allow: NonNullable<LintOptions['allow']>,
): LintFinding[] {
  const names = new Set(metas.map((m) => m.name));
  const out: LintFinding[] = [];
  for (const [entity, rules] of Object.entries(allow)) {
    for (const [ruleId, reason] of Object.entries(rules)) {
      if (!(ruleId in LINT_RULES) || !names.has(entity)) {
        out.push(
          makeFinding(
            'lint-silence-unused',
            entity,
            undefined,
            ruleId in LINT_RULES
              ? `rule \`${ruleId}\` is silenced for \`${entity}\`, which is not among the linted entities`
              : `rule \`${ruleId}\` silenced for \`${entity}\` does not exist`,
            'remove the silence, or fix its entity name or rule id (docs/lint.md lists the rules)',
            undefined,
          ),
        );
      } else if (typeof reason !== 'string' || reason.trim() === '') {
        out.push(
          makeFinding(
            'lint-silence-without-reason',
            entity,
            undefined,
            `rule \`${ruleId}\` is silenced for \`${entity}\` without a reason, so it is not silenced`,
            `write why the entity may break the rule: \`allow: { ${entity}: { '${ruleId}': '<reason>' } }\``,
            undefined,
          ),
        );
      }
    }
  }
  return out;
}

/**
 * Checks entities against Bigtable's schema-design rules (Google's "Schema design best practices"; docs/lint.md
 * lists every rule). Pure: reads only the metadata and the options. Findings silenced in `options.allow` with a
 * reason are left out; a silence without a reason, or for an unknown rule or entity, is itself a finding.
 *
 * @example
 * ```ts
 * const findings = lintEntities([meta], { allow: { Device: { 'key-size-unbounded': 'ids are validated to 64 chars' } } });
 * findings.filter((f) => f.severity === 'error'); // []
 * ```
 */
export function lintEntities(metas: readonly EntityMetadata[], options: LintOptions = {}): LintFinding[] {
  checkObjectArray({ api: 'lintEntities', argument: 'metas' }, metas, 'objects');
  checkOptions({ api: 'lintEntities', argument: 'options' }, options);
  const allow = options.allow ?? {};
  const found = [
    ...metas.flatMap((meta) => [
      ...lintLeadingSegment(meta),
      ...lintReadableKey(meta),
      ...lintDomainKey(meta),
      ...lintTenantFirst(meta),
      ...lintKeySize(meta, options),
      ...lintNameLengths(meta, options),
      ...lintGcRules(meta),
      ...lintCellSizes(meta, options),
      ...lintStepChain(meta),
      ...lintUpcasterReads(meta),
    ]),
    ...lintFamilyCount(metas),
    ...lintParentScans(metas),
  ];
  return [...found.filter((f) => !silenced(f, allow)), ...lintSilences(metas, allow)];
}
