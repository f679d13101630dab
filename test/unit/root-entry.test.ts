// The root entry point keeps the everyday runtime API (issue 24: about 150 names at most); tools and byte-level
// surfaces have their own subpaths (package.json `exports`). Counting the names of src/index.ts's export lists keeps
// a growing root a deliberate decision: a new everyday name may need an old one to move to its subpath.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_ROOT_NAMES = 150;

/** The names src/index.ts exports, read from its syntax (every export is an explicit named list). */
function rootExports(): { names: string[]; starExports: number } {
  const path = new URL('../../src/index.ts', import.meta.url);
  const source = ts.createSourceFile('index.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  let starExports = 0;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (clause === undefined || !ts.isNamedExports(clause)) starExports += 1;
    else names.push(...clause.elements.map((e) => e.name.text));
  }
  return { names, starExports };
}

describe('the root entry point', () => {
  it(`exports at most ${MAX_ROOT_NAMES} names, each listed by name`, () => {
    const { names, starExports } = rootExports();
    expect(starExports).toBe(0);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(100);
    expect(names.length).toBeLessThanOrEqual(MAX_ROOT_NAMES);
  });

  it('leaves the byte level of reads to bigtable-mapper/raw', () => {
    const { names } = rootExports();
    for (const name of ['readKeyRange', 'ReadRowsRequestData', 'RowFilter', 'RowRange'])
      expect(names).not.toContain(name);
  });
});

describe('the subpath entry points', () => {
  it('each has an API report, a TypeScript path and a vitest alias', () => {
    const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    const pkg = JSON.parse(read('package.json')) as { exports: Record<string, unknown> };
    const tsconfig = read('tsconfig.json');
    const reports = read('scripts/api-report.mjs');
    const vitest = read('vitest.config.ts');
    const subpaths = Object.keys(pkg.exports).filter((s) => s !== './package.json');
    expect(subpaths.length).toBeGreaterThan(10);
    for (const subpath of subpaths) {
      const name = subpath === '.' ? 'bigtable-mapper' : `bigtable-mapper/${subpath.slice(2)}`;
      expect(reports, `api-report entry of ${subpath}`).toContain(`subpath: '${subpath}'`);
      expect(tsconfig, `tsconfig path of ${name}`).toContain(`"${name}":`);
      expect(vitest, `vitest alias of ${name}`).toContain(`^${name.replaceAll('/', '\\/')}$`);
    }
  });
});
