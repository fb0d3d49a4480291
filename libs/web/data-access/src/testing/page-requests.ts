// For this library's specs in Node only (nothing in src/index.ts reaches it).

/**
 * While the calling `describe` (or file) runs, `new Request('/api/…')` resolves against a page's
 * address as the browser does: Node's Request wants absolute URLs, and RTK Query's fetchBaseQuery
 * builds its requests from the app's relative ones.
 */
export function resolveRequestsAgainstPage(origin = 'http://casino.test'): void {
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, origin).href : input, init);
    }
  }
  beforeAll(() => void (globalThis.Request = PageRequest));
  afterAll(() => void (globalThis.Request = NodeRequest));
}
