// Fixed-width big-endian numbers without a DataView per value: a DataView costs an object per call and is far
// slower than copying eight bytes through one shared typed array (the host is little-endian on every platform
// Node ships for; the byte order is checked once at load and handled either way).
const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
const scratch = new Uint8Array(f64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// Node's Buffer.allocUnsafe hands out small buffers as views of a shared pool: one object per value instead of a
// typed array with its own ArrayBuffer, which halves what a save leaves for the garbage collector.
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

function fromScratch(): Uint8Array {
  const out = NodeBuffer === undefined ? new Uint8Array(8) : NodeBuffer.allocUnsafe(8);
  if (LITTLE_ENDIAN) {
    out[0] = scratch[7]!;
    out[1] = scratch[6]!;
    out[2] = scratch[5]!;
    out[3] = scratch[4]!;
    out[4] = scratch[3]!;
    out[5] = scratch[2]!;
    out[6] = scratch[1]!;
    out[7] = scratch[0]!;
  } else out.set(scratch);
  return out;
}

function toScratch(bytes: Uint8Array): void {
  if (LITTLE_ENDIAN) {
    scratch[0] = bytes[7]!;
    scratch[1] = bytes[6]!;
    scratch[2] = bytes[5]!;
    scratch[3] = bytes[4]!;
    scratch[4] = bytes[3]!;
    scratch[5] = bytes[2]!;
    scratch[6] = bytes[1]!;
    scratch[7] = bytes[0]!;
  } else scratch.set(bytes.subarray(0, 8));
}

/** 8-byte big-endian IEEE-754 of a number. */
export function float64BigEndian(value: number): Uint8Array {
  f64[0] = value;
  return fromScratch();
}

/** The number in 8 big-endian IEEE-754 bytes (the caller checks the length). */
export function readFloat64BigEndian(bytes: Uint8Array): number {
  toScratch(bytes);
  return f64[0]!;
}

/** 8-byte big-endian two's complement of a bigint within int64 (the caller checks the range). */
export function int64BigEndian(value: bigint): Uint8Array {
  i64[0] = value;
  return fromScratch();
}

/** The int64 in 8 big-endian bytes (the caller checks the length). */
export function readInt64BigEndian(bytes: Uint8Array): bigint {
  toScratch(bytes);
  return i64[0]!;
}
