import { PERSONA_NAMES } from '@cosmic/contracts';
import {
  SECURITY_POLL_MS,
  useDomainReportQuery,
  useSecurityDomQuery,
  useSecurityHackersQuery,
  useSecurityOverviewQuery,
  useSecurityVulnerabilitiesQuery,
} from '@cosmic/web-data-access';
import type { TokenSession } from '../session/use-token-session';
import { EXPIRED_NOTICE } from '../session/use-token-session';
import { VaultSection } from '../vault/vault-section';
import { DomPanel } from './dom-panel';
import { DomainPanel } from './domain-panel';
import { EmergencyPanel } from './emergency-panel';
import { FindingsPanel } from './findings-panel';
import { KpiTiles } from './kpi-tiles';
import { OffendersPanel } from './offenders-panel';
import { PersonaCard } from './persona-card';
import { StatusHeader } from './status-header';
import { StatusPanel } from './status-panel';
import { TrafficPanel } from './traffic-panel';
import { useExpireOn401 } from './use-expire-on-401';

const POLL = { pollingInterval: SECURITY_POLL_MS };

/** The unlocked dashboard: every panel polls its endpoint every second with the bearer token. */
export function Dashboard({ session }: { session: TokenSession & { token: string } }) {
  const { token, lock } = session;
  const overview = useSecurityOverviewQuery(token, POLL);
  const dom = useSecurityDomQuery(token, POLL);
  const hackers = useSecurityHackersQuery(token, POLL);
  const vulns = useSecurityVulnerabilitiesQuery(token, POLL);
  const domain = useDomainReportQuery(token, POLL);
  useExpireOn401([overview.error, dom.error, hackers.error, vulns.error, domain.error], lock, EXPIRED_NOTICE);

  return (
    <div className="cs-dash">
      <StatusHeader report={overview.data} expiresAt={session.expiresAt} onLock={() => lock('Locked.')} />
      <KpiTiles report={overview.data} />
      <div className="cs-grid">
        <TrafficPanel stats={overview.data?.realTimeStats} />
        <StatusPanel report={overview.data} />
      </div>
      <section className="cs-personas" aria-labelledby="cs-personas-title">
        <h2 id="cs-personas-title" className="cs-section-title">
          Guards
        </h2>
        <div className="cs-personas__grid">
          {PERSONA_NAMES.map((p) => (
            <PersonaCard key={p} persona={p} token={token} lock={lock} />
          ))}
        </div>
      </section>
      <div className="cs-grid">
        <FindingsPanel report={vulns.data} />
        <OffendersPanel report={hackers.data} />
      </div>
      <div className="cs-grid cs-grid--halves">
        <DomainPanel report={domain.data} />
        <DomPanel dom={dom.data} />
      </div>
      <div className="cs-grid">
        <EmergencyPanel token={token} state={overview.data?.emergency} />
        <VaultSection operatorToken={token} />
      </div>
    </div>
  );
}
