// Bundles the studio's browser app (src/studio/ui, preact) with esbuild into static files: studio.js and studio.css.
// `npm run build` writes them into dist/src/studio/ui-assets, inside the package (files: dist/src); tests build
// them on demand into .tmp/studio-ui. No CDN: the page loads only these two files (the server's CSP allows
// nothing else), so they must stay small (the build prints their sizes; docs/studio.md says how small).
//   node scripts/build-studio-ui.mjs [--out <dir>]
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the UI into `outDir` (default: dist/src/studio/ui-assets) and returns the sizes of what it wrote.
 * @param {string} [outDir]
 * @returns {Promise<Record<string, number>>}
 */
export async function buildStudioUi(outDir = join(repo, 'dist/src/studio/ui-assets')) {
  // Imported here, not at the top: a caller that only resolves the assets never needs esbuild.
  const { build } = await import('esbuild');
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  await build({
    absWorkingDir: repo,
    entryPoints: { studio: 'src/studio/ui/main.tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: 'src/studio/ui/tsconfig.json',
    outdir: out,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await build({
    absWorkingDir: repo,
    entryPoints: { studio: 'src/studio/ui/app.css' },
    bundle: true,
    minify: true,
    outdir: out,
    logLevel: 'warning',
  });
  // Marks the directory as a complete build for src/studio/assets-dir.ts.
  writeFileSync(join(out, 'BUILT'), 'bigtable-mapper studio UI\n');
  return Object.fromEntries(
    ['studio.js', 'studio.css'].map((file) => [file, statSync(join(out, file)).size]),
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const sizes = await buildStudioUi(at === -1 ? undefined : process.argv[at + 1]);
  const line = Object.entries(sizes)
    .map(([file, size]) => `${file} ${(size / 1024).toFixed(1)} KiB`)
    .join(', ');
  console.log(`[studio ui] built ${line}`);
}
