/** The text to show for a failure: the server's own message when it sent one, else "status: body". */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as { serverMessage?: unknown; message?: unknown };
    if (typeof e.serverMessage === 'string' && e.serverMessage) return e.serverMessage;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return typeof error === 'string' && error ? error : fallback;
}
