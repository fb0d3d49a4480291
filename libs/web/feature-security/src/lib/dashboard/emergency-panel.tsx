import { useState, type FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { EmergencyFixResult, EmergencyState } from '@cosmic/contracts';
import { errorMessage, useEmergencyFixMutation, useResumeAminaMutation } from '@cosmic/web-data-access';
import { Panel } from '../panel';
import { ago } from '../format';

/** The incident switch: drop a domain, revoke its sessions, pause AMINA; and the resume button. */
export function EmergencyPanel({ token, state }: { token: string; state?: EmergencyState }) {
  const [domain, setDomain] = useState('');
  const [armed, setArmed] = useState<string | null>(null);
  const [result, setResult] = useState<EmergencyFixResult | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [fix, fixing] = useEmergencyFixMutation();
  const [resume, resuming] = useResumeAminaMutation();

  const arm = (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    if (domain.trim()) setArmed(domain.trim());
  };
  const engage = async () => {
    if (!armed) return;
    try {
      setResult(await fix({ token, domain: armed }).unwrap());
      setDomain('');
    } catch (err) {
      setAlert(`Emergency fix failed: ${errorMessage(err)}`);
    } finally {
      setArmed(null);
    }
  };
  const lift = async () => {
    try {
      await resume(token).unwrap();
    } catch (err) {
      setAlert(`Resume failed: ${errorMessage(err)}`);
    }
  };

  return (
    <Panel id="cs-emergency" title="Emergency domain fix" eyebrow="Incident switch" className="cs-emergency">
      {state?.aminaPaused && (
        <div className="cs-paused" role="status">
          <strong>AMINA betting and withdrawals are paused</strong>
          <span>
            {state.reason ?? 'emergency'} · since {ago(state.since)}
          </span>
          <Button size="sm" onClick={lift} disabled={resuming.isLoading}>
            {resuming.isLoading ? 'Resuming…' : 'Resume AMINA'}
          </Button>
        </div>
      )}
      <p className="cs-muted cs-small">
        Drops the origin from the CORS allow-list on every instance, revokes every session created from it, and pauses
        AMINA play and withdrawals until you resume. House Coins keep working.
      </p>
      {armed ? (
        <div className="cs-confirm" role="group" aria-label="Confirm emergency fix">
          <p>
            Drop <code>{armed}</code>, revoke its sessions and pause AMINA?
          </p>
          <div className="cs-confirm__buttons">
            <Button variant="primary" className="cs-danger-button" onClick={engage} disabled={fixing.isLoading}>
              {fixing.isLoading ? 'Engaging…' : 'Engage emergency fix'}
            </Button>
            <Button variant="ghost" onClick={() => setArmed(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <form className="cs-inline-form" onSubmit={arm}>
          <label htmlFor="cs-domain-input" className="cc-sr-only">
            Domain
          </label>
          <input
            id="cs-domain-input"
            className="cc-input"
            placeholder="https://mirror.example or mirror.example"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            maxLength={300}
          />
          <Button type="submit" disabled={!domain.trim()}>
            Fix domain…
          </Button>
        </form>
      )}
      {alert && (
        <p className="cs-alert" role="alert">
          {alert}
        </p>
      )}
      {result && (
        <ol className="cs-steps" aria-label="Steps taken">
          {result.steps.map((s) => (
            <li key={s.id}>
              <strong>{s.fixedCode}</strong>
              <span>{s.details}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
