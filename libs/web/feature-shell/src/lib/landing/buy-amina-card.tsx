import { DisclosureCard, FactList, Skeleton, type Fact } from '@cosmic/web-ui';
import { useHouseInfoQuery } from '@cosmic/web-data-access';
import { formatSupply, STATIC_FACTS } from './house-facts';
import { ExchangeButtons } from './exchange-buttons';
import { AminaToken } from './icons';

const UNAVAILABLE = <span className="cc-muted cc-buy__unavailable">Asset details unavailable</span>;

/** The collapsible Buy AMINA card: supply, network, asset id, creator and exchange links. */
export function BuyAminaCard() {
  const { data, isLoading, isError, refetch } = useHouseInfoQuery();
  const pending = (width: number) => (isLoading ? <Loading width={width} /> : UNAVAILABLE);
  const facts: Fact[] = [
    { label: 'Total supply', value: data ? formatSupply(data.totalSupply, data.unit) : STATIC_FACTS.totalSupply },
    { label: 'Network', value: data?.network ?? STATIC_FACTS.network },
    { label: 'Asset ID', value: data?.assetId ?? pending(12), mono: !!data },
    { label: 'Creator', value: data?.creator ?? pending(30), mono: !!data },
  ];
  return (
    <DisclosureCard
      title="Buy AMINA"
      summary="Only 1,000 AMINA exist, on Algorand. Buy on an exchange, then deposit."
      icon={<AminaToken />}
    >
      <div className="cc-buy" aria-busy={isLoading}>
        <FactList facts={facts} />
        <ExchangeButtons info={data} loading={isLoading} failed={isError && !data} onRetry={() => void refetch()} />
        <p className="cc-buy__note">
          AMINA is an Algorand Standard Asset: opt in to it in your wallet before buying. Exchanges are third-party
          sites; prices and fees are theirs.
        </p>
      </div>
    </DisclosureCard>
  );
}

function Loading({ width }: { width: number }) {
  return (
    <>
      <Skeleton width={width} />
      <span className="cc-sr-only">Loading…</span>
    </>
  );
}
