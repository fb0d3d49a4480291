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

/** The API's error code of a failed call (the body's `error` when it is a code such as 'LOSS_LIMIT'), or null. */
export function errorCode(error: unknown): string | null {
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  const code = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof code === 'string' && CODE.test(code) ? code : null;
}

/** The HTTP status of a failed call, or null when no answer arrived (network error, timeout). */
export function errorStatus(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}
