// TextEncoder exists in every browser and in Node; declared here because the library compiles
// against plain ES2022 with no DOM or Node typings.
declare const TextEncoder: { new (): { encode(input: string): Uint8Array } };

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}
