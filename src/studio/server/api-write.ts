import type { EntityMetadata } from '../../metadata/public/index.js';
import { InvalidArgumentError } from '../../index.js';
import { isEditable } from './describe-entities.js';
import { formValue } from './form-values.js';
import { hexBytes } from './query-params.js';
import type { StudioContext } from './studio-context.js';

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
 * cell is the CheckAndMutateRow condition). Any other entity through `repository.update` with `ifUnchanged`: the
 * edited columns must still hold exactly what the read decoded (no cell where it read none), else a conflict that
 * writes nothing.
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
  return context.exclusive(row, async () => {
    const read = Object.fromEntries(fields.map((f) => [f.property, current[f.property]]));
    await repository.update(meta.key.codec.decode(key) as never, changes as never, { ifUnchanged: read });
    Object.assign(row, changes);
    return { ok: true, version: context.remember(meta.name, row) };
  });
}

/**
 * `POST /api/rows/delete`: deletes a row through the repository. With the row's `version` token: for a versioned
 * entity only while the row still holds the version that was read, for another (without schema evolution) only
 * while its plain columns still hold what was read (`ifUnchanged`); OptimisticLockError otherwise. Else by key.
 */
export async function apiDelete(
  context: StudioContext,
  body: Readonly<Record<string, unknown>>,
): Promise<object> {
  const { meta, key, row } = rowOf(context, body);
  const repository = context.mapper.repository(meta.target);
  const keyParts = meta.key.codec.decode(key) as never;
  if (row !== undefined && meta.version !== undefined) await repository.delete(row as never);
  else {
    const read = row === undefined || meta.evolution !== undefined ? undefined : readColumns(meta, row);
    await repository.delete(keyParts, read === undefined ? {} : { ifUnchanged: read });
  }
  return { ok: true };
}

/**
 * What the read saw of every plain column of the row, the condition of a delete of an entity without `@Version`
 * (undefined when it has none: then the delete is by key).
 */
function readColumns(meta: EntityMetadata, row: object): Record<string, unknown> | undefined {
  const read = row as Record<string, unknown>;
  const columns = meta.fields.filter((f) => f.kind === 'column' && !f.versioned);
  if (columns.length === 0) return undefined;
  return Object.fromEntries(columns.map((f) => [f.property, read[f.property]]));
}
