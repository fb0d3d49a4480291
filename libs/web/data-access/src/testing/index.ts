// Test helpers for web libraries' jsdom tests (@cosmic/web-data-access/testing); never imported by app code.

/** The in-memory fetch RTK Query talks to in tests: routes set per test, every call recorded. */
export { fakeApi, type FakeCall, type FakeHandler } from './fake-api';
