import { applyEntryChange, materializeChanges } from '../mapping/apply-entity-changes.js';
import { entryMutations } from '../mapping/build-update-mutations.js';
import { checkWriteLimits } from '../mapping/check-write-limits.js';
import { located } from '../mapping/locate-error.js';
import { saveTimestampMicros } from '../mapping/save-timestamp.js';
import type { MapFieldMetadata, SetFieldMetadata } from '../metadata/entity-metadata.js';
import { evolvingWrite } from './evolving/evolving-write.js';
import type { WriteTarget } from './write-target.js';
import { rowKeyOf } from '../mapping/key-input.js';
import { reportWarnings } from './report-warnings.js';
import { blindWrite } from './settle-write.js';

/**
 * Puts and removes entries of one Set or Map property of a row in one MutateRow, with no read and no existing row
 * needed (the body of `Repository.add`, `put` and `remove`). An evolving entity's entries go through
 * `evolvingWrite`, which keeps the row's schema-version token right.
 *
 * @example
 * ```ts
 * await writeEntries(target, { deviceId: 'x' }, collectionField(meta, 'tags', 'add', ['set']), { put: ['new'] });
 * ```
 */
export async function writeEntries<E extends object>(
  target: WriteTarget<E>,
  key: object,
  field: MapFieldMetadata | SetFieldMetadata,
  change: { readonly put?: Iterable<unknown>; readonly remove?: Iterable<unknown> },
): Promise<void> {
  const { meta } = target;
  const rowKey = rowKeyOf(meta, key);
  const ts = saveTimestampMicros(target.now);
  const evolving = meta.evolution !== undefined;
  const entries = evolving ? materializeChanges({ change }).change : change;
  const mutations = located(meta.name, field.property, () => entryMutations(field, entries, ts));
  if (mutations.length === 0) return;
  reportWarnings(
    target.onWarning,
    checkWriteLimits(
      meta.name,
      rowKey,
      mutations,
      mutations.map(() => field.property),
    ),
  );
  if (evolving) {
    await evolvingWrite(target, {
      key: rowKey,
      mutations,
      timestampMicros: ts,
      apply: (entity) => {
        const values = entity as Record<string, unknown>;
        values[field.property] = applyEntryChange(field, values[field.property], entries);
        return entity;
      },
      // An add/put creates the row like the plain write would; a remove of a missing row has nothing to do.
      onMissing: entries.put === undefined ? 'nothing' : 'create',
    });
    return;
  }
  await blindWrite(target, rowKey, mutations);
}
