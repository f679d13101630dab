// Every call to the studio's API: the token travels in the X-Studio-Token header (never in a URL the app builds),
// and a failure always arrives as the library's typed error (name, code, message), never as a blank result.
import type { ApiError } from './types.js';

/** A failed API call, carrying the typed error the server sent (or one describing why none came). */
export class StudioCallError extends Error {
  readonly error: ApiError;
  readonly status: number;

  constructor(error: ApiError, status: number) {
    super(`${error.name} (${error.code}): ${error.message}`);
    this.error = error;
    this.status = status;
  }
}

/** The token the server wrote into the page (its meta tag), else the one in the address bar. */
export function readToken(): string {
  const meta = document.querySelector('meta[name="studio-token"]')?.getAttribute('content');
  return meta ?? new URLSearchParams(location.search).get('token') ?? '';
}

const token = readToken();

function asApiError(body: unknown, status: number): ApiError {
  const error = (body as { error?: Partial<ApiError> } | null)?.error;
  if (error !== undefined && typeof error.code === 'string')
    return {
      name: String(error.name ?? 'Error'),
      code: error.code,
      message: String(error.message ?? ''),
      details: error.details,
    };
  return {
    name: 'StudioHttpError',
    code: `HTTP_${status}`,
    message: `the server answered ${status} without an error body`,
  };
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { ...init.headers, 'X-Studio-Token': token },
    });
  } catch (cause) {
    // The studio process stopped, or the network refused: say so instead of leaving the view empty.
    throw new StudioCallError(
      {
        name: 'StudioNetworkError',
        code: 'STUDIO_UNREACHABLE',
        message: `cannot reach the studio: ${String(cause)}`,
      },
      0,
    );
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new StudioCallError(asApiError(body, response.status), response.status);
  return body as T;
}

/** GET `path` with the given query parameters (undefined ones left out). */
export function apiGet<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const search = query.toString();
  return call<T>(search === '' ? path : `${path}?${search}`, { method: 'GET' });
}

/** POST a JSON body to `path`. */
export function apiPost<T>(path: string, body: unknown): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The typed error of anything a call threw. */
export function errorOf(thrown: unknown): ApiError {
  if (thrown instanceof StudioCallError) return thrown.error;
  return {
    name: 'StudioUiError',
    code: 'STUDIO_UI',
    message: thrown instanceof Error ? thrown.message : String(thrown),
  };
}
