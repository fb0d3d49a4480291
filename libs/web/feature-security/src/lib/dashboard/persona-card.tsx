import type { PersonaName } from '@cosmic/contracts';
import { SECURITY_POLL_MS, usePersonaStatsQuery } from '@cosmic/web-data-access';
import { StatusPill } from '../status-pill';
import { ago } from '../format';
import { PersonaDetails } from './persona-details';
import { PersonaGlyph } from './persona-glyph';
import { useExpireOn401 } from './use-expire-on-401';
import { EXPIRED_NOTICE } from '../session/use-token-session';

/** One guard persona: status, headline and its own numbers, polled every second. */
export function PersonaCard({
  persona,
  token,
  lock,
}: {
  persona: PersonaName;
  token: string;
  lock: (notice: string) => void;
}) {
  const { data, error } = usePersonaStatsQuery({ token, persona }, { pollingInterval: SECURITY_POLL_MS });
  useExpireOn401([error], lock, EXPIRED_NOTICE);
  return (
    <article className={`cs-persona cs-persona--${persona}`} aria-labelledby={`cs-persona-${persona}`}>
      <header className="cs-persona__head">
        <PersonaGlyph persona={persona} />
        <div>
          <h3 id={`cs-persona-${persona}`} className="cs-persona__name">
            {data?.title ?? persona}
          </h3>
          <p className="cs-persona__role">{data?.role ?? '…'}</p>
        </div>
        {data && <StatusPill status={data.status} />}
      </header>
      {data ? (
        <>
          <p className="cs-persona__headline">{data.headline}</p>
          <PersonaDetails stats={data} />
          <p className="cs-persona__foot">
            {data.findings} finding(s) · last {ago(data.lastFindingAt)}
          </p>
        </>
      ) : (
        <div className="cc-skeleton cs-persona__skeleton" />
      )}
    </article>
  );
}
