import { checkObject } from '../errors/check-argument.js';
import type { UpcastStep } from './evolution-options.js';

/**
 * Declares one upcast step with typed old and new states: `From` is the decoded shape of version `step.from`, `To`
 * the state of version `step.from + 1`. Returns the step unchanged (frozen); it only helps TypeScript.
 *
 * @example
 * ```ts
 * interface UserV1 { userId: string; fullName?: string }
 * interface UserV2 { userId: string; displayName?: string }
 * const v1ToV2 = upcastStep<UserV1, UserV2>({
 *   from: 1,
 *   shape: { fullName: { family: 'd', qualifier: 'name', codec: 'string' } },
 *   upcast: (v1) => ({ userId: v1.userId, displayName: v1.fullName }),
 * });
 * ```
 */
export function upcastStep<From extends object, To extends object>(
  step: UpcastStep<From, To>,
): UpcastStep<From, To> {
  checkObject({ api: 'upcastStep', argument: 'step' }, step);
  return Object.freeze({ ...step });
}
