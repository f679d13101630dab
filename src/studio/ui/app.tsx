// The studio's shell: the overview (which instance, which entities, whether writes are on), the view tabs and the
// status line screen readers hear.
import { useEffect, useState } from 'preact/hooks';
import { apiGet, errorOf } from './api.js';
import { ErrorBox, StatusContext } from './components.js';
import { KeysView } from './keys-view.js';
import { QueryView } from './query-view.js';
import { RowsView } from './rows-view.js';
import { SchemaView } from './schema-view.js';
import type { ApiError, Overview } from './types.js';

const VIEWS = [
  { id: 'schema', label: 'Schema' },
  { id: 'rows', label: 'Rows' },
  { id: 'query', label: 'Query' },
  { id: 'keys', label: 'Key distribution' },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

export function App() {
  const [overview, setOverview] = useState<Overview>();
  const [error, setError] = useState<ApiError>();
  const [view, setView] = useState<ViewId>(initialView());
  const [status, setStatus] = useState('Loading…');
  useEffect(() => {
    apiGet<Overview>('/api/overview').then(
      (body) => {
        setOverview(body);
        setStatus(`Connected to ${body.project}/${body.instance}`);
      },
      (thrown: unknown) => {
        setError(errorOf(thrown));
        setStatus('The studio could not load its overview');
      },
    );
  }, []);
  const select = (next: ViewId) => {
    setView(next);
    // The view is in the fragment, so a reload (or a shared link) opens the same one; the token stays in the query.
    history.replaceState(null, '', `${location.search}#${next}`);
  };
  // Roving focus (the ARIA tabs pattern): Tab reaches the selected tab, the arrow keys move between tabs.
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length]!;
    select(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <StatusContext.Provider value={setStatus}>
      <header>
        <h1>bigtable-mapper studio</h1>
        {overview === undefined ? null : (
          <p class="instance" data-testid="instance">
            {overview.project} / {overview.instance}
            {overview.emulator ? <span class="badge">emulator</span> : null}
            {overview.allowWrites ? (
              <span class="badge warn">writes allowed</span>
            ) : (
              <span class="badge">read-only</span>
            )}
            {overview.version === '' ? null : <span class="version">v{overview.version}</span>}
          </p>
        )}
        <p class="status" role="status" aria-live="polite" data-testid="status">
          {status}
        </p>
      </header>
      <ErrorBox error={error} />
      {overview === undefined ? null : (
        <>
          <nav class="tabs" role="tablist" aria-label="Views">
            {VIEWS.map((v, index) => (
              <button
                type="button"
                role="tab"
                id={`tab-${v.id}`}
                key={v.id}
                aria-selected={view === v.id}
                tabIndex={view === v.id ? 0 : -1}
                aria-controls={`panel-${v.id}`}
                onClick={() => select(v.id)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {v.label}
              </button>
            ))}
          </nav>
          <main>
            <div id={`panel-${view}`} role="tabpanel" aria-labelledby={`tab-${view}`}>
              {view === 'schema' ? <SchemaView /> : null}
              {view === 'rows' ? <RowsView overview={overview} /> : null}
              {view === 'query' ? <QueryView overview={overview} /> : null}
              {view === 'keys' ? <KeysView overview={overview} /> : null}
            </div>
          </main>
        </>
      )}
    </StatusContext.Provider>
  );
}

function initialView(): ViewId {
  const wanted = location.hash.slice(1);
  return VIEWS.find((v) => v.id === wanted)?.id ?? 'schema';
}
