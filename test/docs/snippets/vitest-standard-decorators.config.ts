// vitest.config.ts of a project on TC39 standard decorators
import ts from 'typescript';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    {
      // Vitest 4 on Vite 8 compiles TypeScript with oxc, which leaves standard decorators to the runtime, and no
      // Node runs them yet: the TypeScript compiler lowers them first.
      name: 'standard-decorators',
      enforce: 'pre',
      transform(code, id) {
        const file = id.split('?')[0]!;
        if (!/\.[cm]?ts$/.test(file) || file.includes('/node_modules/') || !code.includes('@')) return null;
        const { outputText, sourceMapText } = ts.transpileModule(code, {
          fileName: file,
          compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, sourceMap: true },
        });
        return { code: outputText, map: sourceMapText ?? null };
      },
    },
  ],
  test: { globalSetup: ['test/global-setup.ts'], testTimeout: 60_000 },
});
