// Test helpers for web libraries' jsdom tests (@cosmic/web-data-access/testing); never imported by app code.

/** The in-memory fetch RTK Query talks to in tests: routes set per test, every call recorded. */
export { fakeApi, type FakeCall, type FakeHandler } from './fake-api';
/** Rendering with a fresh store and a router, a user record as the API answers it, a started session. */
export { ADDRESS, renderWithStore, signedIn, user } from './render';
