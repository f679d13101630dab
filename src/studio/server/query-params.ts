import { StudioError } from './studio-error.js';

/** An integer query parameter within [1, max], or its default. */
export function boundedInt(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const text = params.get(name);
  if (text === null || text === '') return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new StudioError(400, 'STUDIO_BAD_REQUEST', `${name} must be an integer from 1 to ${max}`, {
      parameter: name,
      value: text,
    });
  return n;
}

/** A required string query parameter. */
export function required(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  if (value === null || value === '')
    throw new StudioError(400, 'STUDIO_BAD_REQUEST', `the query parameter ${name} is required`, {
      parameter: name,
    });
  return value;
}

/** Bytes given as hex (a row key in a URL or a body). */
export function hexBytes(name: string, value: unknown): Uint8Array {
  if (typeof value !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(value))
    throw new StudioError(400, 'STUDIO_BAD_REQUEST', `${name} must be bytes as hex`, { parameter: name });
  return Buffer.from(value, 'hex');
}
