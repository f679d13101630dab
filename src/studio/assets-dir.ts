// Where the studio's built browser app (studio.js, studio.css) is: inside the installed package, next to this
// module's compiled file (`npm run build` writes dist/src/studio/ui-assets), or, when running from the sources
// (tests, `tsx`), in .tmp/studio-ui, where `node scripts/build-studio-ui.mjs --out .tmp/studio-ui` builds it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The file scripts/build-studio-ui.mjs writes last: a directory holding it is a complete build. */
const MARKER = 'BUILT';

/** The candidates, in order: the packaged build, then the build of a source checkout. */
function candidates(): string[] {
  return [
    // dist/src/studio/assets-dir.js → dist/src/studio/ui-assets/
    fileURLToPath(new URL('./ui-assets/', import.meta.url)),
    // src/studio/assets-dir.ts → <repository>/.tmp/studio-ui/
    fileURLToPath(new URL('../../.tmp/studio-ui/', import.meta.url)),
  ];
}

/**
 * The directory of the studio's built browser app, or undefined when none is built (a source checkout before
 * `node scripts/build-studio-ui.mjs --out .tmp/studio-ui`): the server then serves the JSON API only.
 *
 * @example
 * ```ts
 * const assetsDir = studioAssetsDir(); // e.g. …/node_modules/bigtable-mapper/dist/src/studio/ui-assets/
 * ```
 */
export function studioAssetsDir(): string | undefined {
  return candidates().find((dir) => existsSync(`${dir}${MARKER}`));
}
