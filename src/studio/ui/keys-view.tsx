// Key distribution: where the rows are. A histogram of the sampled rows grouped by their leading key parts, a heat
// strip over the key space (drawn in SVG: attributes, no inline styles, which the CSP forbids), SampleRowKeys'
// split points and the hotspot hints of the lint rules.
import { useState } from 'preact/hooks';
import { apiGet, errorOf } from './api.js';
import { BytesView, ErrorBox, NumberField, Select, useStatus } from './components.js';
import type { ApiError, KeysResponse, Overview } from './types.js';

export function KeysView({ overview }: { overview: Overview }) {
  const options = [
    ...overview.entities.map((e) => ({ value: `entity:${e.name}`, label: `${e.name} (table ${e.table})` })),
    ...overview.tables
      .filter((t) => t.claimedBy.length === 0)
      .map((t) => ({ value: `table:${t.name}`, label: t.name })),
  ];
  const [source, setSource] = useState(options[0]?.value ?? '');
  const [sample, setSample] = useState('2000');
  const [keys, setKeys] = useState<KeysResponse>();
  const [error, setError] = useState<ApiError>();
  const status = useStatus();
  const load = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const [kind, name] = [source.slice(0, source.indexOf(':')), source.slice(source.indexOf(':') + 1)];
    try {
      const body = await apiGet<KeysResponse>('/api/keys', {
        [kind === 'table' ? 'table' : 'entity']: name,
        sample,
      });
      setKeys(body);
      status(`Sampled ${body.sampled} keys in ${body.groups.length} groups`);
    } catch (thrown) {
      setKeys(undefined);
      setError(errorOf(thrown));
      status('The key distribution could not be read');
    }
  };
  return (
    <div class="keys">
      <form class="filters" aria-label="Key distribution" onSubmit={(event) => void load(event)}>
        <Select
          id="keys-source"
          label="Entity or table"
          value={source}
          options={options}
          onChange={setSource}
        />
        <NumberField id="keys-sample" label="Keys to sample" value={sample} max={20000} onInput={setSample} />
        <button type="submit">Show distribution</button>
      </form>
      <ErrorBox error={error} />
      {keys === undefined ? null : <Distribution keys={keys} />}
    </div>
  );
}

const WIDTH = 600;

function Distribution({ keys }: { keys: KeysResponse }) {
  const groups = keys.groups;
  const maxShare = Math.max(0.0001, ...groups.map((g) => g.share));
  const barHeight = 22;
  const maxCount = Math.max(1, ...keys.strip.map((s) => s.count));
  const cell = keys.strip.length === 0 ? WIDTH : WIDTH / keys.strip.length;
  return (
    <div>
      <p data-testid="sampled">
        {keys.sampled} row keys sampled{keys.complete === true ? ' (every key of the table)' : ''}.
      </p>
      <h3 id="histogram-title">Rows by leading key parts</h3>
      <svg
        class="histogram"
        data-testid="histogram"
        role="img"
        aria-labelledby="histogram-title"
        width={WIDTH + 220}
        height={Math.max(1, groups.length) * barHeight}
        viewBox={`0 0 ${WIDTH + 220} ${Math.max(1, groups.length) * barHeight}`}
      >
        {groups.map((group, index) => (
          <g key={`${group.depth}:${group.label}`} transform={`translate(0 ${index * barHeight})`}>
            <text x={0} y={barHeight - 7} class={`group-label depth-${group.depth}`}>
              {group.label}
            </text>
            <rect
              x={160}
              y={3}
              height={barHeight - 6}
              width={Math.max(1, (group.share / maxShare) * (WIDTH - 80))}
              class="bar"
            >
              <title>
                {group.label}: {group.count} rows ({(group.share * 100).toFixed(1)} %)
              </title>
            </rect>
            <text x={166 + (group.share / maxShare) * (WIDTH - 80)} y={barHeight - 7} class="bar-value">
              {group.count} ({(group.share * 100).toFixed(1)} %)
            </text>
          </g>
        ))}
      </svg>
      <h3 id="strip-title">Heat strip over the key space</h3>
      <svg
        class="strip"
        data-testid="strip"
        role="img"
        aria-labelledby="strip-title"
        width={WIDTH}
        height={40}
        viewBox={`0 0 ${WIDTH} 40`}
      >
        {keys.strip.map((segment, index) => (
          <rect
            key={index}
            x={index * cell}
            y={0}
            width={Math.max(1, cell - 1)}
            height={40}
            class="heat"
            fill-opacity={String(0.08 + 0.92 * (segment.count / maxCount))}
          >
            <title>
              {segment.label === undefined ? '' : `${segment.label}: `}
              {segment.from.text} … {segment.to.text}: {segment.count} rows
            </title>
          </rect>
        ))}
      </svg>
      <table class="data">
        <caption>Key-space segments (the strip above, as text)</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Rows</th>
          </tr>
        </thead>
        <tbody>
          {keys.strip.map((segment, index) => (
            <tr key={index}>
              <td>{segment.label ?? ''}</td>
              <td>
                <BytesView bytes={segment.from} mode="text" />
              </td>
              <td>
                <BytesView bytes={segment.to} mode="text" />
              </td>
              <td>{segment.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Hotspot hints</h3>
      {keys.hints.length === 0 ? (
        <p>No hotspot-prone layout found.</p>
      ) : (
        <ul class="hints" data-testid="hints">
          {keys.hints.map((hint, index) => (
            <li key={index} class={`severity-${hint.severity}`}>
              <span class="badge">{hint.severity}</span> <code>{hint.rule}</code>: {hint.message}
              {hint.fix === undefined ? null : <p class="fix">Fix: {hint.fix}</p>}
            </li>
          ))}
        </ul>
      )}
      <h3>Tablet split points (SampleRowKeys)</h3>
      <ol class="split-points">
        {keys.sampleRowKeys.map((point, index) => (
          <li key={index}>
            {point.key.size === 0 ? <em>end of the table</em> : <BytesView bytes={point.key} mode="text" />} —
            offset {point.offsetBytes} bytes
          </li>
        ))}
      </ol>
    </div>
  );
}
