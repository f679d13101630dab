// `npm run soak -- [--minutes M] [--seed N] [--from N] [--steps K] [--shrink-seconds S]`: the model-checked fault
// suite's soak (docs/model-checking.md). --seed N replays one seed (and shrinks it if it fails); otherwise seeds from
// --from (default random) run for M minutes (default 10) with a progress line. Exits non-zero on any violation.
import { spawnSync } from 'node:child_process';

process.chdir(new URL('..', import.meta.url).pathname);
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const env = { ...process.env, MODEL_SOAK_MINUTES: option('minutes') ?? '10' };
if (option('seed') !== undefined) env.MODEL_SOAK_SEED = option('seed');
if (option('from') !== undefined) env.MODEL_SOAK_FROM = option('from');
if (option('steps') !== undefined) env.MODEL_SOAK_STEPS = option('steps');
if (option('shrink-seconds') !== undefined)
  env.MODEL_SOAK_SHRINK_MS = String(Number(option('shrink-seconds')) * 1000);
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.soak.config.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
