// Query: build a find (key parts, where, select, reverse, limit) or a collection read, see its explain() and the
// ReadRows request, run it (rows and what the read cost) and copy it as TypeScript.
import { useState } from 'preact/hooks';
import { apiPost, errorOf } from './api.js';
import {
  CheckboxField,
  ErrorBox,
  KeyPartFields,
  NumberField,
  Select,
  ValueText,
  filledParts,
  useStatus,
} from './components.js';
import type {
  ApiError,
  EntityInfo,
  ExplainResponse,
  KeyPartsInput,
  Overview,
  QueryInput,
  RunResponse,
} from './types.js';

const OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'startsWith'] as const;

interface WhereLine {
  readonly id: number;
  readonly property: string;
  readonly op: string;
  readonly value: string;
}

export function QueryView({ overview }: { overview: Overview }) {
  const [entityName, setEntityName] = useState(overview.entities[0]?.name ?? '');
  const entity = overview.entities.find((e) => e.name === entityName);
  return (
    <div class="query">
      <Select
        id="query-entity"
        label="Entity"
        value={entityName}
        options={overview.entities.map((e) => ({ value: e.name, label: e.name }))}
        onChange={setEntityName}
      />
      {entity === undefined ? <p>No entity to query.</p> : <QueryForm key={entity.name} entity={entity} />}
    </div>
  );
}

