import { describe, expect, it } from 'vitest';
import { orderedCode } from '../../../../src/codecs/key/ordered-code.js';

// Node hands out Buffers (Buffer.from, gRPC replies), whose slice shares memory with the original: a decoder that
// slices and then changes the slice would change its caller's bytes.
describe('orderedCode reads Buffers without touching them', () => {
  it('decodeTrailingString, decreasing, inverts a copy and leaves the input as it was', () => {
    const input = Buffer.from([0x9e, 0x9d]);
    const read = orderedCode.decodeTrailingString(input, 0, 'decreasing');
    expect([...read.value]).toEqual([0x61, 0x62]);
    expect([...input]).toEqual([0x9e, 0x9d]);
  });

  it('decodeTrailingString returns bytes that do not alias the input', () => {
    const input = Buffer.from('xab');
    const read = orderedCode.decodeTrailingString(input, 1);
    input[1] = 0x7a;
    expect(Buffer.from(read.value).toString()).toBe('ab');
  });
});
