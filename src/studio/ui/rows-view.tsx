// Rows: an entity's rows page by page (one page read per click, through the server's cursor), filtered by a key
// prefix or range typed as key-part fields and decoded through the entity; each row's raw cells on demand; tables
// no entity claims shown raw with the live-codegen guess beside them.
import { useEffect, useState } from 'preact/hooks';
import { apiGet, errorOf } from './api.js';
import { CellsTable, RowCells } from './row-cells.js';
import { EditForm } from './edit-form.js';
import {
  BytesView,
  CheckboxField,
  NumberField,
  ErrorBox,
  KeyPartFields,
  Select,
  ValueText,
  filledParts,
  useStatus,
} from './components.js';
import type {
  ApiError,
  EntityInfo,
  EntityRow,
  KeyPartsInput,
  Overview,
  RawRowsResponse,
  RowsResponse,
} from './types.js';

export function RowsView({ overview }: { overview: Overview }) {
  const unclaimed = overview.tables.filter((t) => t.claimedBy.length === 0);
  const options = [
    ...overview.entities.map((e) => ({ value: `entity:${e.name}`, label: `${e.name} (table ${e.table})` })),
    ...unclaimed.map((t) => ({ value: `table:${t.name}`, label: `${t.name} (raw: no entity claims it)` })),
  ];
  const [source, setSource] = useState(options[0]?.value ?? '');
  const entity = overview.entities.find((e) => `entity:${e.name}` === source);
  return (
    <div class="rows">
      <Select
        id="rows-source"
        label="Entity or table"
        value={source}
        options={options}
        onChange={setSource}
      />
      {entity !== undefined ? (
        <EntityRows key={entity.name} entity={entity} allowWrites={overview.allowWrites} />
      ) : source.startsWith('table:') ? (
        <RawTableRows key={source} table={source.slice('table:'.length)} />
      ) : (
        <p>No entity or table to show.</p>
      )}
    </div>
  );
}

interface RowsQuery {
  readonly prefix?: KeyPartsInput;
  readonly start?: KeyPartsInput;
  readonly end?: KeyPartsInput;
  readonly reverse: boolean;
  readonly pageSize: number;
}

