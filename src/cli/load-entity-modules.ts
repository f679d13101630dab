import { resolve } from 'node:path';
import type * as TsxApi from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { BigtableMapperError, InvalidArgumentError } from '../index.js';
import type { ModuleEntity } from '../metadata/public/index.js';
import { moduleEntities } from '../metadata/public/index.js';

const TYPESCRIPT = /\.(c|m)?tsx?$/;

/** Options of {@link loadEntityModules}. */
export interface LoadEntityModulesOptions {
  /** Directory the module paths are relative to. */
  readonly cwd: string;
  /** tsconfig.json for `.ts` modules (legacy or standard decorators alike). Default: tsx's lookup from cwd. */
  readonly tsconfig?: string | undefined;
}

let tsxRegistered = false;

/** Registers tsx's ESM loader once, so that `import()` of `.ts` files works and shares this process's modules. */
async function registerTypeScript(path: string, tsconfig: string | undefined): Promise<void> {
  if (tsxRegistered) return;
  let api: typeof TsxApi;
  try {
    api = await import('tsx/esm/api');
  } catch (error) {
    throw new InvalidArgumentError(
      {
        api: 'bigtable-mapper',
        argument: '--entities',
        value: path,
        expected: 'a .js module, or tsx installed to load .ts modules (npm install --save-dev tsx)',
      },
      error,
    );
  }
  // register() rather than tsImport(): tsImport loads the module graph in its own namespace, so the entities would
  // be declared through a second copy of bigtable-mapper that this process cannot see.
  api.register(tsconfig === undefined ? {} : { tsconfig });
  tsxRegistered = true;
}

/**
 * Imports entity modules (`.js`, or `.ts` through tsx) and returns their exported entity classes, each once. A
 * module that cannot be imported or exports no entity is refused, naming the path.
 *
 * @example
 * ```ts
 * const entities = await loadEntityModules(['src/entities.ts'], { cwd: process.cwd() });
 * ```
 */
export async function loadEntityModules(
  paths: readonly string[],
  options: LoadEntityModulesOptions,
): Promise<ModuleEntity[]> {
  const found: ModuleEntity[] = [];
  for (const path of paths) {
    const file = resolve(options.cwd, path);
    if (TYPESCRIPT.test(file))
      await registerTypeScript(path, options.tsconfig && resolve(options.cwd, options.tsconfig));
    let namespace: Record<string, unknown>;
    try {
      namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      // A declaration error raised while the module ran (a bad decorator) is the user's error, as it is.
      if (error instanceof BigtableMapperError || (error as { code?: unknown }).code === 'METADATA_INVALID')
        throw error;
      throw new InvalidArgumentError(
        {
          api: 'bigtable-mapper',
          argument: '--entities',
          value: path,
          expected: 'a module that can be imported',
        },
        error,
      );
    }
    for (const entity of moduleEntities(namespace, path))
      if (!found.some((f) => f.entity === entity.entity)) found.push(entity);
  }
  return found;
}
