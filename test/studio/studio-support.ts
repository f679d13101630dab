// Talking to an in-process studio over HTTP with Node's fetch, as the browser app does (token header, JSON).
import type { StudioServer } from '../../src/studio/index.js';

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

/** Bytes display object (docs/studio.md, "API"). */
export interface Bytes {
  readonly size: number;
  readonly hex: string;
  readonly text: string;
  readonly utf8: boolean;
  readonly truncated: boolean;
}

export interface Value {
  readonly type: string;
  readonly text: string;
  readonly truncated: boolean;
  readonly json?: unknown;
}

export interface RowJson {
  readonly key: Bytes;
  readonly keyParts: Record<string, Value>;
  readonly values: Record<string, Value>;
  readonly version?: string;
  readonly decodeError?: { name: string; code: string; message: string };
}

export interface ErrorJson {
  readonly error: { name: string; code: string; message: string; details: Record<string, unknown> };
}
