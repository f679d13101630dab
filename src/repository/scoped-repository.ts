import type { KeyParts, ScopedKeyPrefix, ScopedNonEmptyKeyPrefix } from '../mapping/key-input.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { Query } from '../query/index.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { DeleteByPrefixOptions } from '../write/write-options.js';
import { fillScope } from './fill-scope.js';
import { Repository } from './repository.js';
import type { RepositoryOptions } from './repository-options.js';
import type { ScopeValues } from '../metadata/scoped-metadata.js';

/**
 * A repository bound to a scope (`mapper.scope({ tenant }).repository(Order)`): its metadata's key codec refuses
 * keys outside the scope and cuts every range to it, and `find`/`scan`/`deleteByPrefix` add the scope's values
 * where the caller leaves them out, so a query or prefix delete without them reads or drops the scope's rows only;
 * every method taking a key (`get`, `getMany`, `delete`, `increment`, …) fills them in the same way, and its type
 * lets them be left out (`ScopedKey`).
 *
 * @example
 * ```ts
 * const phones = mapper.scope({ deviceType: 'phone' }).repository(Device);
 * await phones.find().toArray(); // the phones only
 * await phones.get({ deviceId: 'x' }); // the key { deviceType: 'phone', deviceId: 'x' }
 * ```
 */
export class ScopedRepository<
  E extends object,
  K extends KeyParts<E> | undefined = undefined,
  S extends keyof E & string = never,
> extends Repository<E, K, S> {
  /** @internal Made by `Scope.repository`. */
  constructor(
    connection: BigtableConnection,
    meta: EntityMetadata<E>,
    options: RepositoryOptions,
    private readonly scopeValues: ScopeValues,
    observer: CallObserver<MappingWarning>,
  ) {
    super(connection, meta, options, observer);
  }

  /** @internal Keys may leave the scope's key parts out: the scope's values fill them in. */
  protected override inScope<T>(key: T): T {
    return fillScope(key, this.scopeValues);
  }

  override find(keyPrefix: ScopedKeyPrefix<E, K, S> = {} as ScopedKeyPrefix<E, K, S>): Query<E> {
    return super.find(fillScope(keyPrefix, this.scopeValues));
  }

  override async deleteByPrefix(
    partialKey: ScopedNonEmptyKeyPrefix<E, K, S>,
    options?: DeleteByPrefixOptions,
  ): Promise<void>;
  override async deleteByPrefix(
    partialKey: ScopedKeyPrefix<E, K, S>,
    options: DeleteByPrefixOptions & { readonly allowEntireEntity: true },
  ): Promise<void>;
  override async deleteByPrefix(
    partialKey: ScopedKeyPrefix<E, K, S> | ScopedNonEmptyKeyPrefix<E, K, S>,
    options: DeleteByPrefixOptions = {},
  ): Promise<void> {
    return super.deleteByPrefix(
      fillScope(partialKey, this.scopeValues) as ScopedNonEmptyKeyPrefix<E, K, S>,
      options,
    );
  }
}
