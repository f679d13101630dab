// Talking to an in-process studio over HTTP with Node's fetch, as the browser app does (token header, JSON).
import type { StudioServer } from '../../src/studio/index.js';
import type { ApiError } from '../../src/studio/ui/types.js';

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly text: string;
  readonly json: T;
}

/** GET a studio path with the token header. */
export async function get<T = Record<string, unknown>>(
  studio: StudioServer,
  path: string,
): Promise<Answer<T>> {
  const response = await fetch(`http://127.0.0.1:${studio.port}${path}`, {
    headers: { 'X-Studio-Token': studio.token },
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as T };
}

/** POST JSON to a studio path with the token header (same-origin, as the page does). */
export async function post<T = Record<string, unknown>>(
  studio: StudioServer,
  path: string,
  body: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`http://127.0.0.1:${studio.port}${path}`, {
    method: 'POST',
    headers: {
      'X-Studio-Token': studio.token,
      'Content-Type': 'application/json',
      Origin: `http://127.0.0.1:${studio.port}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as T };
}

// The wire types are the browser app's own (src/studio/ui/types.ts, types only): the tests read what the page reads.
export type { Bytes, EntityRow } from '../../src/studio/ui/types.js';

/** An error answer; the server always sends `details` (an object, possibly empty). */
export interface ErrorJson {
  readonly error: ApiError & { readonly details: Readonly<Record<string, unknown>> };
}
