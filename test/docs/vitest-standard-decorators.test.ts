import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMULATOR_HOST_KEY } from '../../src/testing/vitest/emulator-global-setup.js';

// docs/getting-started.md's vitest setup for a project on TC39 standard decorators, run for real: a child vitest
// with the documented config (test/docs/snippets/vitest-standard-decorators.config.ts) runs the guide's own order
// entity and test, compiled without experimentalDecorators, against this run's emulator. The package is the
// build (dist/), as a user gets it. Without the documented plugin the same project does not load.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SCRATCH = join(REPO, '.tmp', `vitest-standard-decorators-${process.pid}`);
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');

const ALIASES = `[
  { find: /^bigtable-mapper\\/decorators$/, replacement: ${JSON.stringify(join(REPO, 'dist/decorators/index.js'))} },
  { find: /^bigtable-mapper\\/testing\\/vitest$/, replacement: ${JSON.stringify(join(REPO, 'dist/src/testing/vitest/index.js'))} },
  { find: /^bigtable-mapper\\/testing$/, replacement: ${JSON.stringify(join(REPO, 'dist/src/testing/index.js'))} },
  { find: /^bigtable-mapper$/, replacement: ${JSON.stringify(join(REPO, 'dist/src/index.js'))} },
]`;

function writeConfig(name: string, base: string): string {
  const file = join(SCRATCH, name);
  writeFileSync(
    file,
    `import { mergeConfig } from 'vitest/config';
${base}
// Only for this test: the package by name resolves to this repository's build.
export default mergeConfig(base, { resolve: { alias: ${ALIASES} } });
`,
  );
  return file;
}

function runChild(config: string): { status: number | null; output: string } {
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  const host = typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST;
  // The child is a vitest run of its own: none of this worker's VITEST_* variables may leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const result = spawnSync(process.execPath, [VITEST, 'run', '--root', SCRATCH, '--config', config], {
    cwd: SCRATCH,
    env: { ...env, BIGTABLE_EMULATOR_HOST: host, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('vitest on a project with TC39 standard decorators', () => {
  beforeAll(() => {
    if (!existsSync(join(REPO, 'dist/decorators/index.js')))
      throw new Error(
        'dist/ is missing: `npm test` builds first; alone, run `npm run build` before this test',
      );
    mkdirSync(join(SCRATCH, 'test'), { recursive: true });
    writeFileSync(
      join(SCRATCH, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true } }),
    );
    writeFileSync(
      join(SCRATCH, 'test/global-setup.ts'),
      "export { emulatorGlobalSetup as default } from 'bigtable-mapper/testing/vitest';\n",
    );
    for (const file of ['order.ts', 'order.test.ts'])
      copyFileSync(join(REPO, 'test/docs/snippets', file), join(SCRATCH, 'test', file));
  });
  afterAll(() => {
    rmSync(SCRATCH, { recursive: true, force: true });
  });

  it('with the documented plugin, the guide’s order test passes on the emulator', () => {
    const snippet = join(REPO, 'test/docs/snippets/vitest-standard-decorators.config.ts');
    const config = writeConfig('with-plugin.config.ts', `import base from ${JSON.stringify(snippet)};`);
    const { status, output } = runChild(config);
    expect(output).toMatch(/Tests\s+1 passed/);
    expect(status, output).toBe(0);
  }, 200_000);

  it('without it, Vite 8 leaves the decorators to Node, which cannot parse them', () => {
    const config = writeConfig(
      'without-plugin.config.ts',
      "const base = { test: { globalSetup: ['test/global-setup.ts'], testTimeout: 60_000 } };",
    );
    const { status, output } = runChild(config);
    expect(status).not.toBe(0);
    expect(output).toContain('SyntaxError');
  }, 200_000);
});
