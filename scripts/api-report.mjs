// The API report: api-extractor reads the built .d.ts of every public entry point and writes etc/<name>.api.md, so
// that any change of the published surface shows up as a diff in review.
//   node scripts/api-report.mjs          check: fails when a report differs from the built types (npm test runs it)
//   node scripts/api-report.mjs --update rewrite the reports (npm run api:update, after a deliberate API change)
// Both need `npm run build` first: the reports describe dist/, i.e. what users get (after stripInternal).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = new URL('..', import.meta.url).pathname;
const update = process.argv.includes('--update');

/** Subpath export → built entry point and report name. Keep in step with package.json `exports`. */
const ENTRY_POINTS = [
  // The main entry's report also shows the unexported helper types its signatures use (`Prop<E>`, ...), so that a
  // change to one of them is a visible diff too. The other entries mostly reuse types of the main entry, which
  // their reports name without repeating.
  {
    subpath: '.',
    dts: 'dist/src/index.d.ts',
    report: 'bigtable-mapper.api.md',
    includeForgottenExports: true,
  },
  { subpath: './decorators', dts: 'dist/decorators/index.d.ts', report: 'bigtable-mapper-decorators.api.md' },
  { subpath: './testing', dts: 'dist/src/testing/index.d.ts', report: 'bigtable-mapper-testing.api.md' },
  {
    subpath: './testing/vitest',
    dts: 'dist/src/testing/vitest/index.d.ts',
    report: 'bigtable-mapper-testing-vitest.api.md',
  },
  { subpath: './nestjs', dts: 'dist/src/nestjs/index.d.ts', report: 'bigtable-mapper-nestjs.api.md' },
  {
    subpath: './metadata',
    dts: 'dist/src/metadata/public/index.d.ts',
    report: 'bigtable-mapper-metadata.api.md',
  },
  { subpath: './keys', dts: 'dist/src/keys/index.d.ts', report: 'bigtable-mapper-keys.api.md' },
  { subpath: './raw', dts: 'dist/src/raw/index.d.ts', report: 'bigtable-mapper-raw.api.md' },
  { subpath: './studio', dts: 'dist/src/studio/index.d.ts', report: 'bigtable-mapper-studio.api.md' },
  { subpath: './observe', dts: 'dist/src/observe/index.d.ts', report: 'bigtable-mapper-observe.api.md' },
  { subpath: './backfill', dts: 'dist/src/backfill/index.d.ts', report: 'bigtable-mapper-backfill.api.md' },
  { subpath: './schema', dts: 'dist/src/admin/index.d.ts', report: 'bigtable-mapper-schema.api.md' },
  { subpath: './codegen', dts: 'dist/src/codegen/index.d.ts', report: 'bigtable-mapper-codegen.api.md' },
  { subpath: './lint', dts: 'dist/src/lint/index.d.ts', report: 'bigtable-mapper-lint.api.md' },
];

if (update) mkdirSync(join(root, 'etc'), { recursive: true });
const temp = mkdtempSync(join(tmpdir(), 'bigtable-mapper-api-'));
let failed = false;
try {
  for (const entry of ENTRY_POINTS) {
    const dts = join(root, entry.dts);
    if (!existsSync(dts)) throw new Error(`${entry.dts} is missing: run \`npm run build\` first`);
    const config = ExtractorConfig.prepare({
      configObjectFullPath: undefined,
      packageJsonFullPath: join(root, 'package.json'),
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: dts,
        newlineKind: 'lf',
        compiler: {
          // Only the built declarations are analysed; their soundness is the packaging test's job.
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              lib: ['ES2023'],
              module: 'NodeNext',
              moduleResolution: 'NodeNext',
              strict: true,
              types: ['node'],
            },
            files: [dts],
          },
          skipLibCheck: true,
        },
        apiReport: {
          enabled: true,
          reportFileName: entry.report,
          reportFolder: join(root, 'etc'),
          reportTempFolder: temp,
          includeForgottenExports: entry.includeForgottenExports === true,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: 'error' } },
          extractorMessageReporting: {
            default: { logLevel: 'warning' },
            // No release tags (@public/@beta) are used: everything exported is public.
            'ae-missing-release-tag': { logLevel: 'none' },
            // Documentation coverage is not what this report checks.
            'ae-undocumented': { logLevel: 'none' },
            // A type used by an entry point but exported by another one (e.g. BigtableConnection in ./testing) is
            // listed in the report rather than failing the run.
            'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
            // {@link} targets are resolved by readers, not by this report.
            'ae-unresolved-link': { logLevel: 'none' },
          },
          // TSDoc style is not what this report checks (the examples are type-checked by scripts/check-examples).
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      messageCallback: (message) => {
        // api-extractor's "copy the file from the temp folder" advice is replaced by the diff printed below.
        if (message.messageId === 'console-api-report-not-copied') message.handled = true;
      },
    });
    if (result.errorCount > 0) {
      console.error(`[api-report] ${entry.subpath}: ${result.errorCount} error(s) (above)`);
      failed = true;
    } else if (result.apiReportChanged && !update) {
      spawnSync('git', ['diff', '--no-index', '--', join('etc', entry.report), join(temp, entry.report)], {
        cwd: root,
        stdio: 'inherit',
      });
      console.error(
        `[api-report] ${entry.subpath}: the public API differs from etc/${entry.report}.\n` +
          `  If the change is intended, run \`npm run api:update\` and commit the report; the diff is the review.`,
      );
      failed = true;
    } else if (result.apiReportChanged) {
      console.log(`[api-report] ${entry.subpath}: etc/${entry.report} updated`);
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
