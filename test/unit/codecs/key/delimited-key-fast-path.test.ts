// The delimited fast path must be invisible: every key it builds is byte-identical to the general codec's, every
// key it reads gives the general codec's values, and whatever it does not handle (errors included) falls through
// to the general codec. The general codec is the same module loaded a second time with the fast path switched off.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { EntityKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import { compileDelimitedKeyFastPath } from '../../../../src/codecs/key/delimited-key-fast-path.js';
import type { KeyCodecOptions, KeyValue, SegmentSpec } from '../../../../src/codecs/key/key-codec-types.js';
import { keyString, segmentCases } from './key-arbitraries.js';

vi.resetModules();
vi.doMock('../../../../src/codecs/key/delimited-key-fast-path.js', () => ({
  compileDelimitedKeyFastPath: () => undefined,
}));
const general = await import('../../../../src/codecs/key/create-key-codec.js');
vi.doUnmock('../../../../src/codecs/key/delimited-key-fast-path.js');

const RUNS = { numRuns: 3_000 } as const;
const te = new TextEncoder();
// Delimiters below '.' (so numeric and domain segments are allowed), one and several bytes, the NUL byte included.
const DELIMITERS = ['#', '\x00', '\x01', '-', '#:', '\x1f\x1e\x1d'].map((d) => te.encode(d));
const TEXT_CASES = segmentCases({ kind: 'delimited', delimiter: DELIMITERS[0]! }).filter(
  (c) => c.spec.type !== 'bytes',
);
/** Values no segment accepts, or that only some accept. */
const ODD_VALUES: KeyValue[] = [
  '',
  'a#b',
  'x\x00',
  'é',
  '\u{10000}',
  -1n,
  1.5,
  7,
  new Date(Number.NaN),
  te.encode('a'),
  'k'.repeat(4097),
  'é'.repeat(2049),
];

interface Layout {
  readonly options: KeyCodecOptions;
  readonly valueArbs: Record<string, fc.Arbitrary<KeyValue | undefined>>;
}

const literal = keyString({ kind: 'delimited', delimiter: DELIMITERS[0]! }, 4).filter((s) => s.length > 0);

const layout: fc.Arbitrary<Layout> = fc
  .record({
    delimiter: fc.constantFrom(...DELIMITERS),
    parts: fc.array(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TEXT_CASES) }, { weight: 1, arbitrary: literal }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ delimiter, parts }) => {
    const segments: SegmentSpec[] = [];
    const valueArbs: Record<string, fc.Arbitrary<KeyValue | undefined>> = {};
    parts.forEach((part, i) => {
      if (typeof part === 'string') {
        segments.push({ type: 'literal', value: part });
        return;
      }
      const name = `f${i}`;
      segments.push({ ...part.spec, name } as SegmentSpec);
      valueArbs[name] = fc.oneof(
        { weight: 6, arbitrary: part.values },
        { weight: 1, arbitrary: fc.constantFrom<KeyValue | undefined>(undefined, ...ODD_VALUES) },
      );
    });
    return { options: { entity: 'Fast', segments, encoding: { kind: 'delimited', delimiter } }, valueArbs };
  });

/** The codec built both ways, or undefined when the layout itself is refused (the same way by both). */
function codecs(options: KeyCodecOptions): { fast: EntityKeyCodec; slow: EntityKeyCodec } | undefined {
  const slow = outcome(() => general.createKeyCodec(options));
  const fast = outcome(() => createKeyCodec(options));
  expect(describeOutcome(fast)).toEqual(describeOutcome(slow));
  return 'value' in fast && 'value' in slow ? { fast: fast.value, slow: slow.value } : undefined;
}

type Outcome<T> = { value: T } | { error: unknown };

function outcome<T>(run: () => T): Outcome<T> {
  try {
    return { value: run() };
  } catch (error) {
    return { error };
  }
}

/** Comparable form: bytes as hex, errors as code and message (the two module copies have distinct classes). */
function describeOutcome(o: Outcome<unknown>): unknown {
  if ('error' in o) {
    const e = o.error as { code?: string; message?: string; name?: string };
    return { error: e.name, code: e.code, message: e.message };
  }
  const v = o.value;
  if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString('hex'), type: v.constructor.name };
  if (v && typeof v === 'object' && 'encode' in v) return 'codec';
  return { value: v };
}

const anyLayoutWithValues = layout.chain((l) =>
  fc.record(l.valueArbs).map((values) => ({ options: l.options, values })),
);

