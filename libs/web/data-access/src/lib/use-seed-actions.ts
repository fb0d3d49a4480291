import { useCallback, useMemo } from 'react';
import { errorCode } from './error-message';
import { useNewServerSeedMutation, useUpdateClientSeedMutation } from './seeds.api';
import { useToast } from './use-toast';
import { useWallet } from './wallet-provider';

/** Why a watch-only session cannot change its seeds (the server answers 403 OWNERSHIP_REQUIRED). */
export const SEEDS_NEED_SIGN_IN = 'Sign in with your wallet to change your seeds: a typed address is watch-only.';

const why = (e: unknown, generic: string) => (errorCode(e) === 'OWNERSHIP_REQUIRED' ? SEEDS_NEED_SIGN_IN : generic);

/**
 * The Provably Fair panel's two changes with their toasts: update the client seed
 * ('Invalid seed' when empty, 'Client seed updated' / 'Update failed') and generate a new server
 * seed ('New server seed generated' / 'Generation failed'). A watch-only wallet is told why it may
 * not (`blocked`); a refusal by the server names its reason by code, not the generic text.
 */
export function useSeedActions(address: string) {
  const { watchOnly } = useWallet();
  const [update, updating] = useUpdateClientSeedMutation();
  const [rotateCall, rotating] = useNewServerSeedMutation();
  const { toast } = useToast();

  const updateClientSeed = useCallback(
    async (seed: string): Promise<boolean> => {
      const clientSeed = seed.trim();
      if (!clientSeed) {
        toast({ title: 'Invalid seed', description: 'Please enter a client seed', variant: 'error' });
        return false;
      }
      try {
        await update({ walletAddress: address, clientSeed }).unwrap();
        toast({
          title: 'Client seed updated',
          description: 'The previous server seed is revealed; the new pair starts at nonce 0.',
          variant: 'success',
        });
        return true;
      } catch (e) {
        toast({ title: 'Update failed', description: why(e, 'Failed to update client seed'), variant: 'error' });
        return false;
      }
    },
    [address, update, toast],
  );

  const rotate = useCallback(async (): Promise<boolean> => {
    try {
      await rotateCall({ walletAddress: address }).unwrap();
      toast({
        title: 'New server seed generated',
        description: 'The previous server seed is revealed.',
        variant: 'success',
      });
      return true;
    } catch (e) {
      toast({
        title: 'Generation failed',
        description: why(e, 'Failed to generate new server seed'),
        variant: 'error',
      });
      return false;
    }
  }, [address, rotateCall, toast]);

  return useMemo(
    () => ({
      updateClientSeed,
      rotate,
      updating: updating.isLoading,
      rotating: rotating.isLoading,
      blocked: watchOnly ? SEEDS_NEED_SIGN_IN : null,
    }),
    [updateClientSeed, rotate, updating.isLoading, rotating.isLoading, watchOnly],
  );
}
