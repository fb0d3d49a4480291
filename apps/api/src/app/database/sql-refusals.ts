/**
 * The SQLSTATEs that SQL functions raise on purpose (a play guard, a session check: class CC) are
 * refusals of the module that owns those functions, and that module says what each one means: it
 * registers its translation here (settlement/settlement-errors.ts does, when it loads). The data
 * layer applies the registered translations to every failed statement and transaction, so no other
 * layer sees an SQLSTATE, and the data layer imports nothing above it.
 */
type Translation = (e: unknown) => Error | null;

const translations: Translation[] = [];

/** Adds a module's translation of its refusals (once; registering it again does nothing). */
export function registerSqlRefusals(translate: Translation): void {
  if (!translations.includes(translate)) translations.push(translate);
}

/** The refusal a registered translation makes of `e`, or null when none knows it. */
export function sqlRefusalOf(e: unknown): Error | null {
  for (const translate of translations) {
    const refusal = translate(e);
    if (refusal) return refusal;
  }
  return null;
}
