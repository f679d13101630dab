import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyRangeContains } from '../../../../src/codecs/key/key-range.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import type { RowRange } from '../../../../src/model/read-rows-request.js';
import { compileRangeRead } from '../../../../src/query/compiler/compile-range-read.js';
import { entityKeySpan } from '../../../../src/query/planner/entity-key-span.js';
import { Reading } from '../query-fixtures.js';

const meta = getEntityMetadata(Reading);
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (b: Uint8Array | undefined): string | undefined => (b ? new TextDecoder().decode(b) : undefined);
const show = (r: RowRange): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text(v as Uint8Array)]));

describe('compileRangeRead', () => {
  it("narrows raw bounds to the entity's key space, with its read filter and limit", () => {
    const plan = compileRangeRead(meta, { prefix: bytes('reading#phone#') }, 0, { limit: 5 });
    expect(plan.request!.rows!.rowRanges.map(show)).toEqual([
      { startKeyClosed: 'reading#phone#', endKeyOpen: 'reading#phone$' },
    ]);
    expect(plan.request!.rowsLimit).toBe(5n);
    expect(plan.request!.filter).toBeDefined();
  });

  it('applies prefix, start and end together; the whole entity without bounds', () => {
    const both = compileRangeRead(
      meta,
      { prefix: bytes('reading#'), start: bytes('reading#p'), end: bytes('reading#t') },
      0,
    );
    expect(both.request!.rows!.rowRanges.map(show)).toEqual([
      { startKeyClosed: 'reading#p', endKeyOpen: 'reading#t' },
    ]);
    const all = compileRangeRead(meta, {}, 0, { reverse: true });
    // No bounds: the entity's own key space (its prefix, from the first encodable key on).
    const [span] = entityKeySpan(meta);
    expect(all.request!.rows!.rowRanges.map(show)).toEqual([
      { startKeyClosed: text(span!.start!.key), endKeyOpen: 'reading$' },
    ]);
    expect(all.request!.reversed).toBe(true);
  });

  it('sends nothing when the bounds miss the entity or are empty (an empty RowSet reads everything)', () => {
    expect(compileRangeRead(meta, { prefix: bytes('note#') }, 0).request).toBeUndefined();
    expect(
      compileRangeRead(meta, { start: bytes('reading#z'), end: bytes('reading#a') }, 0).request,
    ).toBeUndefined();
  });

  it('reads exactly the keys inside both the bounds and the entity space (property)', () => {
    const key = fc
      .oneof(fc.stringMatching(/^[a-z#$]{0,12}$/), fc.stringMatching(/^reading[#$][a-z#]{0,4}$/))
      .map(bytes);
    fc.assert(
      fc.property(
        fc.option(key, { nil: undefined }),
        fc.option(key, { nil: undefined }),
        key,
        (start, end, probe) => {
          const plan = compileRangeRead(meta, { start, end }, 0);
          const inBounds =
            (start === undefined || Buffer.compare(probe, start) >= 0) &&
            (end === undefined || Buffer.compare(probe, end) < 0) &&
            entityKeySpan(meta).some((r) => keyRangeContains(r, probe));
          const ranges = plan.request?.rows?.rowRanges ?? [];
          const read = ranges.some((r) =>
            keyRangeContains(
              {
                ...(r.startKeyClosed ? { start: { key: r.startKeyClosed, inclusive: true } } : {}),
                ...(r.endKeyOpen ? { end: { key: r.endKeyOpen, inclusive: false } } : {}),
              },
              probe,
            ),
          );
          expect(read).toBe(inBounds);
        },
      ),
    );
  });
});
