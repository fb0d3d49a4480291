import { Suspense } from 'react';
import { preloadableLazy } from '../preloadable-lazy';
import type { BetPanelProps } from './bet-panel';

// The panel's code and styles load with the first game screen, not with the landing page.
const Panel = preloadableLazy(() => import(/* webpackChunkName: "bet-panel" */ './bet-panel'));

/** The shared bet panel, loaded on first render (a same-size placeholder shows meanwhile) or ahead with `preload`. */
export function BetPanel(props: BetPanelProps) {
  return (
    <Suspense fallback={<section className="cc-card" style={{ minHeight: 236 }} aria-busy="true" aria-label="Bet" />}>
      <Panel {...props} />
    </Suspense>
  );
}
BetPanel.preload = Panel.preload;
