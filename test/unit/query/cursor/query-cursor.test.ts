import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../../src/errors/query-error.js';
import type { CursorState } from '../../../../src/query/cursor/query-cursor.js';
import { decodeCursor, encodeCursor } from '../../../../src/query/cursor/query-cursor.js';

const FINGERPRINT = '9f0c1d2e3f405162';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const stateArb: fc.Arbitrary<CursorState> = fc.record(
  {
    lastKey: fc.uint8Array({ minLength: 0, maxLength: 24 }),
    reversed: fc.boolean(),
    fingerprint: fc.constant(FINGERPRINT),
    counts: fc.dictionary(fc.constantFrom('video', 'comments', 'likes'), fc.nat({ max: 1000 })),
  },
  { requiredKeys: ['lastKey', 'reversed', 'fingerprint'] },
);

function refusal(cursor: string, fingerprint = FINGERPRINT): QueryError | undefined {
  try {
    decodeCursor('Reading', cursor, fingerprint);
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return error as QueryError;
  }
  return undefined;
}

const json = (cursor: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
const cursorOf = (doc: unknown): string => Buffer.from(JSON.stringify(doc), 'utf8').toString('base64url');

describe('cursors', () => {
  it('round-trip every field', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const back = decodeCursor('Reading', encodeCursor(state), FINGERPRINT);
        expect(Buffer.from(back.lastKey)).toEqual(Buffer.from(state.lastKey));
        expect(back.reversed).toBe(state.reversed);
        expect(back.counts).toEqual(state.counts);
      }),
    );
  });

  it('a cursor whose direction was flipped by hand is refused as altered', () => {
    const cursor = encodeCursor({
      lastKey: Buffer.from('reading#phone#a#000003'),
      reversed: false,
      fingerprint: FINGERPRINT,
    });
    const flipped = cursorOf({ ...json(cursor), r: true });
    expect(refusal(flipped)).toMatchObject({
      code: 'QUERY_INVALID',
      entity: 'Reading',
      property: 'after',
      value: flipped,
      problem:
        'the cursor was altered (its integrity check fails); use a cursor exactly as page() returned it',
    });
  });

  it('any single changed character of the cursor is refused', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(), fc.nat(), (state, at, by) => {
        const cursor = encodeCursor(state);
        const i = at % cursor.length;
        const replacement = BASE64URL[(BASE64URL.indexOf(cursor[i]!) + 1 + (by % 63)) % 64]!;
        const altered = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
        expect(altered).not.toBe(cursor);
        expect(refusal(altered)).toBeDefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('any single changed byte of the decoded document is refused', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (state, at, delta) => {
        const bytes = Buffer.from(encodeCursor(state), 'base64url');
        const i = at % bytes.length;
        bytes[i] = (bytes[i]! + delta) & 0xff;
        expect(refusal(bytes.toString('base64url'))).toBeDefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('any single changed field, re-encoded with the original digest, is refused as altered', () => {
    const alterations: Array<(doc: Record<string, unknown>) => Record<string, unknown>> = [
      (doc) => ({ ...doc, r: !(doc.r as boolean) }),
      (doc) => ({
        ...doc,
        k: Buffer.concat([Buffer.from(doc.k as string, 'base64url'), Buffer.from([0])]).toString('base64url'),
      }),
      (doc) => ({ ...doc, k: '' }),
      (doc) => ({ ...doc, c: { ...(doc.c as object), video: 1_000_001 } }),
      (doc) => {
        const { c: _c, ...rest } = doc;
        return rest;
      },
    ];
    fc.assert(
      fc.property(stateArb, fc.constantFrom(...alterations.keys()), (state, which) => {
        const doc = json(encodeCursor(state));
        const altered = cursorOf(alterations[which]!(doc));
        if (altered === encodeCursor(state)) return; // e.g. dropping counts the cursor did not have
        expect(refusal(altered)?.problem).toMatch(/altered|not a cursor/);
      }),
      { numRuns: 500 },
    );
  });

  it('an intact cursor of another query is refused as such; an unsupported version and garbage too', () => {
    const cursor = encodeCursor({ lastKey: Buffer.from('x'), reversed: true, fingerprint: FINGERPRINT });
    expect(refusal(cursor, '0000000000000000')?.problem).toBe('the cursor was taken from a different query');
    const v1 = cursorOf({ v: 1, k: 'eA', r: true, f: FINGERPRINT });
    expect(refusal(v1)?.problem).toBe('not a cursor of this SDK (or of an unsupported version)');
    expect(refusal('garbage')).toBeDefined();
    expect(refusal('')).toBeDefined();
  });
});
