// Edit (only when the studio runs with --allow-writes): change a row's editable properties and save with the row's
// version (optimistic locking: a concurrent change comes back as the library's conflict error, nothing
// overwritten), or delete the row after a confirmation.
import { useState } from 'preact/hooks';
import { apiPost, errorOf } from './api.js';
import { ErrorBox, useStatus } from './components.js';
import type { ApiError, EntityInfo, EntityRow } from './types.js';

type Scalar = string | number | boolean | null;

/** Codecs edited in a number field (int64 is a bigint: edited as its decimal text, so no digit is lost). */
const NUMBER_CODECS: ReadonlySet<string> = new Set(['float64', 'int64AsNumber']);

/**
 * What a field's text posts: numbers as numbers, an emptied field of anything but a string as null (the server
 * removes an optional value), the rest as text the server parses by the property's codec (int64, ISO dates).
 */
function fieldValue(codec: string, text: string): Scalar {
  if (codec === 'string') return text;
  if (text.trim() === '') return null;
  return NUMBER_CODECS.has(codec) && !Number.isNaN(Number(text)) ? Number(text) : text;
}

export function EditForm({
  entity,
  row,
  onDone,
}: {
  entity: EntityInfo;
  row: EntityRow;
  onDone: (change: 'saved' | 'deleted' | 'cancelled') => void;
}) {
  const editable = entity.properties.filter((p) => p.editable && row.values[p.name]?.json !== undefined);
  const [values, setValues] = useState<Record<string, Scalar>>(() =>
    Object.fromEntries(editable.map((p) => [p.name, row.values[p.name]!.json as Scalar])),
  );
  const [error, setError] = useState<ApiError>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const status = useStatus();
  const idPrefix = `edit-${row.key.hex}`;

  const run = async (what: 'save' | 'delete') => {
    setBusy(true);
    setError(undefined);
    try {
      if (what === 'save') {
        await apiPost('/api/rows/save', {
          entity: entity.name,
          key: row.key.hex,
          values,
          version: row.version,
        });
        status(`Saved row ${row.key.text}`);
        onDone('saved');
      } else {
        // With the version read, a versioned row changed since is refused instead of deleted.
        await apiPost('/api/rows/delete', { entity: entity.name, key: row.key.hex, version: row.version });
        status(`Deleted row ${row.key.text}`);
        onDone('deleted');
      }
    } catch (thrown) {
      const apiError = errorOf(thrown);
      setError(apiError);
      status(`${what === 'save' ? 'Save' : 'Delete'} refused: ${apiError.code}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      class="edit"
      aria-label={`Edit row ${row.key.text}`}
      onSubmit={(event) => {
        event.preventDefault();
        void run('save');
      }}
    >
      {editable.length === 0 ? <p>No property of this row can be edited here.</p> : null}
      {editable.map((property) => {
        const id = `${idPrefix}-${property.name}`;
        const value = values[property.name] ?? null;
        const set = (next: Scalar) => setValues({ ...values, [property.name]: next });
        return (
          <div class="field" key={property.name}>
            <label for={id}>
              {property.name} <span class="hint">({property.type})</span>
            </label>
            {property.type === 'boolean' ? (
              <input
                id={id}
                type="checkbox"
                checked={value === true}
                onChange={(e) => set((e.currentTarget as HTMLInputElement).checked)}
              />
            ) : NUMBER_CODECS.has(property.type) ? (
              <input
                id={id}
                type="number"
                step="any"
                placeholder="empty: no value"
                value={value === null ? '' : String(value)}
                onInput={(e) => set(fieldValue(property.type, (e.currentTarget as HTMLInputElement).value))}
              />
            ) : (
              <input
                id={id}
                type="text"
                placeholder={property.type === 'string' ? undefined : 'empty: no value'}
                value={value === null ? '' : String(value)}
                onInput={(e) => set(fieldValue(property.type, (e.currentTarget as HTMLInputElement).value))}
              />
            )}
          </div>
        );
      })}
      <ErrorBox error={error} />
      <div class="actions">
        <button type="submit" disabled={busy || editable.length === 0}>
          Save
        </button>
        <button type="button" onClick={() => onDone('cancelled')}>
          Cancel
        </button>
        {confirming ? (
          <>
            <button type="button" class="danger" disabled={busy} onClick={() => void run('delete')}>
              Confirm delete
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep the row
            </button>
          </>
        ) : (
          <button type="button" class="danger" onClick={() => setConfirming(true)}>
            Delete…
          </button>
        )}
      </div>
    </form>
  );
}
