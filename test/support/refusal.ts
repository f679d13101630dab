// The error a call ends with, checked to be of the expected class: for tests that then look at its fields. A
// function is called inside the check, so that a synchronous throw (a builder refusing its arguments) is caught too.
import { expect } from 'vitest';

type ErrorClass<T extends Error> = abstract new (...args: never[]) => T;

export async function refusal<T extends Error>(
  call: Promise<unknown> | (() => unknown),
  expected: ErrorClass<T>,
): Promise<T> {
  const error = await (typeof call === 'function' ? Promise.resolve().then(call) : call).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(expected);
  return error as T;
}
