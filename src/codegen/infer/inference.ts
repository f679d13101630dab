import { checkObject } from '../../errors/check-argument.js';
/**
 * How sure a guess of codegen from a live table is: `high` = every sampled value agrees and there were enough of
 * them; `medium` = they agree but few were sampled, or most agree; `low` = a fallback or a weak majority.
 *
 * @example
 * ```ts
 * const c: Confidence = 'high';
 * ```
 */
export type Confidence = 'high' | 'medium' | 'low';

/**
 * One guess of codegen from a live table, with its evidence: written as a comment above what it decided
 * (`// inferred int64: 412/412 sampled cells are 8 bytes (high confidence)`).
 *
 * @example
 * ```ts
 * const guess: Inference = {
 *   subject: 'cpu',
 *   conclusion: 'float64',
 *   evidence: '40/40 sampled cells are 8 bytes that read as plausible floats',
 *   confidence: 'high',
 * };
 * ```
 */
export interface Inference {
  /** The property, key part or `key` (the layout) the guess is about. */
  readonly subject: string;
  readonly conclusion: string;
  readonly evidence: string;
  readonly confidence: Confidence;
}

/**
 * The comment text of an inference.
 *
 * @example
 * ```ts
 * inferenceComment({ subject: 'n', conclusion: 'int64', evidence: '3/3 sampled cells are 8 bytes', confidence: 'medium' });
 * // 'inferred int64: 3/3 sampled cells are 8 bytes (medium confidence)'
 * ```
 */
export function inferenceComment(inference: Inference): string {
  checkObject({ api: 'inferenceComment', argument: 'inference' }, inference);
  return `inferred ${inference.conclusion}: ${inference.evidence} (${inference.confidence} confidence)`;
}

/**
 * `high` when all `n` agree and `n` is at least `enough`, `medium` when all agree with fewer or 90% agree, else
 * `low`.
 *
 * @example
 * ```ts
 * confidenceOf(10, 10); // 'high'
 * ```
 */
export function confidenceOf(agree: number, n: number, enough = 10): Confidence {
  if (n > 0 && agree === n) return n >= enough ? 'high' : 'medium';
  return n > 0 && agree / n >= 0.9 ? 'medium' : 'low';
}
