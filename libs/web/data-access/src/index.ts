/** The shared RTK Query API slice that features inject endpoints into. */
export { api } from './lib/api';
/** The base query: cookies, JSON, "status: body" errors. */
export { cosmicBaseQuery, type ApiError } from './lib/base-query';
/** Store factory and types. */
export { createStore, type AppStore, type RootState, type AppDispatch } from './lib/store';
/** API health query. */
export { useHealthQuery, type HealthReport } from './lib/health.api';
/** AMINA house info query (GET /api/crypto/house-info, cached 5 min). */
export { useHouseInfoQuery, houseInfoEndpoints, type HouseInfo } from './lib/house-info.api';
/** Users: POST /api/users (session cookie), GET /api/users/{walletAddress}, daily allowance, POST /api/users/logout. */
export { useCreateUserMutation, useGetUserQuery, useClaimAllowanceMutation, useLogoutMutation } from './lib/users.api';
/** Chain view of a wallet: verify-wallet, direct balance, AMINA betting limits (cached 30 s). */
export { useVerifyWalletMutation, useCryptoBalanceQuery, useBettingLimitsQuery } from './lib/crypto.api';
/** Ownership proof (sign-in): challenge and verify, the challenge as signed and the proofs verify accepts. */
export {
  useOwnershipChallengeMutation,
  useVerifyOwnershipMutation,
  type OwnershipVerifyResponse,
  type SignInChallenge,
  type SignInProof,
  type SignInVerifyRequest,
} from './lib/ownership.api';
/** Provably fair seeds: current pair, revealed history, client seed update, new server seed. */
export {
  useCurrentSeedsQuery,
  useSeedHistoryQuery,
  useUpdateClientSeedMutation,
  useNewServerSeedMutation,
} from './lib/seeds.api';
/** Hook: the seed panel's update-client-seed and new-server-seed actions with the spec's toasts, and why a watch-only wallet may not. */
export { useSeedActions, SEEDS_NEED_SIGN_IN } from './lib/use-seed-actions';
/** Bet history (GET /api/bets). */
export { useBetsQuery, type BetsArgs } from './lib/bets.api';
/** Live bets: the tab's latest 20 (GET /api/live-bets) kept live by one shared server-sent stream, and the feed's list rules. */
export {
  useLiveBetsQuery,
  mergeLiveBets,
  revealLiveBets,
  matchesTab,
  LIVE_ROWS,
  type LiveBet,
  type LiveReveal,
  type LiveTab,
} from './lib/live-bets';
/** One settled bet in full (GET /api/bet-details/:id), for the bet details dialog. */
export { useBetDetailsQuery, type BetDetails } from './lib/bet-details.api';
/** The bet details dialog's data: the bet, why it failed to load, and the player's seed rotation on their own sealed bet. */
export { useBetDetails } from './lib/use-bet-details';
/** A bet's anchor receipt and its anchor's transaction (GET /api/bets/:id/receipt, GET /api/anchors/:id/chain). */
export { useBetReceiptQuery, useAnchorChainQuery, type AnchorChain, type BetReceipt } from './lib/anchors.api';
/** A bet's anchor for the bet details dialog: receipt (polled while pending) and transaction. */
export { useBetAnchor } from './lib/use-bet-anchor';
/** Published paytables and RTPs (GET /api/fairness/paytables). */
export { usePaytablesQuery } from './lib/fairness.api';
/** Proof of reserves: the latest snapshots (GET /api/reserves/snapshots) and the session's inclusion proof (GET /api/reserves/proof). */
export { useReservesSnapshotsQuery, useLazyReservesProofQuery } from './lib/reserves.api';
/** Devnet demo wallets (GET /api/dev/wallets; 404 off the devnet). */
export { useDevWalletsQuery, devWalletsEndpoints, type DevWallet } from './lib/dev-wallets.api';
/** The wallet slice: state shape, kinds, initial state and actions. */
export { walletSlice, walletActions, initialWalletState, type WalletState, type WalletKind } from './lib/wallet.slice';
/** Wallet thunks, the ownership signer type and the address rule. */
export {
  initWallet,
  startGuest,
  connectWallet,
  disconnectWallet,
  verifyOwnership,
  ALGORAND_ADDRESS,
  INVALID_ADDRESS_MESSAGE,
  CONNECT_REFRESH_MS,
  type OwnershipSigner,
} from './lib/wallet.thunks';
/** Wallet apps (use-wallet, registered by the wallet widget): registration, and signing with the connected one from any screen. */
export {
  registerWalletApp,
  walletAppResumeStarted,
  walletAppResuming,
  type ResumeTarget,
  walletAppResumeEnded,
  useWalletAppSigner,
  walletAppSigner,
  WALLET_CANCELLED,
  type WalletApp,
  type WalletAppSigner,
} from './lib/wallet-app';
/** localStorage helpers of the wallet (guestUserId, walletConnected, walletAddress, walletKind); clearing keeps the guest id. */
export { newGuestId, readStoredWallet, clearStoredWallet } from './lib/wallet-storage';
/** Hook: wallet state (watch-only or proven), balances polled every 10 s, connect / disconnect / verify / request sign-in. */
export {
  balancesOf,
  shownBalances,
  useStoreWallet,
  useRequestAddress,
  useRequestAddressReader,
  BALANCE_POLL_MS,
  type RequestParty,
  type WalletBalances,
} from './lib/use-wallet';
/** The store and the wallet for a tree (StoreProvider); the wallet read a render after the store (useWallet). */
export { StoreProvider, WalletProvider, useWallet, type Wallet } from './lib/wallet-provider';
/** Wins held back from the shown balances until a game's animation lands (only the display waits; the cache keeps the server's balance). */
export {
  balanceRevealSlice,
  balanceRevealActions,
  shownBalance,
  type BalanceRevealState,
} from './lib/balance-reveal.slice';
/** Hook: withhold a settled answer's win from the shown balances until the game reveals it. */
export { useWinReveal, MAX_HOLD_MS, type SettledAnswer } from './lib/use-win-reveal';
/** Hook: the bet panel's balances, AMINA limit and whether AMINA is allowed, in base units. */
export { useBetContext } from './lib/use-bet-context';
/** Hook: AMINA betting limits with the spec's defaults. */
export { useBettingLimits, CONNECTED_LIMITS, DISCONNECTED_LIMITS } from './lib/use-betting-limits';
/** Toasts: one at a time, in the shared store. */
export {
  toastSlice,
  showToast,
  dismissToast,
  type ToastInput,
  type ToastItem,
  type ToastState,
  type ToastVariant,
} from './lib/toast.slice';
/** Hook: show or dismiss the toast from any screen (shell or remote). */
export { useToast } from './lib/use-toast';
/** A failed call's message (server message, else "status: body"), its API error code (LOSS_LIMIT…) and its HTTP status. */
export { errorMessage, errorCode, errorStatus } from './lib/error-message';
/** The toast for each API refusal code (LOSS_LIMIT, SELF_EXCLUDED…), and the one for a failed call. */
export { INSUFFICIENT_BALANCE, REFUSALS, refusalFor, type Refusal } from './lib/refusals';
/** Security dashboard: password exchanges (bearer tokens kept in memory), telemetry queries, vault and emergency switch; their types are in @cosmic/contracts. */
export {
  SECURITY_POLL_MS,
  useSecuritySessionMutation,
  useVaultSessionMutation,
  useSecurityOverviewQuery,
  useSecurityDomQuery,
  useSecurityHackersQuery,
  useSecurityVulnerabilitiesQuery,
  usePersonaStatsQuery,
  useDomainReportQuery,
  useVaultLogsQuery,
  useEmergencyFixMutation,
  useResumeAminaMutation,
} from './lib/security.api';
/** Cashier: build, submit and notify AMINA deposits, withdraw, and the deposit/withdrawal history; their types are in @cosmic/contracts. */
export {
  useBuildDepositMutation,
  useSubmitDepositMutation,
  useNotifyDepositMutation,
  useWithdrawMutation,
  useWithdrawChallengeMutation,
  useWithdrawalStatusQuery,
  useCashierTransactionsQuery,
  type WithdrawRequest,
} from './lib/cashier.api';
/** Game calls (dice, plinko, hi-lo, blackjack, slots), each refreshing the balance, and their answer types. */
export {
  useRollDiceMutation,
  useDropPlinkoMutation,
  useHiloStartMutation,
  useHiloGuessMutation,
  useHiloCashoutMutation,
  useHiloCurrentQuery,
  useBlackjackDealMutation,
  useBlackjackActMutation,
  useBlackjackCurrentQuery,
  useSlotsSpinMutation,
  useSlotsBuyBonusMutation,
  useSlotsStateQuery,
  type GameCurrency,
  type GameFairness,
  type GameCard,
  type DiceBetType,
  type DiceResult,
  type PlinkoRisk,
  type PlinkoResult,
  type HiloSide,
  type HiloState,
  type HiloCurrent,
  type BlackjackAction,
  type BlackjackResult,
  type BlackjackHand,
  type BlackjackState,
  type BlackjackCurrent,
  type SlotsCluster,
  type SlotsCascade,
  type SlotsSpin,
  type SlotsBonus,
  type SlotsState,
} from './lib/games.api';
/** Responsible gaming: loss limits and self-exclusion (GET/POST /api/responsible-gaming/*). */
export {
  usePlayerLimitsQuery,
  useSetLossLimitMutation,
  useSelfExcludeMutation,
  useConfirmPlayMutation,
  useRealityCheckQuery,
  useAnswerRealityCheckMutation,
  useSetRealityIntervalMutation,
  type PlayerLimitsDto,
} from './lib/responsible-gaming.api';

export { moneyPost, newIdempotencyKey, IDEMPOTENCY_HEADER } from './lib/idempotency';