/** Cursor paging: `cursors[i]` opens page i (undefined for the first), so "previous" needs no offset scan. */
function usePages<T extends { nextCursor: string | null }>(load: (cursor: string | undefined) => Promise<T>) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const open = async (stack: (string | undefined)[]) => {
    setBusy(true);
    setError(undefined);
    try {
      const body = await load(stack[stack.length - 1]);
      setCursors(stack);
      setPage(body);
      return body;
    } catch (thrown) {
      setError(errorOf(thrown));
      setPage(undefined);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return {
    page,
    error,
    busy,
    pageNumber: cursors.length,
    first: () => open([undefined]),
    reload: () => open(cursors),
    next: () => (page?.nextCursor == null ? undefined : open([...cursors, page.nextCursor])),
    previous: () => (cursors.length <= 1 ? undefined : open(cursors.slice(0, -1))),
  };
}

function Pager({ pages }: { pages: ReturnType<typeof usePages<{ nextCursor: string | null }>> }) {
  return (
    <nav class="pager" aria-label="Pages">
      <button
        type="button"
        disabled={pages.busy || pages.pageNumber <= 1}
        onClick={() => void pages.previous()}
      >
        Previous page
      </button>
      <span data-testid="page-number">Page {pages.pageNumber}</span>
      <button
        type="button"
        disabled={pages.busy || pages.page?.nextCursor == null}
        onClick={() => void pages.next()}
      >
        Next page
      </button>
    </nav>
  );
}

function EntityRows({ entity, allowWrites }: { entity: EntityInfo; allowWrites: boolean }) {
  const [mode, setMode] = useState<'prefix' | 'range'>('prefix');
  const [prefix, setPrefix] = useState<KeyPartsInput>({});
  const [start, setStart] = useState<KeyPartsInput>({});
  const [end, setEnd] = useState<KeyPartsInput>({});
  const [reverse, setReverse] = useState(false);
  const [pageSize, setPageSize] = useState('20');
  const [query, setQuery] = useState<RowsQuery>({ reverse: false, pageSize: 20 });
  const [open, setOpen] = useState<{ key: string; what: 'cells' | 'edit' }>();
  const status = useStatus();
  const pages = usePages<RowsResponse>((cursor) =>
    apiGet<RowsResponse>('/api/rows', {
      entity: entity.name,
      pageSize: query.pageSize,
      prefix: json(query.prefix),
      start: json(query.start),
      end: json(query.end),
      reverse: query.reverse ? 1 : undefined,
      cursor,
    }),
  );
  useEffect(() => {
    setOpen(undefined);
    void pages.first().then((body) => {
      status(
        body === undefined
          ? `${entity.name}: the rows could not be read`
          : `${entity.name}: page 1, ${body.rows.length} rows`,
      );
    });
  }, [query]);

  const submit = (event: Event) => {
    event.preventDefault();
    setQuery(
      mode === 'prefix'
        ? { prefix: filledParts(entity.keyParts, prefix), reverse, pageSize: Number(pageSize) || 20 }
        : {
            start: filledParts(entity.keyParts, start),
            end: filledParts(entity.keyParts, end),
            reverse,
            pageSize: Number(pageSize) || 20,
          },
    );
  };
  const columns = entity.properties.map((p) => p.name);
  return (
    <div>
      <form class="filters" aria-label={`Filter ${entity.name} rows`} onSubmit={submit}>
        <Select
          id="rows-mode"
          label="Select rows by"
          value={mode}
          options={[
            { value: 'prefix', label: 'key prefix' },
            { value: 'range', label: 'key range' },
          ]}
          onChange={(value) => setMode(value === 'range' ? 'range' : 'prefix')}
        />
        {mode === 'prefix' ? (
          <KeyPartFields
            idPrefix="prefix"
            legend="Key prefix (leading parts)"
            keyParts={entity.keyParts}
            values={prefix}
            onChange={setPrefix}
          />
        ) : (
          <>
            <KeyPartFields
              idPrefix="start"
              legend="Range start (inclusive)"
              keyParts={entity.keyParts}
              values={start}
              onChange={setStart}
            />
            <KeyPartFields
              idPrefix="end"
              legend="Range end (exclusive)"
              keyParts={entity.keyParts}
              values={end}
              onChange={setEnd}
            />
          </>
        )}
        <CheckboxField id="rows-reverse" label="Reverse" checked={reverse} onChange={setReverse} />
        <NumberField
          id="rows-page-size"
          label="Rows per page"
          value={pageSize}
          max={500}
          onInput={setPageSize}
        />
        <button type="submit">Show rows</button>
      </form>
      <ErrorBox error={pages.error} />
      <Pager pages={pages} />
      {pages.page === undefined ? null : (
        <table class="data" data-testid="rows">
          <caption>
            {entity.name} rows, page {pages.pageNumber}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row key</th>
              {columns.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {pages.page.rows.map((row) => (
              <EntityRowLines
                key={row.key.hex}
                row={row}
                entity={entity}
                columns={columns}
                allowWrites={allowWrites}
                open={open?.key === row.key.hex ? open.what : undefined}
                setOpen={(what) => setOpen(what === undefined ? undefined : { key: row.key.hex, what })}
                onChanged={() => void pages.reload()}
              />
            ))}
          </tbody>
        </table>
      )}
      {pages.page !== undefined && pages.page.rows.length === 0 ? <p>No rows.</p> : null}
    </div>
  );
}

function EntityRowLines({
  row,
  entity,
  columns,
  allowWrites,
  open,
  setOpen,
  onChanged,
}: {
  row: EntityRow;
  entity: EntityInfo;
  columns: readonly string[];
  allowWrites: boolean;
  open: 'cells' | 'edit' | undefined;
  setOpen: (what: 'cells' | 'edit' | undefined) => void;
  onChanged: () => void;
}) {
  return (
    <>
      <tr data-key={row.key.text}>
        <th scope="row">
          <BytesView bytes={row.key} mode="text" />
        </th>
        {row.decodeError === undefined ? (
          columns.map((name) => (
            <td key={name}>
              <ValueText value={row.values[name]} />
            </td>
          ))
        ) : (
          <td colSpan={columns.length}>
            <ErrorBox error={row.decodeError} />
          </td>
        )}
        <td class="actions">
          <button
            type="button"
            aria-expanded={open === 'cells'}
            onClick={() => setOpen(open === 'cells' ? undefined : 'cells')}
          >
            Cells
          </button>
          {allowWrites && row.version !== undefined ? (
            <button
              type="button"
              aria-expanded={open === 'edit'}
              onClick={() => setOpen(open === 'edit' ? undefined : 'edit')}
            >
              Edit
            </button>
          ) : null}
        </td>
      </tr>
      {open === undefined ? null : (
        <tr class="detail">
          <td colSpan={columns.length + 2}>
            {open === 'cells' ? (
              <RowCells source={{ entity: entity.name }} keyHex={row.key.hex} />
            ) : (
              <EditForm
                entity={entity}
                row={row}
                onDone={(change) => {
                  setOpen(undefined);
                  if (change !== 'cancelled') onChanged();
                }}
              />
            )}
          </td>
        </tr>
      )}
    </>
  );
}

function RawTableRows({ table }: { table: string }) {
  const status = useStatus();
  const pages = usePages<RawRowsResponse>((cursor) =>
    apiGet<RawRowsResponse>('/api/raw-rows', { table, pageSize: 20, cursor }),
  );
  useEffect(() => {
    void pages.first().then((body) => {
      status(
        body === undefined
          ? `${table}: the rows could not be read`
          : `${table}: page 1, ${body.rows.length} raw rows`,
      );
    });
  }, [table]);
  const guess = pages.page?.guess;
  return (
    <div class="raw">
      <ErrorBox error={pages.error} />
      <Pager pages={pages} />
      <div class="raw-layout">
        <div class="raw-rows">
          {pages.page?.rows.map((row) => (
            <section key={row.key.hex} class="raw-row">
              <h3>
                <BytesView bytes={row.key} mode="text" />
              </h3>
              <CellsTable cells={row.cells} caption={`Cells of row ${row.key.text}`} />
            </section>
          ))}
        </div>
        {guess == null ? null : (
          <section class="guess" aria-labelledby="guess-title">
            <h3 id="guess-title">What codegen guesses from these rows</h3>
            <pre data-testid="guess">{guess.source}</pre>
            <ul>
              {guess.notes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

function json(value: KeyPartsInput | undefined): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}
