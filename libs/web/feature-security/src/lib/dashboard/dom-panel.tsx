import type { DomProtection } from '@cosmic/contracts';
import { Panel } from '../panel';
import { StatusPill } from '../status-pill';

/** What a browser is allowed to run and embed on our pages, from the headers actually sent. */
export function DomPanel({ dom }: { dom?: DomProtection }) {
  const facts: Array<[string, string, boolean]> = dom
    ? [
        ['Script origins', dom.scriptOrigins.join(' ') || '—', dom.thirdPartyScriptOrigins.length === 0],
        ['Third-party scripts', String(dom.thirdPartyScriptOrigins.length), dom.thirdPartyScriptOrigins.length === 0],
        ['Inline scripts', dom.inlineScriptsAllowed ? 'allowed' : 'blocked', !dom.inlineScriptsAllowed],
        ['eval()', dom.evalAllowed ? 'allowed' : 'blocked', !dom.evalAllowed],
        ['Framing', dom.framing, dom.framing !== 'allowed'],
        ['Plugins', dom.plugins, dom.plugins === 'blocked'],
        [
          'MIME sniffing',
          dom.headers['x-content-type-options'] === 'nosniff' ? 'off' : 'on',
          dom.headers['x-content-type-options'] === 'nosniff',
        ],
      ]
    : [];
  return (
    <Panel
      id="cs-dom"
      title="DOM protection"
      eyebrow="CSP and headers in force"
      actions={dom && <StatusPill status={dom.status} />}
    >
      {dom ? (
        <>
          <dl className="cs-dom">
            {facts.map(([label, value, ok]) => (
              <div key={label} className={ok ? 'cs-good' : 'cs-bad'}>
                <dt>{label}</dt>
                <dd>
                  <code>{value}</code>
                </dd>
              </div>
            ))}
          </dl>
          {dom.problems.length > 0 && (
            <ul className="cs-reasons">
              {dom.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="cs-muted">Loading…</p>
      )}
    </Panel>
  );
}
