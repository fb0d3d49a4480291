// Test helper: jsdom has no fetch. Imported first by specs that only check defaults, so RTK Query
// finds a fetch (whose requests never answer) when its base query is created and used.
class PendingRequest {
  constructor(readonly url: string) {}
  clone() {
    return this;
  }
}
globalThis.Request ??= PendingRequest as unknown as typeof Request;
globalThis.fetch ??= (() => new Promise<Response>(() => undefined)) as typeof fetch;
