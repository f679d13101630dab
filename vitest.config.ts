import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

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
      { find: /^bigtable-mapper\/observe$/, replacement: here('./src/observe/index.ts') },
      { find: /^bigtable-mapper\/metadata$/, replacement: here('./src/metadata/public/index.ts') },
      { find: /^bigtable-mapper$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that ran every file one after another
    // (405 s per Node). Most emulator tests wait on timers and the network, so two files at a time cut the run
    // while the whole suite stayed green with three at a time on a machine loaded by other work.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
