import * as algosdk from 'algosdk';
import { MsgpackSplitError, splitMsgpackValues } from './msgpack-split';

describe('splitMsgpackValues', () => {
  const values: unknown[] = [
    0,
    127,
    -1,
    -33,
    255,
    65_535,
    4_294_967_295,
    2n ** 63n,
    -(2n ** 40n),
    1.5,
    true,
    false,
    null,
    '',
    'x'.repeat(31),
    'y'.repeat(300),
    'z'.repeat(70_000),
    new Uint8Array(10),
    new Uint8Array(300),
    new Uint8Array(70_000),
    [],
    [1, [2, [3, 'deep']]],
    Array.from({ length: 20 }, (_, i) => i),
    new Map<string, unknown>([
      ['a', 1],
      ['b', new Map([['c', [1, 2]]])],
    ]),
    new Map(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])),
  ];

  it.each(values.map((v, i) => [i, v]))('finds the end of value #%i', (_i, value) => {
    const one = algosdk.msgpackRawEncode(value);
    const joined = new Uint8Array([...one, ...one, ...algosdk.msgpackRawEncode('tail')]);
    const parts = splitMsgpackValues(joined);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toEqual(one);
    expect(parts[1]).toEqual(one);
  });

  it('splits real signed transactions', () => {
    const account = algosdk.generateAccount();
    const params = {
      fee: 1000n,
      flatFee: true,
      minFee: 1000n,
      firstValid: 1n,
      lastValid: 10n,
      genesisHash: new Uint8Array(32),
    };
    const signed = [1n, 2n, 3n].map((amount) =>
      algosdk
        .makePaymentTxnWithSuggestedParamsFromObject({
          sender: account.addr,
          receiver: account.addr,
          amount,
          suggestedParams: params,
        })
        .signTxn(account.sk),
    );
    const parts = splitMsgpackValues(new Uint8Array(signed.flatMap((s) => [...s])));
    expect(parts).toEqual(signed);
  });

  it.each([
    ['a truncated map', [0x82, 0xa1, 0x61]],
    ['a truncated string', [0xa5, 0x61]],
    ['a truncated bin length', [0xc5, 0x01]],
    ['a reserved tag', [0xc1]],
  ])('throws on %s', (_name, bytes) => {
    expect(() => splitMsgpackValues(new Uint8Array(bytes))).toThrow(MsgpackSplitError);
  });

  it('refuses a header claiming billions of elements without allocating them', () => {
    expect(() => splitMsgpackValues(new Uint8Array([0xdd, 0xff, 0xff, 0xff, 0xff]))).toThrow(MsgpackSplitError);
  });
});
