/**
 * The studio's own refusals and the HTTP statuses each is answered with (docs/studio.md, "Refusals", lists the
 * same). These codes live only in the JSON answers of the studio's HTTP API: no library call throws them, so they
 * are not the library's `ErrorCode`s (docs/errors.md).
 */
export const STUDIO_ERROR_STATUSES = {
  STUDIO_WRONG_HOST: [421],
  STUDIO_METHOD_NOT_ALLOWED: [405],
  STUDIO_UNAUTHORIZED: [401],
  STUDIO_CROSS_SITE: [403],
  STUDIO_BAD_CONTENT_TYPE: [415],
  STUDIO_BODY_TOO_LARGE: [413],
  STUDIO_BAD_REQUEST: [400],
  // 405 when the path is a route of the other method.
  STUDIO_NOT_FOUND: [404, 405],
  STUDIO_WRITES_DISABLED: [403],
  STUDIO_UNKNOWN_ENTITY: [404],
  STUDIO_UNKNOWN_COLLECTION: [404],
  STUDIO_ROW_NOT_FOUND: [404],
  STUDIO_STALE_ROW: [409],
} as const satisfies Readonly<Record<string, readonly number[]>>;

/** A code of the studio's own refusals (`STUDIO_*`). */
export type StudioErrorCode = keyof typeof STUDIO_ERROR_STATUSES;

/**
 * A refusal of the studio's server itself (token, host, origin, writes disabled, unknown route or entity, a bad
 * request), answered as `{ error: { name: 'StudioError', code, message, details } }` with its HTTP status. Thrown
 * and caught inside a request's handling only: it never reaches a caller of the library. The status must be one of
 * the code's (a type error otherwise).
 *
 * @example
 * ```ts
 * throw new StudioError(403, 'STUDIO_WRITES_DISABLED', 'start the studio with --allow-writes to edit rows');
 * ```
 */
export class StudioError<C extends StudioErrorCode = StudioErrorCode> extends Error {
  override readonly name = 'StudioError';

  constructor(
    readonly status: (typeof STUDIO_ERROR_STATUSES)[C][number],
    readonly code: C,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}
