import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The decorator settings a user's tsconfig.json can have. */
export interface DecoratorMode {
  /** Legacy decorators when true; TC39 standard decorators (TypeScript 5's default) when false. */
  readonly experimentalDecorators: boolean;
  readonly emitDecoratorMetadata?: boolean;
}

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(REPO, '.tmp', 'compile-with-tsc');

/** A short name of a decorator mode, for file names and test titles. */
export function modeName({ experimentalDecorators, emitDecoratorMetadata = false }: DecoratorMode): string {
  return `${experimentalDecorators ? 'legacy' : 'standard'}${emitDecoratorMetadata ? '-with-metadata' : ''}`;
}

/**
 * Compiles one TypeScript module with the TypeScript compiler in the given decorator mode (vitest's own transform
 * leaves standard decorators to the runtime, which Node does not have) into .tmp/ and imports it. Relative imports
 * become absolute paths of the .ts sources, so the compiled module shares the SDK module instances (and the
 * metadata store) with the test; `import.meta.url` stays the source's, so paths relative to it still resolve.
 */
export async function importCompiled<M>(source: string | URL, mode: DecoratorMode): Promise<M> {
  const file = source instanceof URL ? fileURLToPath(source) : source;
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      experimentalDecorators: mode.experimentalDecorators,
      emitDecoratorMetadata: mode.emitDecoratorMetadata ?? false,
      useDefineForClassFields: true,
    },
  });
  const rewritten = outputText
    .replace(
      /from '(\.{1,2}\/[^']+)\.js'/g,
      (_m, rel: string) => `from '${resolve(dirname(file), `${rel}.ts`)}'`,
    )
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href));
  mkdirSync(OUT, { recursive: true });
  const out = join(OUT, `${basename(file, '.ts')}-${modeName(mode)}-${process.pid}.mjs`);
  writeFileSync(out, rewritten);
  return (await import(/* @vite-ignore */ pathToFileURL(out).href)) as M;
}
