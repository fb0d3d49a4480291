import { useBetAnchor, useBetDetails } from '@cosmic/web-data-access';
import { BetDetailsDialog } from '@cosmic/web-ui-bet-details';

/** A bet of the player's history in the bet details dialog. */
export default function BetDetailsModal({ betId, onClose }: { betId: string; onClose(): void }) {
  return <BetDetailsDialog betId={betId} onClose={onClose} {...useBetDetails(betId)} anchor={useBetAnchor(betId)} />;
}
