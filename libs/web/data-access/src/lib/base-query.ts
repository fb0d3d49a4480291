import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';

/** An API error as the screens see it: the spec's "status: body" message plus the parsed body. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /** `${status}: ${body text}` (or the status text when the body is empty), as the spec says. */
  message: string;
  /** The server's own message when the body was a JSON error. */
  serverMessage?: string;
  body?: unknown;
}

const raw = fetchBaseQuery({
  baseUrl: '/api/',
  credentials: 'include',
  responseHandler: 'text',
});

/**
 * The one base query: sends cookies, JSON bodies, and turns any non-ok answer into an ApiError
 * whose message is "status: body".
 */
export const cosmicBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await raw(args, api, extra);
  if (result.error) {
    const e = result.error;
    const status = e.status;
    const text = 'data' in e && typeof e.data === 'string' ? e.data : '';
    const body = parseJson(text);
    const statusText = result.meta?.response?.statusText ?? '';
    const message = typeof status === 'number' ? `${status}: ${text || statusText}` : `${status}: ${'error' in e ? e.error : ''}`;
    const serverMessage = typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : undefined;
    return { error: { status, message, serverMessage, body } };
  }
  return { data: typeof result.data === 'string' && result.data !== '' ? parseJson(result.data) : result.data, meta: result.meta };
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
