import { VAULT_REFRESH_MS, type PersonaName } from '@cosmic/contracts';
import { useVaultLogsQuery } from '@cosmic/web-data-access';
import { BarList } from '../charts/bar-list';
import { Gauge } from '../charts/gauge';
import { StatusPill } from '../status-pill';
import { ago, uptime, words } from '../format';
import { useExpireOn401 } from '../dashboard/use-expire-on-401';
import { EXPIRED_NOTICE } from '../session/use-token-session';
import { VaultActivityList } from './vault-activity';

/** One persona's vault logs: real values, refreshed every 5 minutes. */
export function VaultView({
  token,
  persona,
  lock,
}: {
  token: string;
  persona: PersonaName;
  lock: (notice: string) => void;
}) {
  const { data, error } = useVaultLogsQuery({ token, persona }, { pollingInterval: VAULT_REFRESH_MS });
  useExpireOn401([error], lock, EXPIRED_NOTICE);
  if (!data) return <p className="cs-muted">Opening the vault…</p>;
  const s = data.serverStatus;
  const h = data.systemHealth;
  const c = data.cryptoSecurity;
  const byType = Object.entries(data.hackerAttempts.byType)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return (
    <div className="cs-vault-view" aria-label={`${persona} vault`}>
      <section className="cs-vault-block">
        <h3>Server status</h3>
        <p>
          <StatusPill status={s.status} /> <code>{s.instance}</code>
        </p>
        <p className="cs-small cs-muted">
          {s.environment} · Node {s.nodeVersion} · up {uptime(s.uptimeSeconds)} · jobs {s.jobsEnabled ? 'on' : 'off'}
        </p>
      </section>
      <section className="cs-vault-block">
        <h3>System health</h3>
        <div className="cs-gauges">
          <Gauge
            value={h.eventLoopDelayMs.p99}
            max={100}
            label="Event loop p99, ms"
            display={h.eventLoopDelayMs.p99.toFixed(1)}
            tone={h.eventLoopDelayMs.p99 > 50 ? 'danger' : 'cyan'}
            size={84}
          />
          <Gauge
            value={h.heapUsedMb}
            max={Math.max(h.rssMb, 1)}
            label={`Heap MB of ${h.rssMb} RSS`}
            display={String(h.heapUsedMb)}
            tone="violet"
            size={84}
          />
          <Gauge
            value={h.loadAverage[0] ?? 0}
            max={h.cpus}
            label={`Load, ${h.cpus} CPUs`}
            display={(h.loadAverage[0] ?? 0).toFixed(2)}
            tone={(h.loadAverage[0] ?? 0) > h.cpus ? 'danger' : 'gold'}
            size={84}
          />
        </div>
        <p className="cs-small cs-muted">
          {h.lastAudit
            ? `Last audit ${ago(h.lastAudit.at)}: ${h.lastAudit.ok ? 'books balance' : 'problems found'}`
            : 'No audit on record yet'}
        </p>
      </section>
      <section className="cs-vault-block">
        <h3>Crypto security</h3>
        <dl className="cs-kv">
          <dt>Dashboard password</dt>
          <dd>{c.passwordHashes.operator ?? 'not set'}</dd>
          <dt>Vault password</dt>
          <dd>{c.passwordHashes.vault ?? 'not set'}</dd>
          <dt>Tokens</dt>
          <dd>{c.tokens}</dd>
          <dt>Session secret</dt>
          <dd>{c.sessionSecret}</dd>
          <dt>Seed integrity</dt>
          <dd>
            {c.seedIntegrity.lastChecked
              ? `${c.seedIntegrity.checked} pairs, ${c.seedIntegrity.mismatches} mismatches (${ago(c.seedIntegrity.lastChecked)})`
              : 'not audited yet'}
          </dd>
          <dt>Cookies</dt>
          <dd>{c.cookies}</dd>
        </dl>
      </section>
      <section className="cs-vault-block">
        <h3>Hacker attempts</h3>
        <p className="cs-small">
          <strong>{data.hackerAttempts.total}</strong> total · <strong>{data.hackerAttempts.last15m}</strong> in 15 min
        </p>
        {byType.length ? (
          <BarList
            label="Attempts by type"
            items={byType.map(([t, n]) => ({ label: words(t), value: n, tone: 'pink' }))}
          />
        ) : (
          <p className="cs-calm">None recorded.</p>
        )}
      </section>
      <section className="cs-vault-block cs-vault-block--wide">
        <h3>Recent activity</h3>
        <VaultActivityList items={data.recentActivity} />
      </section>
      <section className="cs-vault-block">
        <h3>Protected by</h3>
        <ul className="cs-shields">
          {data.protectedBy.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </section>
      <p className="cs-caption cs-vault-view__foot">
        Refresh cycle {Math.round(data.vaultRefreshCycle / 60_000)} min · last updated {ago(data.lastUpdated)}
      </p>
    </div>
  );
}
