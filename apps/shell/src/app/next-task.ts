interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task of the page's main thread: what the caller does next runs after the
 * browser has had its turn (a frame to paint, input to answer). `scheduler.yield()` where the
 * browser has it (its continuation runs before other pending tasks of the page), a timer elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
