export { BigtableMapperError } from './bigtable-mapper-error.js';
export type { ErrorCode, BigtableMapperErrorOptions } from './bigtable-mapper-error.js';
export { TransportError } from './transport-error.js';
export { EmulatorUnavailableError } from './emulator-unavailable-error.js';
