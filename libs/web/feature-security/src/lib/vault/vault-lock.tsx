import { useState, type FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import type { PersonaName, SecurityToken } from '@cosmic/contracts';
import { errorMessage, useVaultSessionMutation } from '@cosmic/web-data-access';
import { LockIcon } from '../session/lock-icon';
import { title } from '../format';

/** The vault's own gate: the vault password, exchanged with the operator token for a vault token. */
export function VaultLock({ persona, operatorToken, onUnlock, notice }: { persona: PersonaName; operatorToken: string; onUnlock: (t: SecurityToken) => void; notice: string | null }) {
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [exchange, { isLoading }] = useVaultSessionMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    setAlert(null);
    try {
      onUnlock(await exchange({ persona, password, token: operatorToken }).unwrap());
    } catch (err) {
      setAlert(errorMessage(err, `Access Denied - ${title(persona)} Only`));
    } finally {
      setPassword('');
    }
  };

  return (
    <div className="cs-vault-lock">
      <LockIcon small />
      <div>
        <p className="cs-vault-lock__title">{title(persona)}'s vault is sealed</p>
        {notice && !alert && <p className="cs-note" role="status">{notice}</p>}
        <form className="cs-inline-form" onSubmit={submit}>
          <label htmlFor="cs-vault-password" className="cc-sr-only">
            Vault password
          </label>
          <input id="cs-vault-password" className="cc-input" type="password" autoComplete="off" placeholder="Vault password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={isLoading} />
          <Button type="submit" variant="primary" disabled={isLoading || !password}>
            {isLoading ? 'Opening…' : 'Open vault'}
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
