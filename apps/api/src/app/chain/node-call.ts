import { ChainUnavailableError } from './chain.errors';

/** Options algosdk's `.do()` passes to fetch: here only an abort signal for the timeout. */
export type FetchOptions = { signal: AbortSignal };

/** An HTTP error from algosdk, with the node's status and `{message}` text. */
export interface NodeHttpError {
  status: number;
  message: string;
}

/** The status and node message of an algosdk HTTP error, or null for network-level failures. */
export function nodeHttpError(error: unknown): NodeHttpError | null {
  const e = error as { status?: unknown; response?: { body?: Uint8Array }; message?: string };
  if (typeof e?.status !== 'number') return null;
  let message = e.message ?? '';
  try {
    const parsed = JSON.parse(new TextDecoder().decode(e.response?.body ?? new Uint8Array())) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Not JSON: keep algosdk's own message.
  }
  return { status: e.status, message };
}

/** A node answer: the value, or an HTTP error the caller said it expects (e.g. 404). */
export type NodeResult<T> = { ok: true; value: T } | { ok: false; error: NodeHttpError };

/**
 * Runs one algod/indexer request with a timeout. `expected` statuses (e.g. 404) are returned
 * to the caller to interpret; anything else that fails becomes ChainUnavailableError.
 */
export async function callNode<T>(
  what: string,
  timeoutMs: number,
  run: (options: FetchOptions) => Promise<T>,
  expected: number[] = [],
): Promise<NodeResult<T>> {
  try {
    return { ok: true, value: await run({ signal: AbortSignal.timeout(timeoutMs) }) };
  } catch (error) {
    const http = nodeHttpError(error);
    if (http && expected.includes(http.status)) return { ok: false, error: http };
    if (http)
      throw new ChainUnavailableError(what, `${what} failed: HTTP ${http.status}: ${http.message}`, http.status);
    throw new ChainUnavailableError(what, `${what} failed: ${(error as Error).message ?? String(error)}`);
  }
}

/** Like callNode with no expected errors: the value, or ChainUnavailableError. */
export async function requestNode<T>(
  what: string,
  timeoutMs: number,
  run: (options: FetchOptions) => Promise<T>,
): Promise<T> {
  const result = await callNode(what, timeoutMs, run);
  if (!result.ok)
    throw new ChainUnavailableError(
      what,
      `${what} failed: HTTP ${result.error.status}: ${result.error.message}`,
      result.error.status,
    );
  return result.value;
}
