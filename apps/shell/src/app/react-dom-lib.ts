// React DOM, evaluated in a task of its own before the shell's tree (src/main.tsx; see
// app/store-libs-toolkit.ts).
export { hydrateRoot } from 'react-dom/client';
