import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ConnectionOptions, EntityClass, RepositoryOptions } from '../../index.js';
import { getEntityMetadata, InvalidArgumentError, Mapper } from '../../index.js';
import { readJsonBody, sendError, sendJson } from './http-json.js';
import { StudioError } from './studio-error.js';
import { guardRequest } from './request-guard.js';
import { sendShell, serveAsset } from './serve-assets.js';
import { StudioContext } from './studio-context.js';
import { studioRoutes } from './studio-routes.js';

/**
 * Options of {@link startStudio}: the entities to show, and either a mapper (used as is, left open by `close()`) or
 * the connection to open one with (closed by `close()`).
 *
 * @example
 * ```ts
 * const options: StudioOptions = { connection: { projectId: 'p', instanceId: 'i' }, entities: [Device] };
 * ```
 */
export interface StudioOptions {
  /** The entity classes whose rows the studio decodes (as `--entities` loads them). */
  readonly entities: readonly EntityClass[];
  /** A connected mapper to use; the studio never closes it. */
  readonly mapper?: Mapper | undefined;
  /** Where to connect when no mapper is given; the studio opens the mapper and closes it with the server. */
  readonly connection?: ConnectionOptions | undefined;
  /** Repository options of the mapper the studio opens (`tableIds`, …). */
  readonly repositoryOptions?: RepositoryOptions | undefined;
  /** Enables the write routes (save, delete). Default false: every write is refused with 403. */
  readonly allowWrites?: boolean | undefined;
  /** The port on 127.0.0.1. Default 0: a free port. */
  readonly port?: number | undefined;
  /** The directory of the built browser app (served under /assets/). Default: none, the API only. */
  readonly assetsDir?: string | undefined;
  /** The version shown by the overview. Default: none. */
  readonly version?: string | undefined;
}

/**
 * A running studio: its URL with the token, the token, the port, and `close()`.
 *
 * @example
 * ```ts
 * const studio: StudioServer = await startStudio({ mapper, entities: [Device] });
 * ```
 */
export interface StudioServer {
  /** `http://127.0.0.1:<port>/?token=<token>`: the page to open. */
  readonly url: string;
  /** The secret every request must carry (new per start, 32 random bytes as base64url). */
  readonly token: string;
  /** The port it listens on (on 127.0.0.1). */
  readonly port: number;
  /** Stops listening, ends every open connection and closes the mapper the studio opened. */
  close(): Promise<void>;
}

function checkOptions(options: StudioOptions): void {
  const bad = (argument: string, value: unknown, expected: string): never => {
    throw new InvalidArgumentError({ api: 'startStudio', argument, value, expected });
  };
  if (typeof options !== 'object' || options === null) bad('options', options, 'an object');
  if (!Array.isArray(options.entities)) bad('entities', options.entities, 'an array of entity classes');
  if ((options.mapper === undefined) === (options.connection === undefined))
    bad('mapper', options.mapper, 'either a mapper or connection options (one of the two)');
  if (options.mapper !== undefined && !(options.mapper instanceof Mapper))
    bad('mapper', options.mapper, 'a Mapper');
  if (
    options.connection !== undefined &&
    (typeof options.connection !== 'object' || options.connection === null)
  )
    bad('connection', options.connection, 'connection options');
  if (options.allowWrites !== undefined && typeof options.allowWrites !== 'boolean')
    bad('allowWrites', options.allowWrites, 'a boolean');
  if (options.assetsDir !== undefined && typeof options.assetsDir !== 'string')
    bad('assetsDir', options.assetsDir, 'a directory path');
  if (options.version !== undefined && typeof options.version !== 'string')
    bad('version', options.version, 'text');
  if (
    options.port !== undefined &&
    (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
  )
    bad('port', options.port, 'an integer from 0 to 65535');
}

async function handle(
  context: StudioContext,
  settings: {
    readonly token: string;
    readonly port: number;
    readonly assetsDir: string | undefined;
    readonly version: string;
  },
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  // Only the path and query of the request line matter; the base is never used for anything else.
  const url = new URL(request.url ?? '/', 'http://studio.invalid');
  guardRequest(request, url, settings);
  const method = request.method ?? 'GET';
  if (url.pathname === '/' && (method === 'GET' || method === 'HEAD'))
    return sendShell(response, settings.token);
  if (url.pathname.startsWith('/assets/') && method === 'GET')
    return serveAsset(response, settings.assetsDir, url.pathname);
  const route = studioRoutes[`${method} ${url.pathname}`];
  if (!route)
    throw new StudioError(
      studioRoutes[`GET ${url.pathname}`] || studioRoutes[`POST ${url.pathname}`] ? 405 : 404,
      'STUDIO_NOT_FOUND',
      `no route ${method} ${url.pathname}`,
    );
  if (route.write && !context.allowWrites)
    throw new StudioError(
      403,
      'STUDIO_WRITES_DISABLED',
      'writes are off: start the studio with --allow-writes',
    );
  const body = method === 'POST' ? await readJsonBody(request) : {};
  sendJson(response, 200, await route.run(context, url.searchParams, body, settings.version));
}

/**
 * Starts the studio's server on 127.0.0.1 (docs/studio.md): the page, its assets and the JSON API over the given
 * entities, every request checked for the token, the host and (for writes) the origin. Resolves once it listens.
 *
 * @example
 * ```ts
 * const studio = await startStudio({ mapper, entities: [Device], allowWrites: false });
 * console.log(studio.url);
 * await studio.close();
 * ```
 */
export async function startStudio(options: StudioOptions): Promise<StudioServer> {
  checkOptions(options);
  const entities = options.entities.map((e) => getEntityMetadata(e));
  const owned = options.mapper === undefined;
  const mapper = options.mapper ?? Mapper.connect(options.connection!, options.repositoryOptions ?? {});
  const context = new StudioContext(mapper, entities, options.allowWrites === true);
  const token = randomBytes(32).toString('base64url');
  const sockets = new Set<Socket>();
  let port = 0;
  const server = createServer((request, response) => {
    const settings = { token, port, assetsDir: options.assetsDir, version: options.version ?? '' };
    handle(context, settings, request, response).catch((error: unknown) => {
      // Whatever happens while answering, the server keeps running: a request that cannot even be answered with
      // its error is cut.
      try {
        sendError(response, error);
      } catch {
        response.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if (owned) await mapper.close();
    throw new InvalidArgumentError(
      {
        api: 'startStudio',
        argument: 'port',
        value: options.port ?? 0,
        expected: 'a free port on 127.0.0.1',
      },
      error,
    );
  }
  port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    token,
    port,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
        if (owned) await mapper.close();
      })()),
  };
}
