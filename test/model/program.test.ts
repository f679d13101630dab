import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchSize, programArbitrary, programOf } from './program.js';

describe('programOf', () => {
  it('gives the same program for the same seed (what `npm run soak -- --seed N` replays)', () => {
    expect(programOf(42, 8)).toEqual(programOf(42, 8));
    expect(programOf(42, 8)).not.toEqual(programOf(43, 8));
  });

  it('gives 2–4 clients of 1–8 calls, and in some seeds a batch writer after them', () => {
    let writers = 0;
    for (let seed = 0; seed < 50; seed++) {
      const { clients } = programOf(seed, 8);
      // The main clients are the seed's programArbitrary sample: a batch writer never changes them.
      const main = fc.sample(programArbitrary(8), { seed, numRuns: 1 })[0]!.clients;
      expect(clients.slice(0, main.length)).toEqual(main);
      expect(main.length).toBeGreaterThanOrEqual(2);
      expect(main.length).toBeLessThanOrEqual(4);
      for (const client of main) expect(client.steps.length).toBeLessThanOrEqual(8);
      expect(clients.length - main.length).toBeLessThanOrEqual(1);
      if (clients.length > main.length) writers++;
    }
    expect(writers).toBeGreaterThan(10);
    expect(writers).toBeLessThan(40);
  });

  it("batch writers repeat keys, stream and array alike, past one call's and one chunk's size (issue 23 A2)", () => {
    const batches = Array.from({ length: 400 }, (_, seed) => programOf(seed, 8).clients)
      .flatMap((clients) => clients.filter((c) => c.batch !== undefined))
      .flatMap((c) => c.steps.map((s) => s.command))
      .flatMap((command) => (command.kind === 'saveMany' ? [command] : []));
    const keys = (c: (typeof batches)[number]): number =>
      new Set(c.docs.map((d) => `${d.group}/${d.id}`)).size;
    // Every batch repeats its keys: at least 6 inputs per key.
    for (const b of batches) expect(batchSize(b) / keys(b)).toBeGreaterThanOrEqual(6);
    expect(batches.some((b) => b.input === undefined && batchSize(b) > 1_000)).toBe(true);
    expect(batches.some((b) => b.input === 'sync' && batchSize(b) > 2_000)).toBe(true);
    expect(batches.some((b) => b.input === 'async' && batchSize(b) > 2_000)).toBe(true);
    expect(batches.some((b) => b.input !== undefined && batchSize(b) < 200)).toBe(true);
  });
});
