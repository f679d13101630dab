import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';
import type { RowErrorDetails } from './row-error-details.js';

/**
 * A row is stored at a schema version this code cannot read: newer than the entity's current version (written by a
 * newer deployment, which an older one must never read and overwrite), or an old version no upcast step reads any
 * more (e.g. version 0, a row without the version cell, when the steps start at 1). Nothing was read or written.
 *
 * @example
 * ```ts
 * try { await users.get({ userId: 'u1' }); }
 * catch (e) { if (e instanceof SchemaVersionError) console.log(e.foundVersion, e.supportedVersions); }
 * ```
 */
export class SchemaVersionError extends BigtableMapperError implements RowErrorDetails {
  readonly entity: string;
  readonly key: Uint8Array;
  /** The version the row is stored at (0: no version cell). */
  readonly foundVersion: number;
  /** The versions this code reads: the `from` of each upcast step with a full chain to the current one, then the current. */
  readonly supportedVersions: readonly number[];
  readonly currentVersion: number;

  constructor(
    details: RowErrorDetails & {
      readonly foundVersion: number;
      readonly supportedVersions: readonly number[];
      readonly currentVersion: number;
    },
  ) {
    const why =
      details.foundVersion > details.currentVersion
        ? `newer than the current version ${details.currentVersion} (a newer deployment wrote it; it is never read or overwritten as an older one)`
        : `not readable: no upcast step reads version ${details.foundVersion}`;
    super(
      'SCHEMA_VERSION',
      `${details.entity} with key "${printableKey(details.key)}" is stored at schema version ${details.foundVersion}, ${why}; this code reads versions ${details.supportedVersions.join(', ')}`,
    );
    this.entity = details.entity;
    this.key = details.key;
    this.foundVersion = details.foundVersion;
    this.supportedVersions = Object.freeze([...details.supportedVersions]);
    this.currentVersion = details.currentVersion;
  }
}
