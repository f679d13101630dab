/** What Bigtable's response headers say about an attempt: where it was served and how long the server took. */
export interface BigtableResponseHeaders {
  /** The server's own latency in ms (`server-timing: gfet4t7; dur=…`), when sent. */
  readonly serverLatencyMs: number | undefined;
  /** `cluster_id` of the `x-goog-ext-425905942-bin` ResponseParams, when sent. */
  readonly cluster: string | undefined;
  /** `zone_id` of the ResponseParams, when sent. */
  readonly zone: string | undefined;
}

/** The ResponseParams header (`google.bigtable.v2.ResponseParams`: zone_id = 1, cluster_id = 2). */
export const RESPONSE_PARAMS_HEADER = 'x-goog-ext-425905942-bin';

const GFE_TIMING = /(?:^|,)\s*gfet4t7\s*;\s*dur=([0-9.]+)/;

/** gRPC metadata as far as it is read here (grpc-js `Metadata`). */
interface MetadataLike {
  get(key: string): unknown[];
}

function isMetadata(value: unknown): value is MetadataLike {
  return typeof value === 'object' && value !== null && typeof (value as MetadataLike).get === 'function';
}

/** The string fields 1 and 2 of a serialized ResponseParams; a malformed message yields what was read before it. */
function decodeResponseParams(bytes: Uint8Array): { zone?: string; cluster?: string } {
  const out: { zone?: string; cluster?: string } = {};
  let at = 0;
  // undefined: the bytes end inside the varint.
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; at < bytes.length && shift < 35; shift += 7) {
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    return undefined;
  };
  while (at < bytes.length) {
    const tag = varint();
    if (tag === undefined) break;
    const wire = tag % 8;
    if (wire === 2) {
      const length = varint();
      if (length === undefined || at + length > bytes.length) break;
      const text = Buffer.from(bytes.subarray(at, at + length)).toString('utf8');
      at += length;
      const field = Math.floor(tag / 8);
      if (field === 1) out.zone = text;
      else if (field === 2) out.cluster = text;
    } else if (wire !== 0 || varint() === undefined) break; // no other wire type is in the message: stop
  }
  return out;
}

/**
 * Reads the headers (or trailers) of an attempt, as Google's clients do for their built-in metrics; undefined
 * when `metadata` is no gRPC metadata. A header that is absent or malformed leaves its field undefined.
 *
 * @example
 * ```ts
 * const seen = readBigtableResponseHeaders(metadata); // { serverLatencyMs: 12, cluster: 'c1', zone: 'us-east1-b' }
 * ```
 */
export function readBigtableResponseHeaders(metadata: unknown): BigtableResponseHeaders | undefined {
  if (!isMetadata(metadata)) return undefined;
  let serverLatencyMs: number | undefined;
  for (const value of metadata.get('server-timing')) {
    const match = typeof value === 'string' ? GFE_TIMING.exec(value) : null;
    if (match) {
      const ms = Number(match[1]);
      if (Number.isFinite(ms)) serverLatencyMs = ms;
    }
  }
  const params = metadata.get(RESPONSE_PARAMS_HEADER)[0];
  const { zone, cluster } = params instanceof Uint8Array ? decodeResponseParams(params) : {};
  return { serverLatencyMs, cluster, zone };
}
