// `npm run golden:update`: the only way golden files (and the generated parts of the docs) are written. Runs the
// golden tests with UPDATE_GOLDENS=1; review every change with `git diff` before committing it.
import { run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
try {
  run('npx', ['vitest', 'run', 'test/golden', ...process.argv.slice(2)], {
    env: { ...process.env, UPDATE_GOLDENS: '1' },
  });
} catch {
  console.error('[golden:update] some golden tests still fail (output above)');
  process.exit(1);
}
console.log(
  '[golden:update] done: review the changes with `git diff test/golden docs` before committing them',
);
