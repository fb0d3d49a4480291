// React DOM and the shell's tree, the last part src/main.tsx imports (see app/store-start.ts).
export { createRoot, hydrateRoot } from 'react-dom/client';
export { BrowserRouter } from 'react-router-dom';
export { ShellTree } from './shell-tree';
