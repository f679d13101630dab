// Installs the locked dependencies when node_modules is missing or older than package-lock.json, so that the
// README's two commands work on a fresh clone with nothing installed by hand.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';

const STAMP = 'node_modules/.bigtable-mapper-lock-hash';

export function ensureDeps() {
  const hash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return;
  // A linked node_modules (git worktrees sharing one install) belongs to another checkout: `npm ci` here would empty
  // the directory it points to, breaking every checkout that shares it. Use it as it is.
  if (existsSync('node_modules') && lstatSync('node_modules').isSymbolicLink()) {
    console.log(
      `[setup] node_modules links to ${realpathSync('node_modules')}, installed from another package-lock.json; ` +
        'not reinstalling through the link (run npm ci where it points if a dependency is missing)',
    );
    return;
  }
  console.log('[setup] installing locked dependencies (npm ci)...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  writeFileSync(STAMP, hash);
}

export function run(command, args, options = {}) {
  execFileSync(command, args, { stdio: 'inherit', ...options });
}
