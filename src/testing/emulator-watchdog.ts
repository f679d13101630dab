/**
 * Source of a tiny Node program that runs between the process that starts an emulator and `cbtemulator`. It is
 * started detached, so it leads a process group of its own, which the emulator joins: `kill(-group, SIGKILL)` ends
 * both at once whatever state the watchdog is in (starved, stopped, already dead), which is how `stop()` finishes.
 * It starts the emulator (through `setpriv --pdeathsig KILL` when given, so that the kernel kills the emulator the
 * moment the watchdog dies, however it dies), forwards its output after a `cbtemulator pid N` line, and on SIGTERM
 * or when its parent is gone kills the emulator, reaps it and exits.
 *
 * The parent is "gone" when this process's parent pid is no longer the one it was started by: the kernel reparents
 * a child the moment its parent exits, so this also holds when the parent is a zombie nobody reaps, and a reused pid
 * cannot pass for it (`kill(pid, 0)` is fooled by both).
 *
 * Kept as a string so that it runs with plain `node -e` whether the SDK is loaded from TypeScript sources or from
 * `dist/`. argv: parent pid, setpriv path or '', emulator binary, emulator arguments.
 */
export const WATCHDOG_SOURCE = String.raw`
const { spawn } = require('node:child_process');
const [parentPid, setpriv, binary, ...args] = process.argv.slice(1);
const parent = Number(parentPid);
const killGroup = () => {
  try { process.kill(-process.pid, 'SIGKILL'); } catch { process.exit(1); }
};
const child = setpriv
  ? spawn(setpriv, ['--pdeathsig', 'KILL', '--', binary, ...args], { stdio: ['ignore', 'inherit', 'inherit'] })
  : spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
if (child.pid) console.log('cbtemulator pid ' + child.pid);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGKILL');
  // Normally the emulator's exit (this process reaping it) ends this process. If it does not come, the group goes.
  setTimeout(killGroup, 1000).unref();
};
child.on('exit', (code, signal) => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))));
child.on('error', (e) => { console.error('cbtemulator failed to start: ' + e.message); process.exit(127); });
for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, stop);
const watch = () => { if (process.ppid !== parent) stop(); };
setInterval(watch, 100);
watch();
`;
