import { Type, type Static } from '@sinclair/typebox';
import { Base64, Uuid4, WalletAddress } from './fields';

/** Amounts cross the API as decimal strings of the 8-decimal unit ("1000", "0.2"). */
export type DecimalString = string;

/** The two currencies: free House Coins and the AMINA token. */
export const CurrencySchema = Type.Union([Type.Literal('HC'), Type.Literal('AMINA')]);
/** The two currencies: free House Coins and the AMINA token. */
export type Currency = Static<typeof CurrencySchema>;

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

// ---- answers: each schema is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer ----

const decimal = Type.String({ description: 'decimal string of the 8-decimal unit' });
const time = Type.String({ description: 'ISO time' });
const balances = Type.Object({ AMINA: decimal, HC: decimal });

/** A user as the API answers it (POST /api/users, GET /api/users/{walletAddress}). */
export const UserDtoSchema = Type.Object({
  id: Type.String(),
  walletAddress: Type.String(),
  username: Type.String(),
  isGuest: Type.Boolean(),
  aminaBalance: decimal,
  houseBalance: decimal,
  /** This session has proven it controls the wallet (AMINA play and withdrawals allowed). */
  ownershipVerified: Type.Boolean(),
  /** When the next daily allowance can be claimed (ISO time), null if claimable now. */
  nextAllowanceAt: Type.Union([time, Type.Null()]),
});
/** A user as the API answers it. */
export type UserDto = Static<typeof UserDtoSchema>;

/** POST /api/users/{id}/claim-allowance answer. */
export const ClaimAllowanceResponseSchema = Type.Object({
  credited: decimal,
  houseBalance: decimal,
  nextAllowanceAt: time,
});
/** POST /api/users/{id}/claim-allowance answer. */
export type ClaimAllowanceResponse = Static<typeof ClaimAllowanceResponseSchema>;

/** POST /api/crypto/verify-wallet answer. */
export const VerifyWalletResponseSchema = Type.Object({ balances, optedIn: Type.Boolean() });
/** POST /api/crypto/verify-wallet answer. */
export type VerifyWalletResponse = Static<typeof VerifyWalletResponseSchema>;

/** GET /api/crypto/balance/{walletAddress} answer. */
export const BalanceResponseSchema = Type.Object({
  walletAddress: Type.String(),
  balance: decimal,
  balances,
  /** AMINA held by the wallet on chain (not the casino balance); null for guests or when the chain is unreachable. */
  chainAmina: Type.Union([decimal, Type.Null()]),
});
/** GET /api/crypto/balance/{walletAddress} answer. */
export type BalanceResponse = Static<typeof BalanceResponseSchema>;

/** GET /api/crypto/betting-limits/{walletAddress} answer (AMINA). */
export const BettingLimitsResponseSchema = Type.Object({
  min: decimal,
  /** The configured largest AMINA bet (BET_MAX_AMINA). */
  max: decimal,
  /** Most one AMINA bet may win net: a fraction of the house bankroll (absent while the chain is unreachable). */
  maxProfit: Type.Optional(decimal),
  /** The largest stake per game and variant so its best win fits `maxProfit` ("dice:seven", "plinko:high", "slots", "blackjack", "hilo"). */
  games: Type.Optional(Type.Record(Type.String(), decimal)),
});
/** GET /api/crypto/betting-limits/{walletAddress} answer (AMINA). */
export type BettingLimitsResponse = Static<typeof BettingLimitsResponseSchema>;

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
export const HouseInfoResponseSchema = Type.Object({
  network: Type.String(),
  chainId: Type.Union([Type.Number(), Type.Null()]),
  assetId: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  decimals: Type.Number(),
  totalSupply: decimal,
  creator: Type.String(),
  houseAddress: Type.String(),
  exchangeLinks: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  /** The node's genesis id and hash (base64): what a wallet app needs for a network it does not know (the devnet). */
  genesisId: Type.Optional(Type.String()),
  genesisHash: Type.Optional(Type.String()),
});
/** GET /api/crypto/house-info answer. */
export type HouseInfoResponse = Static<typeof HouseInfoResponseSchema>;

/**
 * A one-time, 5-minute challenge to sign with the wallet (POST /api/crypto/ownership/challenge, and
 * POST /api/crypto/withdraw/challenge for a withdrawal to another address).
 */
export const OwnershipChallengeResponseSchema = Type.Object({
  challengeId: Type.String(),
  /** The exact text signed: a canonical CAIP-122 (Sign-In with Algorand) JSON naming the site's origin, the address, the purpose and the nonce. */
  message: Type.String(),
  /** base64 msgpack of a never-valid 0-ALGO self-payment whose note is `message` (any wallet can sign it). */
  txnB64: Type.String(),
  /** ARC-60 `signData` payload (scope AUTH, encoding base64): data = base64(message), authenticatorData = base64(sha256(domain)). */
  arc60: Type.Object({ data: Type.String(), domain: Type.String(), authenticatorData: Type.String() }),
  expiresAt: time,
});
/** A one-time, 5-minute challenge to sign with the wallet. */
export type OwnershipChallengeResponse = Static<typeof OwnershipChallengeResponseSchema>;

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
export const OwnershipVerifyResponseSchema = Type.Object({ ownershipVerified: Type.Literal(true), expiresAt: time });
/** POST /api/crypto/ownership/verify answer. */
export type OwnershipVerifyResponse = Static<typeof OwnershipVerifyResponseSchema>;
