// Small pieces every view shares. Every value is rendered as text (preact escapes it); nothing here sets HTML.
import { createContext } from 'preact';
import { useContext, useState } from 'preact/hooks';
import type { ApiError, Bytes, KeyPartInfo, KeyPartsInput, Value } from './types.js';

/** Announces a status line in the app's aria-live region. */
export const StatusContext = createContext<(message: string) => void>(() => undefined);

export function useStatus(): (message: string) => void {
  return useContext(StatusContext);
}

/** The library's typed error: name, code and message, announced to screen readers. */
export function ErrorBox({ error }: { error: ApiError | undefined }) {
  if (error === undefined) return null;
  return (
    <div class="error" role="alert" data-testid="error">
      <strong class="error-name">{error.name}</strong> <code class="error-code">{error.code}</code>
      <p class="error-message">{error.message}</p>
    </div>
  );
}

/** A bytes preview, as text or hex, with its size and whether it was cut. */
export function BytesView({ bytes, mode }: { bytes: Bytes; mode: 'text' | 'hex' }) {
  const shown = mode === 'hex' ? bytes.hex.replace(/(..)(?!$)/g, '$1 ') : bytes.text;
  return (
    <span class={`bytes bytes-${mode}`} title={`${bytes.size} bytes${bytes.utf8 ? '' : ', not plain UTF-8'}`}>
      {shown}
      {bytes.truncated ? <em class="truncated"> … ({bytes.size} bytes in all)</em> : null}
    </span>
  );
}

/** A decoded value's preview text. */
export function ValueText({ value }: { value: Value | undefined }) {
  if (value === undefined) return <span class="absent">—</span>;
  return (
    <span class={`value value-${value.type}`}>
      {value.text}
      {value.truncated ? <em class="truncated"> … (truncated)</em> : null}
    </span>
  );
}

/** A text/hex switch for byte values. */
export function BytesModeToggle({
  mode,
  onChange,
}: {
  mode: 'text' | 'hex';
  onChange: (mode: 'text' | 'hex') => void;
}) {
  return (
    <button
      type="button"
      class="toggle"
      aria-pressed={mode === 'hex'}
      onClick={() => onChange(mode === 'hex' ? 'text' : 'hex')}
    >
      {mode === 'hex' ? 'Show bytes as text' : 'Show bytes as hex'}
    </button>
  );
}

/** Typed fields for an entity's key parts (the server parses each by its declared type). */
export function KeyPartFields({
  idPrefix,
  legend,
  keyParts,
  values,
  onChange,
}: {
  idPrefix: string;
  legend: string;
  keyParts: readonly KeyPartInfo[];
  values: KeyPartsInput;
  onChange: (values: KeyPartsInput) => void;
}) {
  return (
    <fieldset class="key-parts">
      <legend>{legend}</legend>
      {keyParts.map((part) => {
        const id = `${idPrefix}-${part.name}`;
        return (
          <div class="field" key={part.name}>
            <label for={id}>
              {part.name}{' '}
              <span class="hint">({part.as === undefined ? part.type : `${part.type} as ${part.as}`})</span>
            </label>
            <input
              id={id}
              name={part.name}
              value={values[part.name] ?? ''}
              placeholder={placeholderFor(part)}
              onInput={(event) =>
                onChange({ ...values, [part.name]: (event.currentTarget as HTMLInputElement).value })
              }
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/** What to type: the server parses the text by the part's declared type. */
function placeholderFor(part: KeyPartInfo): string {
  if (part.type === 'bytes') return 'hex, e.g. 0a1b';
  if (part.as === 'date' || /timestamp/i.test(part.type)) return 'ISO date, e.g. 2026-01-31T12:00:00Z';
  if (/int64/i.test(part.type)) return 'an integer';
  if (part.type === 'reversedDomain') return 'a domain, e.g. example.com';
  return 'text';
}

/** The filled leading key parts, or undefined when none is filled. */
export function filledParts(
  keyParts: readonly KeyPartInfo[],
  values: KeyPartsInput,
): KeyPartsInput | undefined {
  const filled: KeyPartsInput = {};
  for (const part of keyParts) {
    const value = values[part.name];
    if (value !== undefined && value !== '') filled[part.name] = value;
  }
  return Object.keys(filled).length === 0 ? undefined : filled;
}

/** A labelled select. */
export function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Remembers the text/hex choice of a view. */
export function useBytesMode(): ['text' | 'hex', (mode: 'text' | 'hex') => void] {
  return useState<'text' | 'hex'>('text');
}

/** A labelled checkbox. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div class="field inline">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id}>{label}</label>
    </div>
  );
}

/** A labelled number field (its text as typed: the form's own validation checks min and max before submitting). */
export function NumberField({
  id,
  label,
  value,
  max,
  onInput,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  onInput: (value: string) => void;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={1}
        max={max}
        value={value}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
      />
    </div>
  );
}
