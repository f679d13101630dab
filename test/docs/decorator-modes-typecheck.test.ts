import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The examples and the docs' code type-check in both decorator modes. Legacy decorators: tsconfig.json
// (experimentalDecorators), `npm test`'s typecheck step, over the whole repository. TC39 standard decorators:
// tsconfig.standard.json, one program here. A file that cannot compile as standard decorators is named below with
// its reason, and its errors must be exactly the expected ones.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Files that need legacy decorators, why, and what tsc says in standard mode. */
const LEGACY_ONLY: Record<string, { reason: string; errors: string[] }> = {
  'test/docs/snippets/nest-app.ts': {
    reason:
      'Nest injects constructor parameters through parameter decorators (@InjectRepository, @InjectMapper), and ' +
      'TC39 decorators have none; docs/nestjs.md shows the factory-provider form (nest-app-standard.ts) for ' +
      'standard decorators',
    errors: ['18: TS1206 Decorators are not valid here.', '19: TS1206 Decorators are not valid here.'],
  },
};

function parse(config: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}${config}`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${config} could not be read`);
  return parsed;
}

/** The project's files under the directories whose code is shown to users. */
function shownFiles(parsed: ts.ParsedCommandLine): string[] {
  return parsed.fileNames
    .map((f) => relative(ROOT, f))
    .filter((f) => /^(examples|test\/docs|test\/examples)\//.test(f))
    .sort();
}

describe('examples and doc snippets in both decorator modes', () => {
  const legacy = parse('tsconfig.json');
  const standard = parse('tsconfig.standard.json');

  it('tsconfig.json checks them as legacy decorators, tsconfig.standard.json the same files as standard ones', () => {
    expect(legacy.options.experimentalDecorators).toBe(true);
    expect(standard.options.experimentalDecorators).toBe(false);
    expect(shownFiles(standard)).toContain('test/docs/snippets/order.ts');
    expect(shownFiles(standard)).toContain('examples/examples.ts');
    expect(shownFiles(standard)).toEqual(shownFiles(legacy));
  });

  it('as standard decorators, everything compiles but the named legacy-only files', () => {
    const program = ts.createProgram({ rootNames: standard.fileNames, options: standard.options });
    // The shown files only: the SDK's sources they import have no decorator syntax, and tsconfig.json checks them.
    const names = new Set(shownFiles(standard));
    const shown = program.getSourceFiles().filter((f) => names.has(relative(ROOT, f.fileName)));
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...shown.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
    ];
    const errors: Record<string, string[]> = {};
    for (const d of diagnostics) {
      const file = d.file ? relative(ROOT, d.file.fileName) : '(no file)';
      const line =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      (errors[file] ??= []).push(
        `${line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    }
    const expected = Object.fromEntries(
      Object.entries(LEGACY_ONLY).map(([file, { errors: e }]) => [file, e]),
    );
    const reasons = Object.entries(LEGACY_ONLY).map(([file, { reason }]) => `${file}: ${reason}`);
    expect(errors, `expected only the legacy-only files:\n${reasons.join('\n')}`).toEqual(expected);
  }, 180_000);
});
