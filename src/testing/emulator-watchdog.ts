/**
 * Source of a tiny Node program that runs between the test process and `cbtemulator`: it starts the emulator,
 * forwards its output (after a `cbtemulator pid N` line), and kills it as soon as the parent process is gone (even after a SIGKILL of the parent,
 * which no exit handler can catch) or when it is told to stop. Kept as a string so that it runs with plain
 * `node -e` whether the SDK is loaded from TypeScript sources or from `dist/`.
 */
export const WATCHDOG_SOURCE = String.raw`
const { spawn } = require('node:child_process');
const [parentPid, binary, ...args] = process.argv.slice(1);
const child = spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
if (child.pid) console.log('cbtemulator pid ' + child.pid);
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGKILL');
  // Normally the child's exit (reaping it) ends this process; exiting first would leave the emulator a zombie
  // of an init that may reap it late. The parent force-kills after 3 s.
  setTimeout(() => process.exit(code), 2000).unref();
};
child.on('exit', (code, signal) => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))));
child.on('error', (e) => { console.error('cbtemulator failed to start: ' + e.message); process.exit(127); });
for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => stop(0));
setInterval(() => {
  try { process.kill(Number(parentPid), 0); } catch { stop(0); }
}, 250);
`;
