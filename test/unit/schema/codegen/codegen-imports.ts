// What generated entity sources import in the round-trip tests: the protobuf types built by reflection and the user
// codecs of the example and fixture entities (codecs compare by name, so equal copies stand in for them).
import { Codecs } from '../../../../decorators/index.js';

export { Thumbnail, pointCodec as point32 } from '../../../fixtures/entities/video-entity.js';
export { AddressType as Address } from '../../../../examples/evolving-user.js';

/** The comma-separated list codec of examples/video-row.ts. */
export const csv = Codecs.custom<string[]>({
  name: 'csv',
  encode: (v) => Buffer.from(v.join(',')),
  decode: (b) => Buffer.from(b).toString().split(','),
});

/** The decimal-text price codec of examples/product-catalog.ts. */
export const decimal = Codecs.custom<number>({
  name: 'decimal',
  encode: (n) => Buffer.from(String(n)),
  decode: (b) => Number(Buffer.from(b).toString()),
});
