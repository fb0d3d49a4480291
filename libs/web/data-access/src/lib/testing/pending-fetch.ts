// Test helper: jsdom has no fetch. Imported first by specs that only check defaults, so RTK Query
// finds a fetch (whose requests never answer) when its base query is created.
globalThis.fetch ??= (() => new Promise<Response>(() => undefined)) as typeof fetch;
