import type { ClaimAllowanceResponse, CreateUserRequest, UserDto } from '@cosmic/contracts';
import { api } from './api';
import { moneyPost } from './idempotency';

const usersApi = api.injectEndpoints({
  endpoints: (b) => ({
    // POST /api/users: creates or fetches the user and sets the httpOnly session cookie. It
    // invalidates nothing: the wallet thunks seed the new player's record and drop the previous
    // player's queries themselves, since a refetch here would read the previous player's record
    // with the new session's cookie (a 403 the security dashboard counts as session abuse).
    createUser: b.mutation<UserDto, CreateUserRequest>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
    }),
    getUser: b.query<UserDto, string>({
      query: (walletAddress) => `users/${encodeURIComponent(walletAddress)}`,
      providesTags: ['User', 'Balance'],
    }),
    // POST /api/users/logout: revokes this session on the server and clears its cookie (204).
    logout: b.mutation<void, void>({
      query: () => ({ url: 'users/logout', method: 'POST' }),
    }),
    claimAllowance: b.mutation<ClaimAllowanceResponse, string>({
      query: (userId) => moneyPost(`users/${encodeURIComponent(userId)}/claim-allowance`),
      invalidatesTags: ['User', 'Balance'],
    }),
  }),
});

/** The users endpoints (for thunks and cache updates). */
export const usersEndpoints = usersApi.endpoints;
/** Cache helpers of the users endpoints (e.g. seeding the user query after POST /api/users). */
export const usersUtil = usersApi.util;
/** Mutation: POST /api/users {walletAddress, username?} → UserDto. */
export const useCreateUserMutation = usersApi.useCreateUserMutation;
/** Query: GET /api/users/{walletAddress} → UserDto (pass `pollingInterval: 10000` for the balance poll). */
export const useGetUserQuery = usersApi.useGetUserQuery;
/** Mutation: POST /api/users/logout → 204; the session is revoked on the server and its cookie cleared. */
export const useLogoutMutation = usersApi.useLogoutMutation;
/** Mutation: POST /api/users/{id}/claim-allowance → credited HC and the next claim time (409 when too early). */
export const useClaimAllowanceMutation = usersApi.useClaimAllowanceMutation;
