// RTK Query, its React hooks and React Redux: the second part of the store src/main.tsx evaluates,
// in a task of its own (see app/store-libs-toolkit.ts).
export { createApi } from '@reduxjs/toolkit/query/react';
