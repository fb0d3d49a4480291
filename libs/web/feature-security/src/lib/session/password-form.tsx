import { useState, type FormEvent } from 'react';
import { Button } from '@cosmic/web-ui';
import { errorMessage } from '@cosmic/web-data-access';

/** What tells one password gate from another: its field, its button and its refusal. */
export interface PasswordFormProps {
  /** The input's id, which its label points at. */
  id: string;
  /** The field's hidden label and placeholder. */
  label: string;
  autoComplete: string;
  /** The form's class (the full-page and the inline gates lay out differently). */
  className: string;
  submitLabel: string;
  /** The button's text while the server checks the password. */
  busyLabel: string;
  busy: boolean;
  /** The refusal shown when the server gives no message of its own. */
  denied: string;
  /** Why the gate is shown again (a session that ended), hidden while a refusal is shown. */
  notice: string | null;
  /** Exchanges the password for a token and unlocks; rejects when refused. */
  unlock: (password: string) => Promise<void>;
}

/** A password gate's form: the field is cleared after every try, and a refusal is shown as an alert. */
export function PasswordForm({
  id,
  label,
  autoComplete,
  className,
  submitLabel,
  busyLabel,
  busy,
  denied,
  notice,
  unlock,
}: PasswordFormProps) {
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    setAlert(null);
    try {
      await unlock(password);
    } catch (err) {
      setAlert(errorMessage(err, denied));
    } finally {
      setPassword('');
    }
  };

  return (
    <>
      {notice && !alert && (
        <p className="cs-note" role="status">
          {notice}
        </p>
      )}
      <form className={className} onSubmit={submit}>
        <label htmlFor={id} className="cc-sr-only">
          {label}
        </label>
        <input
          id={id}
          className="cc-input"
          type="password"
          autoComplete={autoComplete}
          placeholder={label}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
        />
        <Button type="submit" variant="primary" disabled={busy || !password}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
      {alert && (
        <p className="cs-alert" role="alert">
          {alert}
        </p>
      )}
    </>
  );
}
