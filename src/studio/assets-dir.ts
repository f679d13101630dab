import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The directory of the studio's built browser app, or undefined when it was not built. A placeholder of the server
 * side: the UI side (scripts/build-studio-ui.mjs) owns where the bundle goes and replaces this body.
 *
 * @example
 * ```ts
 * const assetsDir = studioAssetsDir(); // e.g. …/dist/studio-ui
 * ```
 */
export function studioAssetsDir(): string | undefined {
  const dir = fileURLToPath(new URL('./ui-dist/', import.meta.url));
  return existsSync(dir) ? dir : undefined;
}
