import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { startProgress } from '../../../src/cli/progress.js';

/** An io whose stderr records what is written and says whether it is a terminal. */
function recordingIo(isTTY: boolean): { io: CliIo; written: () => string } {
  let text = '';
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    }),
    { isTTY, columns: 80 },
  );
  return { io: { stdout: stderr, stderr, env: {}, cwd: '.' }, written: () => text };
}

describe('startProgress', () => {
  it('off a terminal prints one plain line per update when asked, nothing otherwise', () => {
    const lines = recordingIo(false);
    const apply = startProgress(lines.io, { label: 'applied', total: 2, plainLines: true });
    apply.update(1, 'create table devices');
    apply.update(2, 'add family tags');
    apply.stop();
    expect(lines.written()).toBe('applied 1/2: create table devices\napplied 2/2: add family tags\n');
    const silent = recordingIo(false);
    const read = startProgress(silent.io, { label: 'rows' });
    read.update(1);
    read.stop();
    expect(silent.written()).toBe('');
  });

  it('on a terminal draws a bar with the count (cursor control, no plain lines)', () => {
    const tty = recordingIo(true);
    const progress = startProgress(tty.io, { label: 'applied', total: 4, plainLines: true });
    progress.update(3, 'add family tags');
    progress.stop();
    expect(tty.written()).toContain('applied [');
    expect(tty.written()).toContain('3/4 add family tags');
    expect(tty.written()).toContain('\u001b['); // ANSI control: the bar redraws in place
    expect(tty.written()).not.toContain('applied 3/4:');
  });

  it('is silent when quiet (--json)', () => {
    const tty = recordingIo(true);
    const progress = startProgress(tty.io, { label: 'applied', total: 4, quiet: true });
    progress.update(1);
    progress.stop();
    expect(tty.written()).toBe('');
  });
});
