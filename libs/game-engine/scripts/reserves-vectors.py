#!/usr/bin/env python3
"""Independent reference for the proof-of-reserves Merkle sum tree (libs/game-engine/src/reserves).

Written from the contract in libs/game-engine/README.md ("Proof of reserves": the seeded layout
that splits each balance into random shares, pads and shuffles, then the tree and the proofs),
with only the Python standard library, not from the TypeScript code. Writes
libs/game-engine/src/fixtures/reserves-vectors.json; reserves.spec.ts checks that the TypeScript
layout, tree, proofs and verifier reproduce every value.

    python3 libs/game-engine/scripts/reserves-vectors.py
"""
import hashlib
import json
import os

U64 = (1 << 64) - 1
TWO_64 = 1 << 64


def u64(n):
    assert 0 <= n <= U64
    return n.to_bytes(8, 'big')


class Stream:
    """block i = SHA-256(0x02 || seed || u64be(i)); bytes are read in order."""

    def __init__(self, seed):
        assert len(seed) == 32
        self.seed, self.counter, self.buf = seed, 0, b''

    def take(self, n):
        while len(self.buf) < n:
            self.buf += hashlib.sha256(b'\x02' + self.seed + u64(self.counter)).digest()
            self.counter += 1
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def below(self, n):
        """Uniform in [0, n) for 1 <= n <= 2^64, by rejection."""
        assert 1 <= n <= TWO_64
        limit = TWO_64 - (TWO_64 % n)
        while True:
            x = int.from_bytes(self.take(8), 'big')
            if x < limit:
                return x % n


def layout(players, seed, k, min_leaves):
    """players: [(user_id, balance)]; returns leaves [(user_id, salt_hex, amount)] in tree order."""
    s = Stream(seed)
    leaves = []
    for user_id, balance in sorted(players):
        assert 1 <= user_id <= U64 and 0 <= balance <= U64
        cuts = sorted(s.below(balance + 1) for _ in range(k - 1))
        edges = [0] + cuts + [balance]
        shares = [edges[i + 1] - edges[i] for i in range(k)]
        for amount in shares:
            leaves.append((user_id, s.take(32).hex(), amount))
    count = 1
    while count < max(min_leaves, len(leaves)):
        count *= 2
    while len(leaves) < count:
        leaves.append((0, s.take(32).hex(), 0))
    for i in range(count - 1, 0, -1):
        j = s.below(i + 1)
        leaves[i], leaves[j] = leaves[j], leaves[i]
    return leaves


def leaf(user_id, salt_hex, amount):
    return (hashlib.sha256(b'\x00' + u64(user_id) + bytes.fromhex(salt_hex) + u64(amount)).digest(), amount)


def parent(left, right):
    total = left[1] + right[1]
    assert total <= U64
    return (hashlib.sha256(b'\x01' + left[0] + u64(left[1]) + right[0] + u64(right[1])).digest(), total)


def levels_of(leaves):
    level = [leaf(*l) for l in leaves]
    levels = [level]
    while len(level) > 1:
        level = [parent(level[i], level[i + 1]) for i in range(0, len(level), 2)]
        levels.append(level)
    return levels


def node_json(n):
    return {'hash': n[0].hex(), 'sum': str(n[1])}


def proof_of(user_id, leaves, levels):
    shares = []
    for index, (uid, salt_hex, amount) in enumerate(leaves):
        if uid != user_id:
            continue
        path, i = [], index
        for level in levels[:-1]:
            path.append(node_json(level[i ^ 1]))
            i >>= 1
        shares.append({'index': index, 'salt': salt_hex, 'amount': str(amount), 'path': path})
    return {'userId': str(user_id), 'balance': str(sum(int(s['amount']) for s in shares)), 'leaves': shares}


# name: (players [(user id, balance)], shares per player, minimum leaves, users whose proofs are written)
CASES = {
    'no players (padding only)': ([], 8, 256, []),
    'one player': ([(7, 250000000)], 8, 256, [7]),
    'two players, 2 shares, no padding floor': ([(1, 2500000000), (2, 0)], 2, 1, [1, 2]),
    'five players, one of 0': ([(10, 5), (11, 0), (12, 123456789), (13, 99999999999), (14, 42)], 8, 256, [10, 11, 12, 13, 14]),
    'one share each (k = 1), three players': ([(3, 100), (1, 1), (2, 10)], 1, 4, [1, 2, 3]),
    # the total is 2^64 - 1; a cut below 2^63 + 1 is redrawn about half the time
    'large ids and balances': ([(2 ** 63 + 5, 2 ** 62), (9007199254740993, 2 ** 62 - 1), (1, 2 ** 63)], 8, 256, [2 ** 63 + 5, 1]),
    'a balance of 2^64 - 1 (cuts over the whole 64-bit range)': ([(9, U64)], 8, 8, [9]),
    'forty players: past the floor, 512 leaves': ([(100 + i, (i + 1) * 100000000 + i) for i in range(40)], 8, 256, [100, 139]),
}


def main():
    vectors = []
    for name, (players, k, min_leaves, proved) in CASES.items():
        seed = hashlib.sha256(f'layout seed:{name}'.encode()).digest()
        leaves = layout(players, seed, k, min_leaves)
        levels = levels_of(leaves)
        root = levels[-1][0]
        vectors.append({
            'name': name,
            'seed': seed.hex(),
            'sharesPerPlayer': k,
            'minLeaves': min_leaves,
            'players': [{'userId': str(u), 'balance': str(b)} for u, b in players],
            'leafCount': len(leaves),
            # the layout without salts (the proofs and the root pin those): [user id, amount] in tree order
            'layout': [[str(u), str(a)] for u, _, a in leaves],
            'root': node_json(root),
            'proofs': [proof_of(u, leaves, levels) for u in proved],
        })
    out = {
        'contract': 'libs/game-engine/README.md, Proof of reserves: stream block i = SHA-256(0x02 || seed || u64be(i)); below(n) = u64be draws, rejected while >= 2^64 - (2^64 mod n), then mod n; players by ascending id: k-1 cuts below balance+1 sorted, shares = gaps, then k 32-byte salts; padding leaves (id 0, amount 0) to a power of two >= max(minLeaves, players*k), one 32-byte salt each; Fisher-Yates from the last leaf down, j = below(i+1); leaf = SHA-256(0x00 || u64be(userId) || salt[32] || u64be(amount)), sum = amount; node = SHA-256(0x01 || left.hash || u64be(left.sum) || right.hash || u64be(right.sum)), sum = left.sum + right.sum; path = siblings from the leaf level up',
        'generator': 'libs/game-engine/scripts/reserves-vectors.py (Python hashlib)',
        'vectors': vectors,
    }
    path = os.path.join(os.path.dirname(__file__), '..', 'src', 'fixtures', 'reserves-vectors.json')
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write('\n')


if __name__ == '__main__':
    main()
