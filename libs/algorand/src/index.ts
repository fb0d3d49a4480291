export * from './lib/address';
export * from './lib/amount';
export * from './lib/constants';
export { sha512_256 } from './lib/sha512-256';
export { base32Decode, base32Encode } from './lib/base32';
