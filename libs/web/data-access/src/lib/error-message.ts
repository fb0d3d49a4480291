/** The text to show for a failure: the server's own message when it sent one, else "status: body". */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { serverMessage?: unknown; message?: unknown };
    if (typeof e.serverMessage === 'string' && e.serverMessage) return e.serverMessage;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return typeof error === 'string' && error ? error : fallback;
}

// The API's error body is { statusCode, error, message }: for a refusal by a business rule `error`
// is its code (LOSS_LIMIT, SELF_EXCLUDED…); for a plain HTTP error it is the status name ('Forbidden').
const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

/** The API error code in an error body (its `error` when that is a code such as 'LOSS_LIMIT'), or null. */
export function codeOfBody(body: unknown): string | null {
  const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof code === 'string' && CODE.test(code) ? code : null;
}

/** The API's error code of a failed call (what the base query read into ApiError.code), or null. */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, body } = error as { code?: unknown; body?: unknown };
  return typeof code === 'string' ? code : codeOfBody(body);
}

/** The HTTP status of a failed call, or null when no answer arrived (network error, timeout). */
export function errorStatus(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}
