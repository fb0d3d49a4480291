#!/usr/bin/env python3
"""Independent reference for the proof-of-reserves Merkle sum tree (libs/game-engine/src/reserves).

Written from the byte encoding in libs/game-engine/README.md ("Proof of reserves"), with only the
Python standard library, not from the TypeScript code. Writes
libs/game-engine/src/fixtures/reserves-vectors.json; reserves.spec.ts checks the TypeScript tree,
its proofs and its verifier reproduce every value.

    python3 libs/game-engine/scripts/reserves-vectors.py
"""
import hashlib
import json
import os

PAD = (bytes(32), 0)
U64 = (1 << 64) - 1


def u64(n):
    assert 0 <= n <= U64
    return n.to_bytes(8, 'big')


def leaf(user_id, salt_hex, balance):
    return (hashlib.sha256(b'\x00' + u64(user_id) + bytes.fromhex(salt_hex) + u64(balance)).digest(), balance)


def parent(left, right):
    total = left[1] + right[1]
    assert total <= U64
    return (hashlib.sha256(b'\x01' + left[0] + u64(left[1]) + right[0] + u64(right[1])).digest(), total)


def levels_of(entries):
    entries = sorted(entries, key=lambda e: e['userId'])
    level = [leaf(e['userId'], e['salt'], e['balance']) for e in entries]
    levels = [level]
    while len(level) > 1:
        level = [parent(level[i], level[i + 1] if i + 1 < len(level) else PAD) for i in range(0, len(level), 2)]
        levels.append(level)
    return entries, levels


def node_json(n):
    return {'hash': n[0].hex(), 'sum': str(n[1])}


def salt(user_id, case):
    return hashlib.sha256(f'salt:{case}:{user_id}'.encode()).hexdigest()


CASES = {
    'one player': [(7, 250000000)],
    'two players': [(1, 2500000000), (2, 0)],
    'three players (odd level, pad node)': [(3, 100), (1, 1), (2, 10)],
    'five players': [(10, 5), (11, 0), (12, 123456789), (13, 99999999999), (14, 42)],
    'eight players': [(100 + i, (i + 1) * 100000000) for i in range(8)],
    'large ids and balances': [(2 ** 63 + 5, 2 ** 62), (9007199254740993, 2 ** 62 - 1), (1, 1)],
}


def main():
    vectors = []
    for name, rows in CASES.items():
        entries = [{'userId': u, 'salt': salt(u, name), 'balance': b} for u, b in rows]
        ordered, levels = levels_of(entries)
        root = levels[-1][0]
        proofs = []
        for index, e in enumerate(ordered):
            path, i = [], index
            for level in levels[:-1]:
                sib = i ^ 1
                path.append(node_json(level[sib] if sib < len(level) else PAD))
                i >>= 1
            proofs.append({'userId': str(e['userId']), 'salt': e['salt'], 'balance': str(e['balance']), 'leafIndex': index, 'leaf': node_json(levels[0][index]), 'path': path})
        vectors.append({'name': name, 'leaves': [{'userId': str(u), 'salt': salt(u, name), 'balance': str(b)} for u, b in rows], 'root': node_json(root), 'depth': len(levels) - 1, 'proofs': proofs})
    out = {
        'contract': 'libs/game-engine/README.md, Proof of reserves: leaf = SHA-256(0x00 || u64be(userId) || salt[32] || u64be(balance)), sum = balance; node = SHA-256(0x01 || left.hash || u64be(left.sum) || right.hash || u64be(right.sum)), sum = left.sum + right.sum; an odd level pairs its last node with the pad node (32 zero bytes, sum 0); leaves ordered by user id; path = siblings from the leaf level up',
        'generator': 'libs/game-engine/scripts/reserves-vectors.py (Python hashlib)',
        'emptyRoot': node_json(PAD),
        'vectors': vectors,
    }
    path = os.path.join(os.path.dirname(__file__), '..', 'src', 'fixtures', 'reserves-vectors.json')
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write('\n')


if __name__ == '__main__':
    main()
