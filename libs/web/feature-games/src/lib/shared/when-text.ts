/**
 * When a future moment comes, as a player reads it: "today at 3:30 PM", "tomorrow at 12:08 PM" or
 * the date, and how long until then: "in 23 h 59 min" (whole minutes gone by, like a clock; "in less
 * than a minute" at the end). `locale` and the clock are arguments for the tests.
 */
export function whenText(at: Date, now: Date, locale?: string): { day: string; wait: string } {
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  const days = dayNumber(at) - dayNumber(now);
  const day =
    days === 0
      ? `today at ${time}`
      : days === 1
        ? `tomorrow at ${time}`
        : `${at.toLocaleDateString(locale, { weekday: 'long', month: 'short', day: 'numeric' })} at ${time}`;
  const minutes = Math.floor((at.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return { day, wait: 'in less than a minute' };
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return { day, wait: `in ${h ? `${h} h ` : ''}${h && !m ? '' : `${m} min`}`.trim() };
}

/** The local calendar day of `d` as a number (days since the epoch, in the player's time zone). */
function dayNumber(d: Date): number {
  return Math.round(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 86_400_000);
}
