import { useState, type FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { SecurityToken } from '@cosmic/contracts';
import { errorMessage, useSecuritySessionMutation } from '@cosmic/web-data-access';
import { LockIcon } from './lock-icon';

/** The dashboard's first gate: the operator password, checked by the server. */
export function LockScreen({ onUnlock, notice }: { onUnlock: (t: SecurityToken) => void; notice: string | null }) {
  const [password, setPassword] = useState('');
  const [exchange, { isLoading }] = useSecuritySessionMutation();
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    setAlert(null);
    try {
      const issued = await exchange(password).unwrap();
      onUnlock(issued);
    } catch (err) {
      setAlert(errorMessage(err, 'Access Denied - Incorrect Password'));
    } finally {
      setPassword('');
    }
  };

  return (
    <div className="cs-lock">
      <div className="cs-lock__card">
        <LockIcon />
        <h2 className="cs-lock__title">Operator access</h2>
        <p className="cs-muted">Enter the operator password. It is checked on the server; the session lasts 15 minutes and lives only in this tab.</p>
        {notice && !alert && <p className="cs-note" role="status">{notice}</p>}
        <form className="cs-lock__form" onSubmit={submit}>
          <label htmlFor="cs-operator-password" className="cc-sr-only">
            Operator password
          </label>
          <input
            id="cs-operator-password"
            className="cc-input"
            type="password"
            autoComplete="current-password"
            placeholder="Operator password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={isLoading}
          />
          <Button type="submit" variant="primary" disabled={isLoading || !password}>
            {isLoading ? 'Checking…' : 'Unlock'}
          </Button>
        </form>
        {alert && (
          <p className="cs-alert" role="alert">
            {alert}
          </p>
        )}
      </div>
    </div>
  );
}
