import './seeds.css';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@cosmic/web-ui';

function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 'Update Client Seed': the field (with a Random fill) and the button; `onSubmit` resolves true when the seed was changed. */
export function ClientSeedForm({
  onSubmit,
  busy = false,
  disabled = false,
}: {
  onSubmit(seed: string): Promise<boolean>;
  busy?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const [seed, setSeed] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onSubmit(seed)) setSeed('');
  };
  return (
    <form className="cc-fair__client" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>New client seed</label>
      <div className="cc-fair__client-row">
        <input
          id={id}
          className="cc-input cc-mono"
          value={seed}
          maxLength={64}
          placeholder="Any text you choose"
          autoComplete="off"
          disabled={disabled}
          onChange={(e) => setSeed(e.target.value)}
        />
        <Button size="sm" variant="ghost" disabled={disabled} onClick={() => setSeed(randomSeed())}>
          Random
        </Button>
      </div>
      <Button type="submit" variant="primary" disabled={busy || disabled}>
        Update Client Seed
      </Button>
    </form>
  );
}

/** 'Generate New Server Seed': reveals the current server seed and starts a new pair. */
export function NewServerSeedButton({
  onRotate,
  busy = false,
  disabled = false,
}: {
  onRotate(): void;
  busy?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button className="cc-fair__rotate" onClick={onRotate} disabled={busy || disabled}>
      {busy ? 'Generating…' : 'Generate New Server Seed'}
    </Button>
  );
}

/** The seed pair could not be loaded: says so, with a Retry (both seed panels). */
export function SeedsLoadError({ className, onRetry }: { className: string; onRetry(): void }) {
  return (
    <p className={className} role="alert">
      The seed pair could not be loaded.{' '}
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </p>
  );
}
