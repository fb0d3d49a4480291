/** Chart colours, mapped to theme variables by security.css (`.cs-tone--*`). */
export type Tone = 'violet' | 'cyan' | 'pink' | 'gold' | 'emerald' | 'danger' | 'dim';
