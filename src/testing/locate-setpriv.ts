import { spawnSync } from 'node:child_process';

let located: string | null | undefined;

/**
 * The path of util-linux `setpriv` when it runs here and supports `--pdeathsig` (Linux), else undefined; probed once
 * per process. `BIGTABLE_MAPPER_SETPRIV=0` turns it off (the watchdog alone then guards the emulator). `setpriv --pdeathsig KILL -- cmd` execs `cmd` (same pid) with the kernel's parent-death signal set:
 * the kernel SIGKILLs it the moment the thread that started it exits, even by SIGKILL — the one guarantee no
 * watchdog polling the parent can give when the watchdog itself is starved, stopped or killed.
 *
 * @example
 * ```ts
 * const setpriv = locateSetpriv(); // '/usr/bin/setpriv' on most Linux systems
 * ```
 */
export function locateSetpriv(): string | undefined {
  if (process.env.BIGTABLE_MAPPER_SETPRIV === '0') return undefined;
  if (located === undefined) located = probe();
  return located ?? undefined;
}

function probe(): string | null {
  if (process.platform !== 'linux') return null;
  for (const candidate of ['/usr/bin/setpriv', '/bin/setpriv', 'setpriv']) {
    const run = spawnSync(candidate, ['--pdeathsig', 'KILL', '--', process.execPath, '--version'], {
      stdio: 'ignore',
      timeout: 10_000,
    });
    if (run.status === 0) return candidate;
  }
  return null;
}
