import { Type, type Static } from '@sinclair/typebox';
import { Base64, Uuid4, WalletAddress } from './fields';

/** Amounts cross the API as decimal strings of the 8-decimal unit ("1000", "0.2"). */
export type DecimalString = string;

/** The two currencies: free House Coins and the AMINA token. */
export type Currency = 'HC' | 'AMINA';

/** POST /api/users body: a wallet address or guest id, and a username for a new account. */
export const CreateUserBodySchema = Type.Object(
  {
    walletAddress: WalletAddress('a GUEST_… id or a 58-character Algorand address'),
    username: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_]{3,32}$',
        description: '3–32 letters, digits or _',
        errorMessage: 'username must be a string',
        patternMessage: 'username must be 3–32 letters, digits or underscores',
      }),
    ),
  },
  { additionalProperties: false },
);
/** POST /api/users body. */
export type CreateUserRequest = Static<typeof CreateUserBodySchema>;

/** A user as the API answers it. */
export interface UserDto {
  id: string;
  walletAddress: string;
  username: string;
  isGuest: boolean;
  aminaBalance: DecimalString;
  houseBalance: DecimalString;
  /** This session has proven it controls the wallet (AMINA play and withdrawals allowed). */
  ownershipVerified: boolean;
  /** When the next daily allowance can be claimed (ISO time), null if claimable now. */
  nextAllowanceAt: string | null;
}

/** POST /api/users/{id}/claim-allowance answer. */
export interface ClaimAllowanceResponse {
  credited: DecimalString;
  houseBalance: DecimalString;
  nextAllowanceAt: string;
}

/** POST /api/crypto/verify-wallet answer. */
export interface VerifyWalletResponse {
  balances: { AMINA: DecimalString; HC: DecimalString };
  optedIn: boolean;
}

/** GET /api/crypto/balance/{walletAddress} answer. */
export interface BalanceResponse {
  walletAddress: string;
  balance: DecimalString;
  balances: { AMINA: DecimalString; HC: DecimalString };
  /** AMINA held by the wallet on chain (not the casino balance); null for guests or when the chain is unreachable. */
  chainAmina: DecimalString | null;
}

/** GET /api/crypto/betting-limits/{walletAddress} answer (AMINA). */
export interface BettingLimitsResponse {
  min: DecimalString;
  /** The configured largest AMINA bet (BET_MAX_AMINA). */
  max: DecimalString;
  /** Most one AMINA bet may win net: a fraction of the house bankroll. */
  maxProfit?: DecimalString;
  /** The largest stake per game and variant so its best win fits `maxProfit` ("dice:seven", "plinko:high", "slots", "blackjack", "hilo"). */
  games?: Record<string, DecimalString>;
}

/** The house's AMINA bankroll and the per-bet win cap drawn from it. */
export interface AminaBankroll {
  /** The house account's AMINA, read from the node. */
  houseOnChain: DecimalString;
  /** Player balances plus withdrawals in flight. */
  owedToPlayers: DecimalString;
  /** houseOnChain − owedToPlayers (negative when the house cannot cover what it owes). */
  bankroll: string;
  maxProfitFraction: string;
  /** Most one AMINA bet may win net. */
  maxProfit: DecimalString;
  /** The same in base units. */
  maxProfitUnits: string;
  at: string;
}

/** GET /api/crypto/house-info answer. */
export interface HouseInfoResponse {
  network: string;
  chainId: number | null;
  assetId: string;
  name: string;
  unit: string;
  decimals: number;
  totalSupply: DecimalString;
  creator: string;
  houseAddress: string;
  exchangeLinks: Array<{ name: string; url: string }>;
  /** The node's genesis id and hash (base64): what a wallet app needs for a network it does not know (the devnet). */
  genesisId?: string;
  genesisHash?: string;
}

/**
 * A one-time, 5-minute challenge to sign with the wallet (POST /api/crypto/ownership/challenge, and
 * POST /api/crypto/withdraw/challenge for a withdrawal to another address).
 */
export interface OwnershipChallengeResponse {
  challengeId: string;
  /** The exact text signed: a canonical CAIP-122 (Sign-In with Algorand) JSON naming the site's origin, the address, the purpose and the nonce. */
  message: string;
  /** base64 msgpack of a never-valid 0-ALGO self-payment whose note is `message` (any wallet can sign it). */
  txnB64: string;
  /** ARC-60 `signData` payload (scope AUTH, encoding base64): data = base64(message), authenticatorData = base64(sha256(domain)). */
  arc60: { data: string; domain: string; authenticatorData: string };
  expiresAt: string;
}

/** POST /api/crypto/ownership/verify body: the challenge's id and a signature over it, in one of three forms. */
export const OwnershipVerifyBodySchema = Type.Object(
  {
    challengeId: Uuid4('challengeId must be the id returned by /ownership/challenge'),
    signedTxnB64: Type.Optional(Base64('signedTxnB64', 4096, 'base64 of the signed challenge transaction')),
    signatureB64: Type.Optional(
      Base64(
        'signatureB64',
        200,
        'base64 ed25519 signature: over sha256(message) ‖ sha256(authenticatorData) with authenticatorDataB64 (ARC-60 signData), else over "MX" + message (algosdk signBytes)',
      ),
    ),
    authenticatorDataB64: Type.Optional(
      Base64(
        'authenticatorDataB64',
        400,
        'base64 ARC-60 authenticator data (starts with sha256 of the domain), with signatureB64',
      ),
    ),
    walletAddress: WalletAddress(),
  },
  { additionalProperties: false },
);
/** POST /api/crypto/ownership/verify body. */
export type OwnershipVerifyRequest = Static<typeof OwnershipVerifyBodySchema>;

/** A signature over a challenge (sign-in or a withdrawal elsewhere): exactly one of the three forms. */
export type ChallengeProof = Omit<OwnershipVerifyRequest, 'walletAddress'>;

/** POST /api/crypto/ownership/verify answer: the session is proven until `expiresAt` (at most 24 h). */
export interface OwnershipVerifyResponse {
  ownershipVerified: true;
  expiresAt: string;
}
