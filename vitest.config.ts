import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Plugin } from 'vitest/config';
import standardDecorators from './test/docs/snippets/vitest-standard-decorators.config.js';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The documented plugin for the user's code only: a user's project gets the SDK built, from node_modules (which the
 * plugin skips); here the SDK is its sources (src/, decorators/: no decorator syntax), left to Vite's own transform.
 */
function userCodeOnly(plugin: Plugin): Plugin {
  type Transform = (this: unknown, code: string, id: string) => { code: string; map: string | null } | null;
  const transform = plugin.transform as Transform;
  return {
    ...plugin,
    transform(code, id) {
      if (id.startsWith(here('./src/')) || id.startsWith(here('./decorators/'))) return null;
      return transform.call(this, code, id);
    },
  };
}

/**
 * The tests that run the examples and the docs' code a second time, compiled as TC39 standard decorators (the
 * default project compiles everything as legacy decorators, from tsconfig.json's experimentalDecorators). The
 * standard project uses docs/getting-started.md's own vitest plugin, as a user on standard decorators does.
 * docs/getting-started.md ("What is verified in which mode") lists what runs where; tsconfig.standard.json
 * type-checks the same sources in standard mode.
 */
const IN_BOTH_MODES = [
  'test/examples/examples.test.ts',
  'test/docs/snippets/*.test.ts',
  'test/docs/ensure-tables.test.ts',
  'test/docs/nest-app-standard.test.ts',
  'test/docs/readme-taste.test.ts',
  'test/docs/decorator-mode.test.ts',
];

/** The browser tests: their own project. */
const BROWSER = 'test/studio-browser/**/*.test.ts';

export default defineConfig({
  resolve: {
    // Examples and docs import the package by name, as users do; tests run them against the sources.
    alias: [
      { find: /^bigtable-mapper\/decorators$/, replacement: here('./decorators/index.ts') },
      { find: /^bigtable-mapper\/testing\/vitest$/, replacement: here('./src/testing/vitest/index.ts') },
      { find: /^bigtable-mapper\/nestjs$/, replacement: here('./src/nestjs/index.ts') },
      { find: /^bigtable-mapper\/testing$/, replacement: here('./src/testing/index.ts') },
      { find: /^bigtable-mapper\/schema$/, replacement: here('./src/admin/index.ts') },
      { find: /^bigtable-mapper\/codegen$/, replacement: here('./src/codegen/index.ts') },
      { find: /^bigtable-mapper\/lint$/, replacement: here('./src/lint/index.ts') },
      { find: /^bigtable-mapper\/backfill$/, replacement: here('./src/backfill/index.ts') },
      { find: /^bigtable-mapper\/keys$/, replacement: here('./src/keys/index.ts') },
      { find: /^bigtable-mapper\/raw$/, replacement: here('./src/raw/index.ts') },
      { find: /^bigtable-mapper\/studio$/, replacement: here('./src/studio/index.ts') },
      { find: /^bigtable-mapper\/observe$/, replacement: here('./src/observe/index.ts') },
      { find: /^bigtable-mapper\/metadata$/, replacement: here('./src/metadata/public/index.ts') },
      { find: /^bigtable-mapper$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    // No `include` here: the projects below extend this config, and arrays merge by concatenation.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that ran every file one after another
    // (405 s per Node). Most emulator tests wait on timers and the network, so two files at a time cut the run
    // while the whole suite stayed green with three at a time on a machine loaded by other work.
    maxWorkers: 2,
    reporters: ['default'],
    // One emulator for both: the root's global setup starts it and sets BIGTABLE_EMULATOR_HOST, which the
    // projects' own global setups (inherited) then reuse.
    projects: [
      {
        extends: true,
        test: {
          name: 'legacy',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, BROWSER],
        },
      },
      {
        extends: true,
        plugins: (standardDecorators.plugins as Plugin[]).map(userCodeOnly),
        test: { name: 'standard', include: IN_BOTH_MODES },
      },
      // The studio in headless Chromium (test/studio-browser): once, not in both decorator modes (the studio's
      // server is the CLI's code, not user code). scripts/test.mjs leaves the project out when no Chromium is found.
      { extends: true, test: { name: 'browser', include: [BROWSER] } },
    ],
  },
});
