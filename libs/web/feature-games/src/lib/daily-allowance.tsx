import { Button } from '@cosmic/web-ui';
import { errorMessage, useClaimAllowanceMutation, useToast, useWallet } from '@cosmic/web-data-access';

/** The daily allowance: 1,000 HC once every 24 hours (the server says when the next one is due). */
export function DailyAllowance() {
  const wallet = useWallet();
  const [claim, { isLoading }] = useClaimAllowanceMutation();
  const { toast } = useToast();
  const userId = wallet.userId;
  const next = wallet.user?.nextAllowanceAt ? new Date(wallet.user.nextAllowanceAt) : null;
  const waiting = next !== null && next.getTime() > Date.now();

  const onClaim = async () => {
    if (!userId) return;
    try {
      const r = await claim(userId).unwrap();
      toast({
        title: 'Daily bonus claimed!',
        description: `+${Number(r.credited).toLocaleString('en-US')} HC`,
        variant: 'success',
      });
      wallet.refreshBalance();
    } catch (e) {
      toast({
        title: 'Not yet',
        description: errorMessage(e, 'Failed to claim the daily allowance'),
        variant: 'error',
      });
    }
  };

  return (
    <div className="cc-lobby-banner__allowance">
      <Button variant="primary" onClick={() => void onClaim()} disabled={!userId || isLoading || waiting}>
        {isLoading ? 'Claiming…' : 'Claim daily 1,000 HC'}
      </Button>
      {waiting && <p className="cc-lobby-banner__text">Next allowance at {next.toLocaleTimeString()}</p>}
    </div>
  );
}
