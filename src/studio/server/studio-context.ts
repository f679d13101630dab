import { randomBytes } from 'node:crypto';
import type { Mapper } from '../../index.js';
import type { EntityMetadata } from '../../metadata/public/index.js';
import { StudioError } from './studio-error.js';

/** Tokens of the rows a page showed, kept to check an edit against exactly what was shown. */
const MAX_READ_TOKENS = 5_000;

/**
 * What the studio's routes share: the mapper, the entities it shows, whether writes are on, and the rows it handed
 * out (an edit posts back the opaque token of the row it edits; the server keeps the entity object the read returned,
 * so a save checks against the exact cells that read saw).
 *
 * @example
 * ```ts
 * const context = new StudioContext(mapper, [getEntityMetadata(Device)], false);
 * ```
 */
export class StudioContext {
  private readonly reads = new Map<string, { readonly entity: string; readonly row: object }>();
  private readonly busy = new WeakMap<object, Promise<unknown>>();

  constructor(
    readonly mapper: Mapper,
    readonly entities: readonly EntityMetadata[],
    readonly allowWrites: boolean,
  ) {}

  /** The entity named `name`, or a 404 refusal naming the loaded ones. */
  entity(name: unknown): EntityMetadata {
    const found = this.entities.find((e) => e.name === name);
    if (!found)
      throw new StudioError(
        404,
        'STUDIO_UNKNOWN_ENTITY',
        `no loaded entity is named ${JSON.stringify(name)}`,
        {
          entity: typeof name === 'string' ? name : null,
          loaded: this.entities.map((e) => e.name),
        },
      );
    return found;
  }

  /**
   * The collections the studio offers: per table, the loaded entities sharing it (two or more), by entity name. The
   * collection is named after the table; whether the members share leading key parts is the library's to check.
   */
  collections(): ReadonlyMap<string, Readonly<Record<string, EntityMetadata>>> {
    const byTable = new Map<string, Record<string, EntityMetadata>>();
    for (const meta of this.entities)
      byTable.set(meta.table, { ...byTable.get(meta.table), [meta.name]: meta });
    return new Map([...byTable].filter(([, members]) => Object.keys(members).length > 1));
  }

  /** Remembers a row a page showed and returns its token (the oldest are forgotten past 5,000). */
  remember(entity: string, row: object): string {
    const token = randomBytes(12).toString('base64url');
    this.reads.set(token, { entity, row });
    if (this.reads.size > MAX_READ_TOKENS) this.reads.delete(this.reads.keys().next().value!);
    return token;
  }

  /**
   * Runs `work` on a kept row once the edits before it on the same row have ended: a save changes the kept object
   * and undoes that when it fails, which two interleaved saves must never do to each other.
   */
  async exclusive<T>(row: object, work: () => Promise<T>): Promise<T> {
    const before = this.busy.get(row) ?? Promise.resolve();
    const run = before.then(work, work);
    this.busy.set(
      row,
      run.catch(() => undefined),
    );
    return run;
  }

  /** The row a token stands for, or a 409 refusal: an edit must start from a row the studio showed. */
  recall(entity: string, token: unknown): object {
    const read = typeof token === 'string' ? this.reads.get(token) : undefined;
    if (!read || read.entity !== entity)
      throw new StudioError(
        409,
        'STUDIO_STALE_ROW',
        'this row was not read by this studio (or too long ago): reload it and edit again',
        { entity },
      );
    return read.row;
  }
}
