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

/** Another player's session being opened (switchPlayer), while it is; and how many were opened. */
let switching: Promise<unknown> | null = null;
let players = 0;

/**
 * Opens another player's session (`opening`: POST /api/users, whose answer sets the new session
 * cookie) with every query held until it is over: a query of the previous player sent once the
 * cookie has changed would read that player's data under the new player's session (a 403 the
 * security dashboard counts as session abuse). `switched` (resetting the cache, naming the new
 * player) runs as soon as the session is open, before any held query goes on; the queries held
 * until then were the previous player's and are dropped unsent. A switch that failed changed no
 * cookie: its held queries go out as they were.
 */
export async function switchPlayer<T>(opening: Promise<T>, switched: (opened: T) => void): Promise<T> {
  const done = opening.then((opened) => {
    players++;
    switched(opened);
    return opened;
  });
  switching = done;
  try {
    return await done;
  } finally {
    if (switching === done) switching = null;
  }
}

const PLAYER_CHANGED = 'the player changed before this was sent';

/**
 * The one base query: sends cookies, JSON bodies, and turns any non-ok answer into an ApiError
 * whose message is "status: body". A call with an Idempotency-Key whose answer was lost is sent
 * again with the same key: the server answers the first result and moves no money twice. A query
 * asked for while another player's session opens waits for it (switchPlayer).
 */
export const cosmicBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const held = api.type === 'query' ? switching : null;
  if (held) {
    const player = players;
    await held.catch(() => undefined);
    if (players !== player)
      return { error: { status: 'CUSTOM_ERROR', message: `CUSTOM_ERROR: ${PLAYER_CHANGED}`, code: null } };
  }
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
