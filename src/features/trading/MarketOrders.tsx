import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';

// The lists and their dialogs come only for someone signed in: a visitor's page loads none.
const OwnMarketOrders = lazyPart(() => import('./OwnMarketOrders.tsx'));

type Instrument = { id: number; code: string };

/**
 * Under a market's chart (composed there by src/app), as exchanges have it: the person's open
 * positions, waiting orders, history and options on this market, without leaving it. Nothing
 * for a visitor (the trade panel asks them to sign in).
 */
export default function MarketOrders({ instrument }: { instrument: Instrument }) {
  const { isLogin } = useStore(sessionStore);
  return isLogin ? (
    <Suspense fallback={null}>
      <OwnMarketOrders instrument={instrument} />
    </Suspense>
  ) : null;
}
