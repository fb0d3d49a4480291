import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { hasIdempotencyKey } from './idempotency';
import { codeOfBody } from './error-message';

/** An API error as the screens see it: the spec's "status: body" message plus the parsed body. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /** `${status}: ${body text}` (or the status text when the body is empty), as the spec says. */
  message: string;
  /** The server's own message when the body was a JSON error. */
  serverMessage?: string;
  /**
   * The API's stable error code (LOSS_LIMIT, SELF_EXCLUDED, INSUFFICIENT_BALANCE…) when the body
   * carried one: what screens branch on (`refusalFor`), never the English message.
   */
  code?: string | null;
  body?: unknown;
}

const raw = fetchBaseQuery({
  baseUrl: '/api/',
  credentials: 'include',
  responseHandler: 'text',
});

/** A money-moving call whose answer was lost is sent again this many times, with the same key. */
export const MONEY_RETRIES = 2;
const RETRY_DELAY_MS = 300;
/** The answer never arrived or a proxy gave up: the request may or may not have run. */
const answerLost = (status: unknown) =>
  status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 502 || status === 503 || status === 504;

/**
 * The one base query: sends cookies, JSON bodies, and turns any non-ok answer into an ApiError
 * whose message is "status: body". A call with an Idempotency-Key whose answer was lost is sent
 * again with the same key: the server answers the first result and moves no money twice.
 */
export const cosmicBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  let result = await raw(args, api, extra);
  for (
    let retry = 0;
    retry < MONEY_RETRIES &&
    result.error &&
    answerLost(result.error.status) &&
    hasIdempotencyKey(args) &&
    !api.signal.aborted;
    retry++
  ) {
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * (retry + 1)));
    result = await raw(args, api, extra);
  }
  if (result.error) {
    const e = result.error;
    const status = e.status;
    const text = 'data' in e && typeof e.data === 'string' ? e.data : '';
    const body = parseJson(text);
    const statusText = result.meta?.response?.statusText ?? '';
    const message =
      typeof status === 'number' ? `${status}: ${text || statusText}` : `${status}: ${'error' in e ? e.error : ''}`;
    const serverMessage =
      typeof body === 'object' && body && 'message' in body
        ? String((body as { message: unknown }).message)
        : undefined;
    return { error: { status, message, serverMessage, code: codeOfBody(body), body } };
  }
  return {
    data: typeof result.data === 'string' && result.data !== '' ? parseJson(result.data) : result.data,
    meta: result.meta,
  };
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
