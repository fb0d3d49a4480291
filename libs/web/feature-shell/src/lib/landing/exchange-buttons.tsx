import { Button, buttonClass, ExternalLink } from '@cosmic/web-ui';
import type { HouseInfo } from '@cosmic/web-data-access';
import { safeExchangeLinks } from './house-facts';

interface Props {
  info: HouseInfo | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** One button per exchange from house info, each opening the exchange in a new tab. */
export function ExchangeButtons({ info, loading, failed, onRetry }: Props) {
  if (loading) return <p className="cc-buy__status">Loading exchanges…</p>;
  const links = safeExchangeLinks(info);
  if (failed || links.length === 0) {
    return (
      <div className="cc-buy__status" role="status">
        <p>Exchange links are unavailable right now.</p>
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="cc-buy__actions">
      {links.map((l) => (
        <ExternalLink key={l.name} href={l.url} className={buttonClass({ variant: 'primary' })}>
          Buy on {l.name}
        </ExternalLink>
      ))}
    </div>
  );
}
