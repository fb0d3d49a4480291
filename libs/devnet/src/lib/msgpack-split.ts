// POST /v2/transactions carries one or more signed transactions as concatenated msgpack
// values with no framing. algosdk decodes exactly one value and rejects trailing bytes,
// so this finds where each value ends without interpreting it.

/** Thrown when the body is not a sequence of complete msgpack values. */
export class MsgpackSplitError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'MsgpackSplitError';
  }
}

// Guards against a hostile body claiming billions of nested elements.
const MAX_ELEMENTS = 1_000_000;

/** Splits concatenated msgpack values into one byte slice per value. */
export function splitMsgpackValues(bytes: Uint8Array): Uint8Array[] {
  const values: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = skipValue(bytes, at);
    values.push(bytes.subarray(at, end));
    at = end;
  }
  return values;
}

function need(bytes: Uint8Array, at: number, count: number): void {
  if (at + count > bytes.length) {
    throw new MsgpackSplitError(`msgpack decode error [pos ${bytes.length}]: unexpected EOF`, bytes.length);
  }
}

function readUint(bytes: Uint8Array, at: number, size: number): number {
  need(bytes, at, size);
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i];
  return value;
}

/** Returns the offset just after the msgpack value starting at `start`. */
function skipValue(bytes: Uint8Array, start: number): number {
  // Iterative: a counter of values still to skip avoids recursion depth limits.
  let pending = 1;
  let at = start;
  let seen = 0;
  while (pending > 0) {
    if (++seen > MAX_ELEMENTS) throw new MsgpackSplitError(`msgpack decode error [pos ${at}]: too many elements`, at);
    need(bytes, at, 1);
    const tag = bytes[at++];
    pending--;
    if (tag <= 0x7f || tag >= 0xe0 || tag === 0xc0 || tag === 0xc2 || tag === 0xc3) continue;
    if (tag >= 0x80 && tag <= 0x8f) {
      pending += 2 * (tag & 0x0f);
      continue;
    }
    if (tag >= 0x90 && tag <= 0x9f) {
      pending += tag & 0x0f;
      continue;
    }
    if (tag >= 0xa0 && tag <= 0xbf) {
      at += tag & 0x1f;
      need(bytes, at, 0);
      continue;
    }
    switch (tag) {
      case 0xc4:
      case 0xd9:
        at += 1 + readUint(bytes, at, 1);
        break;
      case 0xc5:
      case 0xda:
        at += 2 + readUint(bytes, at, 2);
        break;
      case 0xc6:
      case 0xdb:
        at += 4 + readUint(bytes, at, 4);
        break;
      case 0xc7:
        at += 2 + readUint(bytes, at, 1);
        break;
      case 0xc8:
        at += 3 + readUint(bytes, at, 2);
        break;
      case 0xc9:
        at += 5 + readUint(bytes, at, 4);
        break;
      case 0xca:
      case 0xce:
      case 0xd2:
        at += 4;
        break;
      case 0xcb:
      case 0xcf:
      case 0xd3:
        at += 8;
        break;
      case 0xcc:
      case 0xd0:
        at += 1;
        break;
      case 0xcd:
      case 0xd1:
        at += 2;
        break;
      case 0xd4:
        at += 2;
        break;
      case 0xd5:
        at += 3;
        break;
      case 0xd6:
        at += 5;
        break;
      case 0xd7:
        at += 9;
        break;
      case 0xd8:
        at += 17;
        break;
      case 0xdc:
        pending += readUint(bytes, at, 2);
        at += 2;
        break;
      case 0xdd:
        pending += readUint(bytes, at, 4);
        at += 4;
        break;
      case 0xde:
        pending += 2 * readUint(bytes, at, 2);
        at += 2;
        break;
      case 0xdf:
        pending += 2 * readUint(bytes, at, 4);
        at += 4;
        break;
      default:
        throw new MsgpackSplitError(`msgpack decode error [pos ${at - 1}]: invalid tag 0x${tag.toString(16)}`, at - 1);
    }
    need(bytes, at, 0);
  }
  return at;
}
