// One row as Bigtable stores it: every cell, every version, with qualifier, timestamp and value bytes as text or hex.
import { useEffect, useState } from 'preact/hooks';
import { apiGet, errorOf } from './api.js';
import { BytesModeToggle, BytesView, ErrorBox, useBytesMode } from './components.js';
import type { ApiError, Cell, RawRow } from './types.js';

/** Fetches and shows the cells of the row `keyHex` of an entity (or of a table no entity claims). */
export function RowCells({
  source,
  keyHex,
}: {
  source: { entity: string } | { table: string };
  keyHex: string;
}) {
  const [row, setRow] = useState<RawRow>();
  const [error, setError] = useState<ApiError>();
  useEffect(() => {
    setRow(undefined);
    setError(undefined);
    apiGet<RawRow>('/api/row', { ...source, key: keyHex }).then(setRow, (thrown: unknown) =>
      setError(errorOf(thrown)),
    );
  }, [keyHex, 'entity' in source ? source.entity : source.table]);
  if (error !== undefined) return <ErrorBox error={error} />;
  if (row === undefined) return <p>Loading cells…</p>;
  return <CellsTable cells={row.cells} caption={`Cells of row ${row.key.text}`} />;
}

/** A table of cells with a text/hex switch. */
export function CellsTable({ cells, caption }: { cells: readonly Cell[]; caption: string }) {
  const [mode, setMode] = useBytesMode();
  return (
    <div class="cells" data-testid="cells">
      <BytesModeToggle mode={mode} onChange={setMode} />
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Family</th>
            <th scope="col">Qualifier</th>
            <th scope="col">Timestamp (µs)</th>
            <th scope="col">Version</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {cells.map((cell, index) => (
            <tr key={index}>
              <td>{cell.family}</td>
              <td>
                <BytesView bytes={cell.qualifier} mode={mode} />
              </td>
              <td>{cell.timestampMicros}</td>
              <td>{versionOf(cells, index)}</td>
              <td>
                <BytesView bytes={cell.value} mode={mode} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 1 for the newest cell of its column, 2 for the one before, … (cells arrive newest first within a column). */
function versionOf(cells: readonly Cell[], index: number): number {
  const cell = cells[index]!;
  let version = 1;
  for (let i = index - 1; i >= 0; i--) {
    const before = cells[i]!;
    if (before.family !== cell.family || before.qualifier.hex !== cell.qualifier.hex) break;
    version += 1;
  }
  return version;
}
