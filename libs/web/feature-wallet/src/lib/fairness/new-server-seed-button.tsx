import { useNewServerSeedMutation, useToast } from '@cosmic/web-data-access';
import { Button } from '@cosmic/web-ui';

/** 'Generate New Server Seed': reveals the current server seed and starts a new pair. */
export function NewServerSeedButton({ address }: { address: string }) {
  const [rotate, { isLoading }] = useNewServerSeedMutation();
  const { toast } = useToast();
  const run = async () => {
    try {
      await rotate({ walletAddress: address }).unwrap();
      toast({ title: 'New server seed generated', description: 'The previous server seed is revealed below.', variant: 'success' });
    } catch {
      toast({ title: 'Generation failed', description: 'Failed to generate new server seed', variant: 'error' });
    }
  };
  return (
    <Button className="cc-fair__rotate" onClick={() => void run()} disabled={isLoading}>
      {isLoading ? 'Generating…' : 'Generate New Server Seed'}
    </Button>
  );
}
