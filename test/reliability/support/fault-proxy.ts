import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** What the proxy does with the bytes it receives. */
type Mode = 'forward' | 'cut' | 'blackhole' | 'stall';

/**
 * One direction of a proxied connection. Chunks are queued with their due time so that `delay()` adds latency
 * without reordering or serialising the chunks; `dropping()` is asked at delivery time so that a blackhole set
 * while chunks wait in the queue also swallows them.
 */
class Direction {
  private readonly queue: Array<{ chunk: Buffer; due: number }> = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly to: Socket,
    private readonly dropping: () => boolean,
  ) {}

  push(chunk: Buffer, delayMs: number): void {
    this.queue.push({ chunk, due: Date.now() + delayMs });
    this.pump();
  }

  private pump(): void {
    if (this.timer !== undefined) return;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      const wait = head.due - Date.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.queue.shift();
      if (!this.dropping() && !this.to.destroyed) this.to.write(head.chunk);
    }
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
  }
}

/** A client connection and its upstream connection to the emulator. */
interface Link {
  readonly client: Socket;
  readonly server: Socket;
  readonly up: Direction;
  readonly down: Direction;
}

/**
 * An in-process TCP proxy on 127.0.0.1 in front of an emulator, for tests that break the link under the SDK.
 * gRPC is HTTP/2 over TCP, so every fault is byte-level: no parsing. Faults last until `restore()`:
 * - `cut()`: every open connection is reset, new ones are reset as soon as they arrive;
 * - `blackholeResponses()`: requests still reach the server, every answer is silently dropped;
 * - `stall()`: nothing moves either way, sockets stay open (bytes wait in the kernel buffers);
 * - `delay(ms)`: every chunk, both ways, is delivered `ms` later (independent of the mode).
 *
 * @example
 * ```ts
 * const proxy = await FaultProxy.start('127.0.0.1:8086');
 * const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i', emulatorHost: proxy.hostPort });
 * proxy.cut(); // the next call fails with a transport error
 * proxy.restore();
 * await proxy.close();
 * ```
 */
export class FaultProxy {
  /** Bytes received from clients (counted even when not forwarded). */
  bytesFromClient = 0;
  /** Bytes received from the server (counted even when discarded by a blackhole). */
  bytesFromServer = 0;
  private mode: Mode = 'forward';
  private delayMs = 0;
  private readonly links = new Set<Link>();

  private readonly server: Server;

  private constructor(private readonly upstream: { host: string; port: number }) {
    this.server = createServer({ pauseOnConnect: true }, (client) => this.accept(client));
  }

  /** Starts a proxy on 127.0.0.1 on a free port in front of `upstreamHostPort` (`host:port`). */
  static async start(upstreamHostPort: string): Promise<FaultProxy> {
    const index = upstreamHostPort.lastIndexOf(':');
    const proxy = new FaultProxy({
      host: upstreamHostPort.slice(0, index),
      port: Number(upstreamHostPort.slice(index + 1)),
    });
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  /** The port the proxy listens on. */
  get port(): number {
    const address = this.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the proxy is not listening');
    return address.port;
  }

  /** `127.0.0.1:port`, what `emulatorHost` expects. */
  get hostPort(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Open client connections. */
  get connections(): number {
    return this.links.size;
  }

  /** Resets every open connection and every new one until {@link restore}. */
  cut(): void {
    this.mode = 'cut';
    for (const link of [...this.links]) this.drop(link);
  }

  /** Keeps forwarding requests but silently discards every answer until {@link restore} or {@link cut}. */
  blackholeResponses(): void {
    this.mode = 'blackhole';
  }

  /** Stops forwarding both ways, keeping the sockets open, until {@link restore} or {@link cut}. */
  stall(): void {
    this.mode = 'stall';
    for (const link of this.links) {
      link.client.pause();
      link.server.pause();
    }
  }

  /** Adds `ms` of latency to every chunk, both ways (0 removes it). */
  delay(ms: number): void {
    this.delayMs = ms;
  }

  /** Back to plain forwarding (a stalled link resumes where it stopped; a cut link stays gone). */
  restore(): void {
    this.mode = 'forward';
    for (const link of this.links) {
      link.client.resume();
      link.server.resume();
    }
  }

  /** Resets every connection and stops listening. */
  async close(): Promise<void> {
    this.mode = 'cut';
    for (const link of [...this.links]) this.drop(link);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const server = createConnection(this.upstream);
    const link: Link = {
      client,
      server,
      up: new Direction(server, () => false),
      down: new Direction(client, () => this.mode === 'blackhole'),
    };
    this.links.add(link);
    client.setNoDelay(true);
    server.setNoDelay(true);
    client.on('data', (chunk: Buffer) => {
      this.bytesFromClient += chunk.length;
      link.up.push(chunk, this.delayMs);
    });
    server.on('data', (chunk: Buffer) => {
      this.bytesFromServer += chunk.length;
      link.down.push(chunk, this.delayMs);
    });
    // Either side ending or failing ends the whole link, as a real network path would.
    for (const socket of [client, server]) {
      socket.on('error', () => this.drop(link));
      socket.on('close', () => this.drop(link));
    }
    if (this.mode !== 'stall') client.resume();
    else server.pause();
  }

  private drop(link: Link): void {
    if (!this.links.delete(link)) return;
    link.up.clear();
    link.down.clear();
    // A reset (RST), not a polite FIN: the client sees the connection die mid-stream.
    if (!link.client.destroyed) link.client.resetAndDestroy();
    if (!link.server.destroyed) link.server.resetAndDestroy();
  }
}
