// jsdom has no fetch: a tiny in-memory API that RTK Query's fetchBaseQuery talks to. Installed by
// a feature's jest setupFiles (importing this module installs it); each test sets its routes with
// fakeApi(), which also records every call's method, URL, query, headers and body so tests can
// check what left the page.

/** One request as the fake saw it. */
export interface FakeCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** A route handler: a status and body, or undefined for 404. */
export type FakeHandler = (call: FakeCall) => { status?: number; body?: unknown } | undefined;

interface FakeState {
  handler: FakeHandler;
  calls: FakeCall[];
}
// on globalThis, so the setup file's copy and a test's copy of this module share one state
const g = globalThis as unknown as { __fakeApi?: FakeState };
g.__fakeApi ??= { handler: () => undefined, calls: [] };

/** Sets the routes and clears the call log; returns the call log. */
export function fakeApi(handler: FakeHandler): FakeCall[] {
  g.__fakeApi = { handler, calls: [] };
  return g.__fakeApi.calls;
}

class FakeRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials?: string;
  signal?: AbortSignal;
  constructor(input: string | FakeRequest, init: RequestInit = {}) {
    const from = typeof input === 'string' ? undefined : input;
    this.url = from ? from.url : (input as string);
    this.method = (from?.method ?? init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(from?.headers ?? (init.headers as HeadersInit));
    this.body = from ? from.body : (init.body ?? null);
    this.credentials = from?.credentials ?? init.credentials;
    this.signal = from?.signal ?? init.signal ?? undefined;
  }
  clone() {
    return new FakeRequest(this);
  }
}

class FakeResponse {
  readonly ok: boolean;
  readonly headers = new Headers({ 'content-type': 'application/json' });
  readonly statusText = '';
  constructor(
    private readonly payload: string,
    readonly status: number,
  ) {
    this.ok = status >= 200 && status < 300;
  }
  async text() {
    return this.payload;
  }
  async json() {
    return JSON.parse(this.payload);
  }
  clone() {
    return new FakeResponse(this.payload, this.status);
  }
}

async function fakeFetch(req: FakeRequest): Promise<FakeResponse> {
  const url = new URL(req.url, 'http://casino.test');
  const body = typeof req.body === 'string' && req.body ? JSON.parse(req.body) : undefined;
  const call: FakeCall = {
    method: req.method,
    url: url.href,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body,
  };
  const state = g.__fakeApi!;
  state.calls.push(call);
  const res = state.handler(call) ?? { status: 404, body: { message: `no fake for ${call.method} ${call.path}` } };
  return new FakeResponse(res.body === undefined ? '' : JSON.stringify(res.body), res.status ?? 200);
}

Object.assign(globalThis, { Request: FakeRequest, Response: FakeResponse, fetch: fakeFetch });
