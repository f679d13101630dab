import type { Command, Fault } from './program.js';

/** Per-entity outcome of a batch (PartialWriteError.outcomes). */
export type BatchOutcome = 'written' | 'notWritten' | 'unknown';

/** What a call reported. */
export type Outcome =
  /** Resolved; `value` is what it returned where that is checked (an increment's new value, a read's `v`). */
  | { readonly type: 'ok'; readonly value?: string }
  /** Rejected; `code` is the library error's code, or `foreign:<name>` for anything else. */
  | { readonly type: 'error'; readonly code: string; readonly message: string }
  /** A saveMany that ended with PartialWriteError. */
  | { readonly type: 'partial'; readonly outcomes: readonly BatchOutcome[] }
  /** Did not settle within the suite's generous bound. */
  | { readonly type: 'hung' };

/** One call of one client, with logical invocation and completion times (one counter shared by all clients). */
export interface HistoryEntry {
  readonly client: number;
  readonly step: number;
  readonly command: Command;
  readonly fault: Fault | undefined;
  readonly invokedAt: number;
  readonly completedAt: number;
  readonly outcome: Outcome;
  readonly durationMs: number;
}

/** A whole run: every call, and what each row of the key space holds at the end (canonical form, see model). */
export interface History {
  readonly entries: readonly HistoryEntry[];
  /** Row name → canonical final state. Rows absent from the map were read as absent. */
  readonly final: ReadonlyMap<string, string>;
  /** Logical time after every call completed (the final reads happen then). */
  readonly endedAt: number;
  /** Faults actually injected. */
  readonly faults: number;
}

/** `c1s4`: the value a call writes, derived from its position (and `i2` for a batch's third input). */
export function valueOf(client: number, step: number, index?: number): string {
  return `c${client}s${step}${index === undefined ? '' : `i${index}`}`;
}

/** JSON.stringify replacer for printed arguments: bigints as `5n`, an undefined property shown, not dropped. */
export function showArgs(key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  return value === undefined && key !== '' ? '(undefined)' : value;
}
