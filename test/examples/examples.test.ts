import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.js';
import { TestMapper } from '../../src/testing/test-mapper.js';

describe('examples (each asserts its own results)', () => {
  it.each(examples.map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const t = await TestMapper.create(example.entities);
    try {
      const lines = await example.run(t.mapper);
      expect(lines.length).toBeGreaterThan(0);
    } finally {
      await t.dispose();
    }
  });
});
