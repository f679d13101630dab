// Schema: the live tables (families, GC rules, aggregate types, row-key schema), the drift against the declared
// entities (the plan of `schema check`) and the lint findings with their fixes.
import { useEffect, useState } from 'preact/hooks';
import { apiGet, errorOf } from './api.js';
import { ErrorBox, useStatus } from './components.js';
import type { ApiError, SchemaResponse } from './types.js';

export function SchemaView() {
  const [schema, setSchema] = useState<SchemaResponse>();
  const [error, setError] = useState<ApiError>();
  const status = useStatus();
  useEffect(() => {
    status('Loading the schema…');
    apiGet<SchemaResponse>('/api/schema').then(
      (body) => {
        setSchema(body);
        status(
          `Schema: ${body.tables.length} tables, ${body.drift.length} drift items, ${body.lint.length} lint findings`,
        );
      },
      (thrown: unknown) => {
        setError(errorOf(thrown));
        status('The schema could not be read');
      },
    );
  }, []);
  if (error !== undefined) return <ErrorBox error={error} />;
  if (schema === undefined) return <p>Loading…</p>;
  return (
    <div class="schema">
      <h2>Tables</h2>
      {schema.tables.map((table) => (
        <section class="table-card" key={table.name} aria-labelledby={`table-${table.name}`}>
          <h3 id={`table-${table.name}`}>
            {table.name} {table.exists ? null : <span class="badge warn">missing</span>}
          </h3>
          <p>Claimed by: {table.claimedBy.length === 0 ? <em>no entity</em> : table.claimedBy.join(', ')}</p>
          {table.rowKeySchema === undefined ? null : (
            <p>
              Row-key schema: <code>{table.rowKeySchema}</code>
            </p>
          )}
          <table>
            <caption>Column families of {table.name}</caption>
            <thead>
              <tr>
                <th scope="col">Family</th>
                <th scope="col">GC rule</th>
                <th scope="col">Aggregate type</th>
              </tr>
            </thead>
            <tbody>
              {table.families.map((family) => (
                <tr key={family.name}>
                  <td>{family.name}</td>
                  <td>{family.gcRule}</td>
                  <td>{family.aggregateType ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <h2>Drift</h2>
      {(schema.driftNotes ?? []).map((note, index) => (
        <p class="hint" key={index}>
          {note}
        </p>
      ))}
      {schema.drift.length === 0 ? (
        <p data-testid="no-drift">The tables match the declared entities.</p>
      ) : (
        <ul class="drift">
          {schema.drift.map((item, index) => (
            <li key={index}>
              <strong>{item.table}</strong> {item.kind}: {item.description}
              {item.destructive ? <span class="badge warn"> destructive</span> : null}
            </li>
          ))}
        </ul>
      )}
      <h2>Lint</h2>
      {schema.lint.length === 0 ? (
        <p>No lint findings.</p>
      ) : (
        <ul class="lint">
          {schema.lint.map((finding, index) => (
            <li key={index} class={`severity-${finding.severity}`}>
              <span class="badge">{finding.severity}</span> <code>{finding.rule}</code>
              {finding.entity === undefined ? null : (
                <strong>
                  {' '}
                  {finding.entity}
                  {finding.property === undefined ? '' : `.${finding.property}`}
                </strong>
              )}
              : {finding.message}
              {finding.fix === undefined ? null : <p class="fix">Fix: {finding.fix}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
