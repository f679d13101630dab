import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../decorators/index.js';
import { FaultProxy } from './support/fault-proxy.js';
import { useMapperPair } from './support/mapper-pair.js';
import { settleWithin, waitUntil } from './support/wait-until.js';

/** The proxy's own tests: first against a TCP echo server (every fault is byte-level), then under the SDK. */

function echoServer(): Promise<Server> {
  const server = createServer((socket) =>
    socket.on('data', (chunk) => socket.write(chunk)).on('error', () => {}),
  );
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A client socket that records what it receives and whether it died (a reset may come before `connect`). */
function client(port: number): Promise<{ socket: Socket; received: () => string; closed: () => boolean }> {
  return new Promise((resolve) => {
    let received = '';
    let closed = false;
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => (closed = true));
    const ready = () => resolve({ socket, received: () => received, closed: () => closed });
    socket.once('connect', ready);
    socket.once('error', ready);
  });
}

describe('FaultProxy over a TCP echo server', () => {
  let echo: Server;
  let proxy: FaultProxy;
  beforeAll(async () => {
    echo = await echoServer();
    const address = echo.address();
    if (typeof address !== 'object' || address === null) throw new Error('no echo address');
    proxy = await FaultProxy.start(`127.0.0.1:${address.port}`);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('forwards both ways and counts bytes and connections', async () => {
    const c = await client(proxy.port);
    const before = { up: proxy.bytesFromClient, down: proxy.bytesFromServer };
    c.socket.write('hello');
    expect(await waitUntil(() => c.received() === 'hello')).toBe(true);
    expect(proxy.bytesFromClient - before.up).toBe(5);
    expect(proxy.bytesFromServer - before.down).toBe(5);
    expect(proxy.connections).toBeGreaterThanOrEqual(1);
    c.socket.destroy();
    expect(await waitUntil(() => proxy.connections === 0)).toBe(true);
  });

  it('cut() kills open connections and refuses new ones until restore()', async () => {
    const c = await client(proxy.port);
    proxy.cut();
    try {
      expect(await waitUntil(() => c.closed())).toBe(true);
      const refused = await client(proxy.port);
      expect(await waitUntil(() => refused.closed())).toBe(true);
    } finally {
      proxy.restore();
    }
    const again = await client(proxy.port);
    again.socket.write('back');
    expect(await waitUntil(() => again.received() === 'back')).toBe(true);
    again.socket.destroy();
  });

  it('blackholeResponses() delivers requests but drops answers', async () => {
    const c = await client(proxy.port);
    proxy.blackholeResponses();
    const down = proxy.bytesFromServer;
    c.socket.write('lost');
    // The server did answer (its bytes reached the proxy), the client saw none of it.
    expect(await waitUntil(() => proxy.bytesFromServer === down + 4)).toBe(true);
    expect(c.received()).toBe('');
    proxy.restore();
    c.socket.write('kept');
    expect(await waitUntil(() => c.received() === 'kept')).toBe(true);
    expect(c.closed()).toBe(false);
    c.socket.destroy();
  });

  it('stall() keeps sockets open without moving bytes; restore() resumes', async () => {
    const c = await client(proxy.port);
    proxy.stall();
    const up = proxy.bytesFromClient;
    c.socket.write('held');
    expect(await waitUntil(() => c.received() !== '', { maxPolls: 20 })).toBe(false);
    expect(proxy.bytesFromClient).toBe(up);
    expect(c.closed()).toBe(false);
    proxy.restore();
    expect(await waitUntil(() => c.received() === 'held')).toBe(true);
    c.socket.destroy();
  });

  it('delay() keeps chunk order', async () => {
    const c = await client(proxy.port);
    proxy.delay(30);
    for (const part of ['a', 'b', 'c', 'd']) c.socket.write(part);
    expect(await waitUntil(() => c.received() === 'abcd')).toBe(true);
    proxy.delay(0);
    c.socket.destroy();
  });
});

@Entity({ table: 'rel_proxy_probe' })
@Family('d')
class Probe {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) value!: string;
}

describe('FaultProxy under the SDK', () => {
  const pair = useMapperPair([Probe], {
    proxied: { retry: { maxAttempts: 2, initialBackoffMs: 10, maxBackoffMs: 20 } },
  });

  it('carries repository calls and counts their bytes', async () => {
    const { proxy, proxied, direct } = pair();
    const up = proxy.bytesFromClient;
    const down = proxy.bytesFromServer;
    await proxied.repository(Probe).save(Object.assign(new Probe(), { id: 'p1', value: 'v1' }));
    expect(proxy.bytesFromClient).toBeGreaterThan(up);
    expect(proxy.bytesFromServer).toBeGreaterThan(down);
    expect(proxy.connections).toBeGreaterThanOrEqual(1);
    expect((await direct.repository(Probe).get({ id: 'p1' }))?.value).toBe('v1');
  });

  it('a cut makes a call fail, restore makes calls work again', async () => {
    const { proxy, proxied } = pair();
    const probes = proxied.repository(Probe);
    proxy.cut();
    try {
      const during = await settleWithin(probes.get({ id: 'p1' }), 20_000);
      expect(during.status).toBe('rejected');
    } finally {
      proxy.restore();
    }
    // gRPC reconnects with its own backoff: poll (bounded) until a call goes through again.
    const recovered = await waitUntil(
      () =>
        probes.get({ id: 'p1' }).then(
          (p) => p?.value === 'v1',
          () => false,
        ),
      { maxPolls: 100, everyMs: 100 },
    );
    expect(recovered).toBe(true);
  });
});
