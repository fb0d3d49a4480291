import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Overlay } from '@cosmic/web-ui';
import { introSkipped } from '../warp/skip-intro';
import { RocketIcon } from './icons';

/** How long the 'Entering the Cosmos...' overlay plays before the warp intro opens. */
export const ENTER_DELAY_MS = 1200;

/** 'Enter the Cosmos': shows the portal overlay, then navigates to /warp; straight to /casino once the player skips the intro for good. */
export function EnterCosmosButton() {
  const navigate = useNavigate();
  const [entering, setEntering] = useState(false);

  useEffect(() => {
    if (!entering) return undefined;
    const t = setTimeout(() => navigate('/warp'), ENTER_DELAY_MS);
    return () => clearTimeout(t);
  }, [entering, navigate]);

  return (
    <>
      <Button
        variant="primary"
        size="lg"
        className="cc-hero__cta"
        onClick={() => (introSkipped() ? navigate('/casino') : setEntering(true))}
        aria-disabled={entering}
      >
        <RocketIcon /> Enter the Cosmos
      </Button>
      {entering && <Overlay message="Entering the Cosmos..." />}
    </>
  );
}
