import { Kind, Type, type Static, type TString, type TUnsafe } from '@sinclair/typebox';

// Request fields shared by several bodies. Every request body of the API is a TypeBox schema in this
// library, declared once: the API's one body parser checks it (apps/api common/schema-body.ts),
// the OpenAPI document shows it, and Static<> gives the type the API reads and the web sends.
//
// Keys the parser reads for the 400's message of a field (the first problem found, in this order):
//   errorMessage      the value has the wrong type, or breaks a rule with no message of its own
//   patternMessage    a string that does not match `pattern`
//   maxLengthMessage  a string longer than `maxLength` (default: "<field> is too long")
//   minLengthMessage  a string shorter than `minLength`
//   minimumMessage / maximumMessage  a number below `minimum` / above `maximum`
// An optional field may be absent or null. Field order is the order of the messages.

/** The custom kind of a money field; the API registers its check (decimal, at most 8 decimals, above 0, at most AMOUNT_MAX). */
export const DECIMAL_AMOUNT_KIND = 'DecimalAmount';

/**
 * The largest amount any money field takes, in whole coins (10^9): a field may declare less (a bet
 * its game's limit), never more. 10^17 base units, far below PostgreSQL's BIGINT
 * (9223372036854775807, about 92 billion coins), so no amount, nor a sum of a few, overflows SQL.
 */
export const AMOUNT_MAX = '1000000000';

/** A money field's text as OpenAPI declares it: at most AMOUNT_MAX's ten digits and 8 decimals. */
export const AMOUNT_PATTERN = '^[0-9]{1,10}(\\.[0-9]{1,8})?$';

/** A money field: a decimal string ("10", "0.5") or a plain JSON number, at most 8 decimals and at most AMOUNT_MAX. */
export function DecimalAmount(options: { description?: string; example?: string } = {}): TUnsafe<string> {
  return Type.Unsafe<string>({
    [Kind]: DECIMAL_AMOUNT_KIND,
    type: ['string', 'number'],
    description: `decimal string (or number), at most 8 decimals, at most ${AMOUNT_MAX}`,
    ...options,
  });
}

/**
 * A field its route's service checks rather than the body's schema (so the 400 states the
 * service's rule): any JSON value passes the schema. `T` is what a client sends; the API must
 * read the value as unknown (its services take it as `unknown` and parse it).
 */
export function CheckedByService<T>(
  options: { description?: string; example?: unknown; nullable?: boolean } = {},
): TUnsafe<T> {
  return Type.Unsafe<T>(Type.Unknown(options));
}

/** The player's wallet as a body names it: a GUEST_… id or an Algorand address (the session decides which). */
export function WalletAddress(description?: string): TString {
  return Type.String({
    maxLength: 80,
    ...(description ? { description } : {}),
    errorMessage: 'walletAddress must be a string',
    maxLengthMessage: 'walletAddress is too long',
  });
}

/** A base64 field of at most `maxLength` characters (a signed transaction, a signature). */
export function Base64(name: string, maxLength: number, description?: string): TString {
  return Type.String({
    maxLength,
    ...(description ? { description } : {}),
    errorMessage: `${name} must be a base64 string`,
    maxLengthMessage: `${name} is too long`,
  });
}

/** A version 4 UUID (any case), as the API's challenge ids are; one message for every problem. */
export function Uuid4(errorMessage: string, description?: string): TString {
  return Type.String({
    pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-4[0-9A-Fa-f]{3}-[89ABab][0-9A-Fa-f]{3}-[0-9A-Fa-f]{12}$',
    ...(description ? { description } : {}),
    errorMessage,
  });
}

/** A body that only names the player's wallet (game calls, verify-wallet, the sign-in challenge). */
export const WalletBodySchema = Type.Object({ walletAddress: WalletAddress() }, { additionalProperties: false });
/** A body that only names the player's wallet (checked against the session). */
export type WalletArgs = Static<typeof WalletBodySchema>;

/**
 * A read's query string that may name the player's wallet (checked against the session, like a
 * body's): GET /api/bets, /api/game-seeds/*, /api/crypto/transactions and the other reads of one account.
 */
export const WalletQuerySchema = Type.Object({
  walletAddress: Type.Optional(WalletAddress('the wallet the session plays (a GUEST_… id or an Algorand address)')),
});
/** A read's query string that may name the player's wallet. */
export type WalletQuery = Static<typeof WalletQuerySchema>;
