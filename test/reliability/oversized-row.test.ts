import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../decorators/index.js';
import { LimitExceededError } from '../../src/errors/limit-exceeded-error.js';
import { useMapperPair } from './support/mapper-pair.js';
import { settleWithin } from './support/wait-until.js';

/**
 * Issue 10, item 8: a row whose mutation request would exceed 256 MiB (three 90 MiB cells, each under the 100 MiB
 * cell limit) is refused with LimitExceededError before anything is sent (CONTRACT): the proxy sees no byte.
 * One 90 MiB buffer backs all three columns to keep memory down.
 */
@Entity({ table: 'rel_blobs' })
@Family('d')
class Blob {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'bytes' }) a!: Uint8Array;
  @Column({ family: 'd', codec: 'bytes' }) b!: Uint8Array;
  @Column({ family: 'd', codec: 'bytes' }) c!: Uint8Array;
}

describe('a row over 256 MiB', () => {
  const pair = useMapperPair([Blob], { proxied: { retry: { maxAttempts: 1 } } });

  it('is refused with LimitExceededError before a byte is sent', async () => {
    const { proxy, proxied } = pair();
    await proxied.repository(Blob).get({ id: 'warm-up' });
    const sent = proxy.bytesFromClient;
    // If the SDK does send (today), cut the link after 1 MiB so the failing run stays cheap and bounded.
    const guard = setInterval(() => {
      if (proxy.bytesFromClient - sent > 1024 * 1024) proxy.cut();
    }, 5);
    try {
      const chunk = new Uint8Array(90 * 1024 * 1024);
      const blob = Object.assign(new Blob(), { id: 'huge', a: chunk, b: chunk, c: chunk });
      const settled = await settleWithin(proxied.repository(Blob).save(blob), 30_000);
      expect(settled.status).toBe('rejected');
      const error = (settled as PromiseRejectedResult).reason as unknown;
      expect(error, String(error)).toBeInstanceOf(LimitExceededError);
      expect(proxy.bytesFromClient - sent).toBe(0);
    } finally {
      clearInterval(guard);
      proxy.restore();
    }
  });
});
