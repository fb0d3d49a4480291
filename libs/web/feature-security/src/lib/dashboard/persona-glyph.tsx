import type { PersonaName } from '@cosmic/contracts';

const PATHS: Record<PersonaName, string> = {
  // a shield
  sentinel: 'M20 4 34 9v10c0 9-6 15-14 17C12 34 6 28 6 19V9z',
  // a gate with bars
  warden: 'M7 34V14a13 13 0 0 1 26 0v20M14 34V16M20 34V12M26 34V16M5 34h30',
  // a ledger with a tick
  auditor: 'M9 5h17l6 6v24H9zM26 5v6h6M14 22l4 4 8-9',
  // a coin stack
  treasurer:
    'M8 12c0-3 5-5 12-5s12 2 12 5-5 5-12 5-12-2-12-5zM8 12v7c0 3 5 5 12 5s12-2 12-5v-7M8 19v7c0 3 5 5 12 5s12-2 12-5v-7',
};

/** The persona's emblem. */
export function PersonaGlyph({ persona }: { persona: PersonaName }) {
  return (
    <svg className="cs-glyph" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <path
        d={PATHS[persona]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
