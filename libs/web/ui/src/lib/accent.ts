/** The accent colours a card can glow in. */
export type Accent = 'violet' | 'pink' | 'cyan' | 'gold' | 'emerald';

/** The class that sets `--accent` / `--accent-soft` for an accent. */
export const accentClass = (accent: Accent) => `cc-accent--${accent}`;
