import type { SecurityToken } from '@cosmic/contracts';
import { useSecuritySessionMutation } from '@cosmic/web-data-access';
import { LockIcon } from './lock-icon';
import { PasswordForm } from './password-form';

/** The dashboard's first gate: the operator password, checked by the server. */
export function LockScreen({ onUnlock, notice }: { onUnlock: (t: SecurityToken) => void; notice: string | null }) {
  const [exchange, { isLoading }] = useSecuritySessionMutation();

  return (
    <div className="cs-lock">
      <div className="cs-lock__card">
        <LockIcon />
        <h2 className="cs-lock__title">Operator access</h2>
        <p className="cs-muted">
          Enter the operator password. It is checked on the server; the session lasts 15 minutes and lives only in this
          tab.
        </p>
        <PasswordForm
          id="cs-operator-password"
          label="Operator password"
          autoComplete="current-password"
          className="cs-lock__form"
          submitLabel="Unlock"
          busyLabel="Checking…"
          busy={isLoading}
          denied="Access Denied - Incorrect Password"
          notice={notice}
          unlock={async (password) => onUnlock(await exchange(password).unwrap())}
        />
      </div>
    </div>
  );
}
