import type { OwnershipChallengeResponse, OwnershipVerifyRequest } from '@cosmic/contracts';
import { api } from './api';

/** POST /api/crypto/ownership/verify answer (the fields the front end reads). */
export interface OwnershipVerifyResponse {
  verified?: boolean;
}

const ownershipApi = api.injectEndpoints({
  endpoints: (b) => ({
    ownershipChallenge: b.mutation<OwnershipChallengeResponse, string>({
      query: (walletAddress) => ({ url: 'crypto/ownership/challenge', method: 'POST', body: { walletAddress } }),
    }),
    verifyOwnership: b.mutation<OwnershipVerifyResponse, OwnershipVerifyRequest>({
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
/** Mutation: POST /api/crypto/ownership/verify {walletAddress, challengeId, signedTxnB64}. */
export const useVerifyOwnershipMutation = ownershipApi.useVerifyOwnershipMutation;
