// The store, the first part src/main.tsx starts the app from (one task each): Redux Toolkit, RTK
// Query and the API's endpoints. main.tsx imports each part with `import()`, evaluated when
// imported, inside main.js; an `import()` of a library's index would keep every export of it, so
// each part names here only what main.tsx uses of its libraries.
export { createStore, initWallet } from '@cosmic/web-data-access';
