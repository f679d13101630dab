/** One field read by {@link ProtobufFields}: its number, and its value (a varint, or a length-delimited field's bytes). */
export interface ProtobufField {
  readonly field: number;
  readonly varint?: bigint;
  readonly bytes?: Uint8Array;
}

/**
 * A cursor over a protobuf message's fields, for the few messages the transport reads itself (a status's RetryInfo,
 * the MutateRows entries it encoded). Fixed-width fields are skipped; malformed bytes throw what `malformed` makes.
 *
 * @example
 * ```ts
 * for (const f = new ProtobufFields(bytes, () => new Error('malformed')); !f.done; ) console.log(f.next().field);
 * ```
 */
export class ProtobufFields {
  private pos = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly malformed: () => unknown,
  ) {}

  get done(): boolean {
    return this.pos >= this.bytes.length;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (this.pos >= this.bytes.length || shift > 63n) throw this.malformed();
      const byte = this.bytes[this.pos++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  }

  /** The next field (the bytes of a length-delimited one are a view of the message's, not a copy). */
  next(): ProtobufField {
    const tag = Number(this.varint());
    const field = tag >>> 3;
    switch (tag & 7) {
      case 0:
        return { field, varint: this.varint() };
      case 1:
        return this.skip(field, 8);
      case 2: {
        const length = Number(this.varint());
        const start = this.pos;
        this.skip(field, length);
        return { field, bytes: this.bytes.subarray(start, start + length) };
      }
      case 5:
        return this.skip(field, 4);
      default:
        throw this.malformed();
    }
  }

  private skip(field: number, count: number): { field: number } {
    if (count < 0 || this.pos + count > this.bytes.length) throw this.malformed();
    this.pos += count;
    return { field };
  }
}