function QueryForm({ entity }: { entity: EntityInfo }) {
  const [kind, setKind] = useState<'find' | 'collection'>('find');
  const [collection, setCollection] = useState(entity.collections[0] ?? '');
  const [prefix, setPrefix] = useState<KeyPartsInput>({});
  const [where, setWhere] = useState<WhereLine[]>([]);
  const [select, setSelect] = useState<string[]>([]);
  const [reverse, setReverse] = useState(false);
  const [limit, setLimit] = useState('');
  const [explained, setExplained] = useState<ExplainResponse>();
  const [ran, setRan] = useState<RunResponse>();
  const [error, setError] = useState<ApiError>();
  const [nextId, setNextId] = useState(1);
  const status = useStatus();

  const body = (): QueryInput => ({
    entity: entity.name,
    kind,
    ...(kind === 'collection' ? { collection } : {}),
    ...(filledParts(entity.keyParts, prefix) === undefined
      ? {}
      : { prefix: filledParts(entity.keyParts, prefix)! }),
    ...(where.length === 0
      ? {}
      : {
          where: where.map((w) => ({
            // In a collection read, a condition is about the member picked as the entity.
            ...(kind === 'collection' ? { member: entity.name } : {}),
            property: w.property,
            op: w.op,
            value: typedValue(entity, w),
          })),
        }),
    ...(select.length === 0 || kind === 'collection' ? {} : { select }),
    ...(reverse ? { reverse } : {}),
    ...(limit === '' ? {} : { limit: Number(limit) }),
  });
  const send = async (what: 'explain' | 'run') => {
    setError(undefined);
    try {
      if (what === 'explain') {
        setExplained(await apiPost<ExplainResponse>('/api/query/explain', body()));
        status('Query explained');
      } else {
        const result = await apiPost<RunResponse>('/api/query/run', body());
        setRan(result);
        status(`Query returned ${result.rows.length} rows`);
      }
    } catch (thrown) {
      const apiError = errorOf(thrown);
      setError(apiError);
      status(`Query refused: ${apiError.code}`);
    }
  };
  const properties = entity.properties;
  // Conditions may name a key part too (the server reads it by the part's type).
  const conditionTargets = [...entity.keyParts.map((k) => k.name), ...properties.map((p) => p.name)];
  return (
    <div>
      <form
        class="query-form"
        aria-label={`Query ${entity.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          void send('explain');
        }}
      >
        <Select
          id="query-kind"
          label="Read"
          value={kind}
          options={[
            { value: 'find', label: 'find (rows by key)' },
            ...(entity.collections.length === 0 ? [] : [{ value: 'collection', label: 'collection read' }]),
          ]}
          onChange={(value) => setKind(value === 'collection' ? 'collection' : 'find')}
        />
        {kind === 'collection' ? (
          <Select
            id="query-collection"
            label="Collection"
            value={collection}
            options={entity.collections.map((c) => ({ value: c, label: c }))}
            onChange={setCollection}
          />
        ) : null}
        <KeyPartFields
          idPrefix="query-key"
          legend="Key parts (leading prefix)"
          keyParts={entity.keyParts}
          values={prefix}
          onChange={setPrefix}
        />
        <fieldset>
          <legend>Where</legend>
          {where.map((line, index) => (
            <WhereFields
              key={line.id}
              line={line}
              index={index}
              targets={conditionTargets}
              onChange={(next) => setWhere(where.map((w) => (w.id === line.id ? next : w)))}
              onRemove={() => setWhere(where.filter((w) => w.id !== line.id))}
            />
          ))}
          <button
            type="button"
            onClick={() => {
              setWhere([...where, { id: nextId, property: conditionTargets[0] ?? '', op: 'eq', value: '' }]);
              setNextId(nextId + 1);
            }}
          >
            Add a condition
          </button>
        </fieldset>
        <fieldset hidden={kind === 'collection'}>
          <legend>Select (none: every property)</legend>
          {properties.map((p) => (
            <CheckboxField
              key={p.name}
              id={`query-select-${p.name}`}
              label={p.name}
              checked={select.includes(p.name)}
              onChange={(checked) =>
                setSelect(checked ? [...select, p.name] : select.filter((s) => s !== p.name))
              }
            />
          ))}
        </fieldset>
        <CheckboxField id="query-reverse" label="Reverse" checked={reverse} onChange={setReverse} />
        <NumberField id="query-limit" label="Limit" value={limit} max={1000} onInput={setLimit} />
        <div class="actions">
          <button type="submit">Explain</button>
          <button type="button" onClick={() => void send('run')}>
            Run
          </button>
        </div>
      </form>
      <ErrorBox error={error} />
      {explained === undefined ? null : (
        <section aria-labelledby="explain-title">
          <h3 id="explain-title">Explain</h3>
          <pre data-testid="explain">{explained.explainText}</pre>
          <h4>ReadRows request</h4>
          <pre data-testid="request">{JSON.stringify(explained.request, null, 2)}</pre>
          {explained.typescript === undefined ? null : (
            <>
              <h4>As TypeScript</h4>
              <pre>{explained.typescript}</pre>
            </>
          )}
        </section>
      )}
      {ran === undefined ? null : <RunResult entity={entity} result={ran} />}
    </div>
  );
}

function WhereFields({
  line,
  index,
  targets,
  onChange,
  onRemove,
}: {
  line: WhereLine;
  index: number;
  targets: readonly string[];
  onChange: (line: WhereLine) => void;
  onRemove: () => void;
}) {
  const id = `query-where-${line.id}`;
  return (
    <div class="where-line" role="group" aria-label={`Condition ${index + 1}`}>
      <Select
        id={`${id}-property`}
        label="Property"
        value={line.property}
        options={targets.map((name) => ({ value: name, label: name }))}
        onChange={(property) => onChange({ ...line, property })}
      />
      <Select
        id={`${id}-op`}
        label="Operator"
        value={line.op}
        options={OPS.map((op) => ({ value: op, label: op }))}
        onChange={(op) => onChange({ ...line, op })}
      />
      <div class="field">
        <label for={`${id}-value`}>Value{line.op === 'in' ? ' (comma-separated)' : ''}</label>
        <input
          id={`${id}-value`}
          value={line.value}
          onInput={(e) => onChange({ ...line, value: (e.currentTarget as HTMLInputElement).value })}
        />
      </div>
      <button type="button" onClick={onRemove}>
        Remove condition {index + 1}
      </button>
    </div>
  );
}

/**
 * The value of a condition as the server takes it: text, parsed there by the key part's type or the property's codec
 * (so an int64 keeps every digit); a boolean property's `true`/`false` as a boolean; `in` as a list.
 */
function typedValue(entity: EntityInfo, line: WhereLine): unknown {
  const type = entity.properties.find((p) => p.name === line.property)?.type;
  const one = (text: string): unknown => {
    const trimmed = text.trim();
    return type === 'boolean' && (trimmed === 'true' || trimmed === 'false') ? trimmed === 'true' : trimmed;
  };
  return line.op === 'in' ? line.value.split(',').map(one) : one(line.value);
}

function RunResult({ entity, result }: { entity: EntityInfo; result: RunResponse }) {
  const [copied, setCopied] = useState('');
  // A collection read mixes members: every member's properties, and which member each row is.
  const columns = [...new Set(result.rows.flatMap((row) => Object.keys(row.values)))];
  const members = result.rows.some((row) => row.entity !== undefined);
  return (
    <section aria-labelledby="run-title">
      <h3 id="run-title">Result</h3>
      <dl class="stats" data-testid="stats">
        {Object.entries(result.stats).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
          </div>
        ))}
      </dl>
      {result.analysisText === undefined ? null : <pre data-testid="analysis">{result.analysisText}</pre>}
      <table class="data" data-testid="query-rows">
        <caption>
          {entity.name}: {result.rows.length} rows
        </caption>
        <thead>
          <tr>
            <th scope="col">Row key</th>
            {members ? <th scope="col">Entity</th> : null}
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => (
            <tr key={row.key.hex}>
              <th scope="row">{row.key.text}</th>
              {members ? <td>{row.entity}</td> : null}
              {columns.map((c) => (
                <td key={c}>
                  <ValueText value={row.values[c]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <h4>As TypeScript</h4>
      <pre data-testid="typescript">{result.typescript}</pre>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(result.typescript).then(
            () => setCopied('Copied.'),
            () => setCopied('The browser refused the clipboard: select the text above.'),
          )
        }
      >
        Copy as TypeScript
      </button>
      <span role="status">{copied}</span>
    </section>
  );
}
