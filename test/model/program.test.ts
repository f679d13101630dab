import { describe, expect, it } from 'vitest';
import { programOf } from './program.js';

describe('programOf', () => {
  it('gives the same program for the same seed (what `npm run soak -- --seed N` replays)', () => {
    expect(programOf(42, 8)).toEqual(programOf(42, 8));
    expect(programOf(42, 8)).not.toEqual(programOf(43, 8));
  });

  it('gives 2–4 clients of 1–8 calls', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { clients } = programOf(seed, 8);
      expect(clients.length).toBeGreaterThanOrEqual(2);
      expect(clients.length).toBeLessThanOrEqual(4);
      for (const client of clients) expect(client.steps.length).toBeLessThanOrEqual(8);
    }
  });
});
