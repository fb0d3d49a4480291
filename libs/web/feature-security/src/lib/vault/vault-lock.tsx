import type { PersonaName, SecurityToken } from '@cosmic/contracts';
import { useVaultSessionMutation } from '@cosmic/web-data-access';
import { LockIcon } from '../session/lock-icon';
import { PasswordForm } from '../session/password-form';
import { title } from '../format';

/** The vault's own gate: the vault password, exchanged with the operator token for a vault token. */
export function VaultLock({
  persona,
  operatorToken,
  onUnlock,
  notice,
}: {
  persona: PersonaName;
  operatorToken: string;
  onUnlock: (t: SecurityToken) => void;
  notice: string | null;
}) {
  const [exchange, { isLoading }] = useVaultSessionMutation();

  return (
    <div className="cs-vault-lock">
      <LockIcon small />
      <div>
        <p className="cs-vault-lock__title">{title(persona)}'s vault is sealed</p>
        <PasswordForm
          id="cs-vault-password"
          label="Vault password"
          autoComplete="off"
          className="cs-inline-form"
          submitLabel="Open vault"
          busyLabel="Opening…"
          busy={isLoading}
          denied={`Access Denied - ${title(persona)} Only`}
          notice={notice}
          unlock={async (password) => onUnlock(await exchange({ persona, password, token: operatorToken }).unwrap())}
        />
      </div>
    </div>
  );
}
