import { describe, it } from 'vitest';
import { plainRequest } from '../../../src/query/explain/render-request.js';
import { expectGolden } from '../../support/golden-file.js';
import { QUERY_SHAPES } from './query-shapes.js';

// Bytes are rendered as b'…' with \xNN escapes and int64 as "50n", so every file is readable and exact.
describe('golden compiled ReadRows requests', () => {
  for (const shape of QUERY_SHAPES) {
    it(shape.name, () => {
      const { request, notes } = shape.build().compile(shape.mode);
      const text = `${JSON.stringify({ query: shape.code, request: plainRequest(request) ?? null, notes }, null, 2)}\n`;
      expectGolden(text, new URL(`./__golden__/${shape.name}.json`, import.meta.url));
    });
  }
});