describe('delimited key fast path', () => {
  it('encodes byte-identically to the general codec, and refuses exactly what it refuses', () => {
    let engaged = 0;
    fc.assert(
      fc.property(anyLayoutWithValues, ({ options, values }) => {
        const pair = codecs(options);
        if (!pair) return;
        const v = values as Record<string, KeyValue>;
        const fast = outcome(() => pair.fast.encode(v));
        const slow = outcome(() => pair.slow.encode(v));
        expect(describeOutcome(fast)).toEqual(describeOutcome(slow));
        // The shortcut must actually be taken whenever the general codec succeeds, or this test proves nothing.
        const shortcut = compileDelimitedKeyFastPath(pair.fast.segments, delimiterOf(options));
        expect(shortcut).toBeDefined();
        const direct = shortcut!.encode(v);
        if ('value' in slow) {
          expect(direct).toBeDefined();
          engaged++;
        } else expect(direct).toBeUndefined();
      }),
      RUNS,
    );
    expect(engaged).toBeGreaterThan(RUNS.numRuns / 4);
  });

  it('decodes valid keys, edited keys and arbitrary bytes exactly as the general codec does', () => {
    const edit = fc.oneof(
      fc.constant((k: Uint8Array) => k),
      fc.nat().map((n) => (k: Uint8Array) => k.subarray(0, n % (k.length + 1))),
      fc
        .tuple(fc.nat(), fc.constantFrom(0x00, 0x01, 0x23, 0x2d, 0x30, 0x39, 0x61, 0x7f, 0x80, 0xc3, 0xff))
        .map(([n, b]) => (k: Uint8Array) => {
          const out = Uint8Array.from(k);
          if (out.length > 0) out[n % out.length] = b;
          return out;
        }),
      fc.uint8Array({ maxLength: 12 }).map((extra) => (k: Uint8Array) => Uint8Array.from([...k, ...extra])),
    );
    let engaged = 0;
    fc.assert(
      fc.property(anyLayoutWithValues, edit, fc.boolean(), ({ options, values }, change, asBuffer) => {
        const pair = codecs(options);
        if (!pair) return;
        const encoded = outcome(() => pair.slow.encode(values as Record<string, KeyValue>));
        const base = 'value' in encoded ? encoded.value : te.encode(String(Object.values(values)[0]));
        const edited = change(base);
        // Keys read from Bigtable arrive as Buffers (views into a larger allocation); built keys as Uint8Arrays.
        const key = asBuffer ? Buffer.concat([Buffer.from('pad'), edited]).subarray(3) : edited;
        const fast = outcome(() => pair.fast.decode(key));
        const slow = outcome(() => pair.slow.decode(key));
        expect(describeOutcome(fast)).toEqual(describeOutcome(slow));
        const direct = compileDelimitedKeyFastPath(pair.fast.segments, delimiterOf(options))!.decode(key);
        if ('error' in slow) expect(direct).toBeUndefined();
        else if (key.every((b) => b < 0x80)) {
          expect(direct).toBeDefined();
          engaged++;
        }
      }),
      RUNS,
    );
    expect(engaged).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('refuses a numeric field holding anything but its width of ASCII digits, naming the field', () => {
    const codec = createKeyCodec({
      entity: 'Reading',
      segments: [
        { type: 'string', name: 'device' },
        { type: 'int64', name: 'seq', width: 4 },
      ],
      encoding: { kind: 'delimited', delimiter: te.encode('#') },
    });
    expect(codec.decode(te.encode('d#0042'))).toEqual({ device: 'd', seq: 42n });
    for (const bad of ['d#004:', 'd#00/1', 'd#004', 'd#00042', 'd#+042', 'd#0x42']) {
      expect(() => codec.decode(te.encode(bad)), bad).toThrow(
        expect.objectContaining({ code: 'KEY_ENCODING', field: 'seq', limit: 'exactly 4 decimal digits' }),
      );
    }
  });

  it('is not used for layouts it cannot reproduce: salt, bytes, byte literals, non-ASCII delimiters', () => {
    const hash = te.encode('#');
    const shortcut = (segments: SegmentSpec[], delimiter = hash) =>
      compileDelimitedKeyFastPath(
        createKeyCodec({ entity: 'E', segments, encoding: { kind: 'delimited', delimiter } }).segments,
        delimiter,
      );
    expect(shortcut([{ type: 'string', name: 'a' }])).toBeDefined();
    expect(shortcut([{ type: 'bytes', name: 'a' }])).toBeUndefined();
    expect(
      shortcut([
        { type: 'literal', value: te.encode('p') },
        { type: 'string', name: 'a' },
      ]),
    ).toBeUndefined();
    expect(
      shortcut([
        { type: 'salt', buckets: 4, of: ['a'] },
        { type: 'string', name: 'a' },
      ]),
    ).toBeUndefined();
    expect(shortcut([{ type: 'string', name: 'a' }], Uint8Array.of(0x23, 0x80))).toBeUndefined();
  });
});

function delimiterOf(options: KeyCodecOptions): Uint8Array {
  return options.encoding.kind === 'delimited' ? options.encoding.delimiter : new Uint8Array(0);
}
