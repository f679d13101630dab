import { describe, it } from 'vitest';
import { plainRequest } from '../../../src/query/explain/render-request.js';
import { expectGolden } from '../../support/golden-file.js';
import { READ_SHAPES } from './read-shapes.js';

// Lookups, counts and collections: the same golden format as the find shapes (bytes as b'…', int64 as "50n").
describe('golden requests of every read path', () => {
  for (const shape of READ_SHAPES) {
    it(shape.name, () => {
      const text = `${JSON.stringify({ query: shape.code, compiled: plainRequest(shape.compile()) }, null, 2)}\n`;
      expectGolden(text, new URL(`./__golden__/${shape.name}.json`, import.meta.url));
    });
  }
});
