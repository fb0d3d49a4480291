import type {
  OwnershipChallengeResponse,
  OwnershipVerifyRequest,
  OwnershipVerifyResponse,
  WalletArgs,
} from '@cosmic/contracts';
import { api } from './api';

/** The challenge as sign-in reads it (the message, the challenge transaction, the ARC-60 payload). */
export type SignInChallenge = OwnershipChallengeResponse;
/** The proof sent to verify: a signed challenge transaction, an ARC-60 signature with its authenticator data, or a raw signature over "MX" + message. */
export type SignInProof = { signedTxnB64: string } | { signatureB64: string; authenticatorDataB64?: string };
/** POST /api/crypto/ownership/verify body. */
export type SignInVerifyRequest = OwnershipVerifyRequest;
export type { OwnershipVerifyResponse };

const ownershipApi = api.injectEndpoints({
  endpoints: (b) => ({
    ownershipChallenge: b.mutation<SignInChallenge, string>({
      query: (walletAddress) => ({
        url: 'crypto/ownership/challenge',
        method: 'POST',
        body: { walletAddress } satisfies WalletArgs,
      }),
    }),
    verifyOwnership: b.mutation<OwnershipVerifyResponse, SignInVerifyRequest>({
      query: (body) => ({ url: 'crypto/ownership/verify', method: 'POST', body }),
      // the session is now verified: the user record says so and AMINA limits may change
      invalidatesTags: ['User', 'Limits'],
    }),
  }),
});

/** The ownership endpoints (for thunks and the wallet slice). */
export const ownershipEndpoints = ownershipApi.endpoints;
/** Mutation: POST /api/crypto/ownership/challenge {walletAddress} → a one-time challenge to sign. */
export const useOwnershipChallengeMutation = ownershipApi.useOwnershipChallengeMutation;
/** Mutation: POST /api/crypto/ownership/verify {walletAddress, challengeId, signedTxnB64 | signatureB64 (+ authenticatorDataB64)}. */
export const useVerifyOwnershipMutation = ownershipApi.useVerifyOwnershipMutation;
