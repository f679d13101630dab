import type { EntityMetadata, FieldMetadata } from '../../metadata/public/index.js';
import { InvalidArgumentError, OptimisticLockError } from '../../index.js';
import { buildUpdateMutations } from '../../mapping/build-update-mutations.js';
import { validateChanges } from '../../mapping/validate-entity.js';
import { checkAndMutateRow } from '../../transport/check-and-mutate-row.js';
import { tableIdOf } from './api-overview.js';
import { isEditable } from './describe-entities.js';
import { formValue } from './form-values.js';
import { hexBytes } from './query-params.js';
import type { StudioContext } from './studio-context.js';
import { unchangedPredicate } from './unchanged-predicate.js';

function refuse(meta: EntityMetadata, argument: string, value: unknown, expected: string): never {
  throw new InvalidArgumentError({ api: 'studio save', argument, entity: meta.name, value, expected });
}

/** The row a save or delete names: the entity, the key (checked against the row the token stands for) and the row. */
function rowOf(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): { meta: EntityMetadata; key: Uint8Array; row: object | undefined } {
  const meta = context.entity(body.entity);
  const key = hexBytes('key', body.key);
  const row = body.version === undefined ? undefined : context.recall(meta.name, body.version);
  if (row !== undefined) {
    const rowKey = context.mapper.repository(meta.target).keyOf(row as never);
    if (Buffer.compare(Buffer.from(rowKey), Buffer.from(key)) !== 0)
      refuse(meta, 'key', body.key, 'the key of the row the version token was read with');
  }
  return { meta, key, row };
}

/**
 * `POST /api/rows/save`: writes the edited properties of a row the studio showed, never over a concurrent change.
 * A versioned entity is saved through the repository with the entity object the read returned (its exact version
 * cell is the CheckAndMutateRow condition). Any other entity gets the repository's update mutations (DeleteFromColumn
 * + SetCell of each edited column) in one CheckAndMutateRow whose predicate holds only while every edited column
 * still has exactly the bytes the read decoded (or no cell when it read none): a conflict writes nothing.
 */
export async function apiSave(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  const { meta, key } = rowOf(context, body);
  const row = context.recall(meta.name, body.version);
  const values = body.values;
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    refuse(meta, 'values', values, 'an object of property values');
  const changes: Record<string, unknown> = {};
  const fields = Object.keys(values).map((property) => {
    const field = meta.fields.find((f) => f.property === property);
    if (!field || !isEditable(field))
      refuse(meta, `values.${property}`, property, 'an editable property (a plain column of a scalar codec)');
    changes[property] = formValue(meta, field, (values as Record<string, unknown>)[property]) ?? undefined;
    return field;
  });
  if (fields.length === 0) refuse(meta, 'values', values, 'at least one property');
  const repository = context.mapper.repository(meta.target);
  const current = row as Record<string, unknown>;
  if (meta.version !== undefined)
    return context.exclusive(row, async () => {
      const before = Object.fromEntries(fields.map((f) => [f.property, current[f.property]]));
      Object.assign(row, changes);
      try {
        await repository.save(row as never);
      } catch (error) {
        Object.assign(row, before); // the object stays what was read, for an honest retry after a reload
        throw error;
      }
      return { ok: true, version: context.remember(meta.name, row) };
    });
  if (meta.evolution !== undefined)
    refuse(meta, 'entity', meta.name, 'an entity with a @Version to be edited (it has a schema version)');
  return context.exclusive(row, () => saveUnversioned(context, meta, key, row, fields, changes));
}

/** The conditional edit of an entity without `@Version` (see {@link apiSave}). */
async function saveUnversioned(
  context: StudioContext,
  meta: EntityMetadata,
  key: Uint8Array,
  row: object,
  fields: readonly FieldMetadata[],
  changes: Record<string, unknown>,
): Promise<object> {
  const current = row as Record<string, unknown>;
  const keyParts = meta.key.codec.decode(key);
  await validateChanges(meta, keyParts, changes as never);
  const update = buildUpdateMutations(meta, keyParts, changes as never, { now: Date.now });
  const applied = await checkAndMutateRow(
    context.mapper.connection,
    tableIdOf(context, meta.table),
    update.key,
    {
      predicate: unchangedPredicate(fields, current),
      onMatch: update.mutations,
    },
  );
  if (!applied)
    throw new OptimisticLockError({ entity: meta.name, key: update.key, expectedVersion: undefined });
  Object.assign(row, changes);
  return { ok: true, version: context.remember(meta.name, row) };
}

/**
 * `POST /api/rows/delete`: deletes a row through the repository. With the row's `version` token and a versioned
 * entity, only while the row still holds the version that was read (OptimisticLockError otherwise); else by key.
 */
export async function apiDelete(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  const { meta, key, row } = rowOf(context, body);
  const repository = context.mapper.repository(meta.target);
  if (row !== undefined && meta.version !== undefined) await repository.delete(row as never);
  else await repository.delete(meta.key.codec.decode(key) as never);
  return { ok: true };
}
