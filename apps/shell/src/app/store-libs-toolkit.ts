// Redux Toolkit with what it stands on (Redux, Immer, Reselect, the thunk middleware): the first
// part of the store src/main.tsx evaluates, in a task of its own. Imported for its evaluation only;
// it names one export, so the library's other exports are still left out of main.js.
export { configureStore } from '@reduxjs/toolkit';
