import type { IncomingMessage, ServerResponse } from 'node:http';
import { BigtableMapperError } from '../../index.js';
import { StudioError } from './studio-error.js';

/** The security headers of every answer (docs/studio.md, "Security"); no CORS header ever. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Writes a JSON answer with the security headers. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  // `<`, `>` and `&` as \u escapes: a stored `<script>` never appears as markup in any answer, even one a browser
  // were tricked into reading as HTML; U+2028/2029 likewise, for old JavaScript parsers.
  const text = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  ).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** JSON-safe details of a library error: its own enumerable fields, bytes as hex, bigints as decimal strings. */
function errorDetails(error: BigtableMapperError): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'code' || key === 'name' || key === 'message' || key === 'cause') continue;
    if (value instanceof Uint8Array) details[key] = Buffer.from(value).toString('hex');
    else if (typeof value === 'bigint') details[key] = value.toString();
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) details[key] = value;
  }
  return details;
}

/** The HTTP status of a library error: bad input 400, a conflict 409, a missing row 404, the rest 500/502. */
function statusOf(error: BigtableMapperError): number {
  switch (error.code) {
    case 'OPTIMISTIC_LOCK':
    case 'ALREADY_EXISTS':
      return 409;
    case 'NOT_FOUND':
      return 404;
    case 'KEY_ENCODING':
    case 'VALUE_ENCODING':
    case 'VALIDATION':
    case 'LIMIT_EXCEEDED':
    case 'QUERY_INVALID':
    case 'INVALID_ARGUMENT':
    case 'METADATA_INVALID':
      return 400;
    case 'TRANSPORT':
    case 'DEADLINE_EXCEEDED':
    case 'OUTCOME_UNKNOWN':
      return 502;
    default:
      return 500;
  }
}

/**
 * Answers a failure as `{ error: { name, code, message, details } }`: a refusal with its status, a library error by
 * its code, anything else as a 500 `INTERNAL` without its stack (the message only).
 */
export function sendError(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (error instanceof StudioError) {
    sendJson(response, error.status, {
      error: { name: 'StudioError', code: error.code, message: error.message, details: error.details },
    });
    return;
  }
  if (error instanceof BigtableMapperError) {
    sendJson(response, statusOf(error), {
      error: { name: error.name, code: error.code, message: error.message, details: errorDetails(error) },
    });
    return;
  }
  sendJson(response, 500, {
    error: {
      name: 'InternalError',
      code: 'INTERNAL',
      message: error instanceof Error ? error.message : String(error),
      details: {},
    },
  });
}

/** The most bytes a POST body may have (edits and query forms are small). */
const MAX_BODY = 1024 * 1024;

/** Reads a POST body as a JSON object, refusing more than 1 MiB or anything that is not a JSON object. */
export async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY)
      throw new StudioError(
        413,
        'STUDIO_BODY_TOO_LARGE',
        `a request body may have at most ${MAX_BODY} bytes`,
      );
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new StudioError(400, 'STUDIO_BAD_REQUEST', 'the request body must be a JSON object');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new StudioError(400, 'STUDIO_BAD_REQUEST', 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}
