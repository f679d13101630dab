import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { StudioError } from './studio-error.js';

/** What a request is checked against: the server's token and port. */
export interface GuardSettings {
  readonly token: string;
  readonly port: number;
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(token, 'utf8');
  // timingSafeEqual needs equal lengths; comparing b with itself keeps the time independent of the given length.
  return a.length === b.length ? timingSafeEqual(a, b) : (timingSafeEqual(b, b), false);
}

/**
 * Refuses a request that is not the studio's own page talking to it (docs/studio.md, "Security"): a Host other
 * than the loopback name and port (DNS rebinding), a missing or wrong token (header `X-Studio-Token`, or `?token=`
 * on the page and its assets), and for a POST a foreign `Origin`, a cross-site `Sec-Fetch-Site`, a missing token
 * header or a body that is not `application/json`.
 */
export function guardRequest(request: IncomingMessage, url: URL, settings: GuardSettings): void {
  const host = request.headers.host;
  if (host !== `127.0.0.1:${settings.port}` && host !== `localhost:${settings.port}`)
    throw new StudioError(
      421,
      'STUDIO_WRONG_HOST',
      'the studio answers only to 127.0.0.1 or localhost at its port',
    );
  if (request.method === 'OPTIONS')
    throw new StudioError(
      405,
      'STUDIO_METHOD_NOT_ALLOWED',
      'no CORS: OPTIONS (a CORS preflight) is not answered',
    );
  const header = request.headers['x-studio-token'];
  const headerToken = typeof header === 'string' ? header : undefined;
  const isApi = url.pathname.startsWith('/api/');
  // The API takes the token only as a header (never in a URL a page could leak); the page and assets by URL too.
  const given = headerToken ?? (isApi ? undefined : (url.searchParams.get('token') ?? undefined));
  if (given === undefined || !sameSecret(given, settings.token))
    throw new StudioError(
      401,
      'STUDIO_UNAUTHORIZED',
      'a missing or wrong studio token (use the URL the studio printed)',
    );
  if (request.method !== 'POST') return;
  const origin = request.headers.origin;
  if (
    origin !== undefined &&
    origin !== `http://127.0.0.1:${settings.port}` &&
    origin !== `http://localhost:${settings.port}`
  )
    throw new StudioError(403, 'STUDIO_CROSS_SITE', 'a POST from another origin is refused', { origin });
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new StudioError(403, 'STUDIO_CROSS_SITE', 'a cross-site POST is refused', { secFetchSite: site });
  if (headerToken === undefined)
    throw new StudioError(401, 'STUDIO_UNAUTHORIZED', 'a POST must carry the X-Studio-Token header');
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json(\s*;.*)?$/i.test(type))
    throw new StudioError(415, 'STUDIO_BAD_CONTENT_TYPE', 'a POST body must be application/json');
}
