import type { AppKind } from './connectors/wallet-texts';

const APP_KINDS: readonly string[] = ['pera', 'defly', 'lute', 'dev'];

/** Whether a wallet kind is connected through a wallet app (use-wallet), not typed in. */
export const isAppKind = (kind: string | null): kind is AppKind => kind !== null && APP_KINDS.includes(kind);
