// React Router, evaluated in a task of its own before the shell's routes (src/main.tsx; see
// app/store-libs-toolkit.ts).
export { Routes } from 'react-router-dom';
