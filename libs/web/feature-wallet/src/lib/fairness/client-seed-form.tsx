import { type FormEvent, useState } from 'react';
import { useToast, useUpdateClientSeedMutation } from '@cosmic/web-data-access';
import { Button } from '@cosmic/web-ui';

function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 'Update Client Seed': empty → 'Invalid seed'; success and failure toasts from the spec. */
export function ClientSeedForm({ address }: { address: string }) {
  const [seed, setSeed] = useState('');
  const [update, { isLoading }] = useUpdateClientSeedMutation();
  const { toast } = useToast();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clientSeed = seed.trim();
    if (!clientSeed) return toast({ title: 'Invalid seed', description: 'Please enter a client seed', variant: 'error' });
    try {
      await update({ walletAddress: address, clientSeed }).unwrap();
      setSeed('');
      toast({ title: 'Client seed updated', description: 'The previous server seed is revealed below; the new pair starts at nonce 0.', variant: 'success' });
    } catch {
      toast({ title: 'Update failed', description: 'Failed to update client seed', variant: 'error' });
    }
  };

  return (
    <form className="cc-fair__client" onSubmit={(e) => void submit(e)}>
      <label htmlFor="pf-client-seed">New client seed</label>
      <div className="cc-fair__client-row">
        <input id="pf-client-seed" className="cc-input cc-mono" value={seed} maxLength={64} placeholder="Any text you choose" autoComplete="off" onChange={(e) => setSeed(e.target.value)} />
        <Button size="sm" variant="ghost" onClick={() => setSeed(randomSeed())}>Random</Button>
      </div>
      <Button type="submit" variant="primary" disabled={isLoading}>Update Client Seed</Button>
    </form>
  );
}
