#!/usr/bin/env python3
"""Independent reference for bet anchors (libs/game-engine/src/anchors).

Written from the contract in libs/game-engine/README.md ("Bet anchors": the canonical record, the
Merkle tree, the paths and the anchoring note), with only the Python standard library, not from the
TypeScript code. Writes libs/game-engine/src/fixtures/bet-anchor-vectors.json; anchors.spec.ts checks
that the TypeScript record, tree, paths, note and receipt check reproduce every value.

    python3 libs/game-engine/scripts/bet-anchor-vectors.py
"""
import hashlib
import json
import os


def record(bet):
    """Canonical JSON: sorted keys, no whitespace, integers as decimal strings, outcome as stored."""
    body = {
        'v': 1,
        'id': str(bet['id']),
        'game': bet['game'],
        'player': str(bet['player']),
        'stake': str(bet['stake']),
        'currency': bet['currency'],
        'payout': str(bet['payout']),
        'outcome': bet['outcome'],
        'serverSeedHash': bet['serverSeedHash'],
        'clientSeed': bet['clientSeed'],
        'nonce': str(bet['nonce']),
        'time': bet['time'],
    }
    return json.dumps(body, sort_keys=True, separators=(',', ':'), ensure_ascii=False)


def leaf(rec):
    return hashlib.sha256(rec.encode('utf-8')).digest()


def levels(leaves):
    out = [list(leaves)]
    while len(out[-1]) > 1:
        cur = out[-1]
        nxt = [hashlib.sha256(cur[i] + cur[i + 1]).digest() for i in range(0, len(cur) - 1, 2)]
        if len(cur) % 2:
            nxt.append(cur[-1])
        out.append(nxt)
    return out


def path(lv, index):
    steps = []
    i = index
    for level in lv[:-1]:
        sib = i - 1 if i % 2 else i + 1
        if sib < len(level):
            steps.append({'side': 'left' if i % 2 else 'right', 'hash': level[sib].hex()})
        i //= 2
    return steps


def note(anchor, root, previous, count):
    body = json.dumps({'anchor': anchor, 'root': root, 'previousRoot': previous, 'bets': count},
                      separators=(',', ':'))
    return ('cosmic-bets:v1:' + body).encode('utf-8')


def bet(i):
    games = [
        ('dice', {'game': 'dice', 'dice': [3, 4], 'total': 7, 'betType': 'seven', 'won': True}),
        ('plinko', {'game': 'plinko', 'risk': 'high', 'path': [0, 1, 1, 0, 1, 0, 0, 1], 'slot': 4, 'multiplier': 0.5}),
        ('hilo', {'game': 'hilo', 'guesses': ['higher', 'lower'], 'status': 'cashed', 'cards': [{'rank': 5, 'suit': 'h'}]}),
    ]
    game, outcome = games[i % len(games)]
    return {
        'id': 1000 + 7 * i,
        'game': game,
        'player': 40 + i % 3,
        'stake': 100_000_000 * (i + 1),
        'currency': 'AMINA' if i % 2 else 'HC',
        'payout': 0 if i % 3 == 1 else 150_000_000 * (i + 1),
        'outcome': outcome,
        'serverSeedHash': hashlib.sha256(b'server seed %d' % i).hexdigest(),
        # quotes, a backslash, a newline and non-ASCII text: the escapes must agree byte for byte
        'clientSeed': ['lucky', 'say "hi"\\n', 'line\nbreak', 'étoile ✨', 'tab\there'][i % 5],
        'nonce': i * 3,
        'time': '2025-11-21T10:%02d:%02d.%06dZ' % (i // 60, i % 60, 123456 + i),
    }


def main():
    vectors = []
    previous = None
    for anchor, size in enumerate([1, 2, 3, 5, 8, 13], start=1):
        bets = [bet(anchor * 20 + k) for k in range(size)]
        recs = [record(b) for b in bets]
        lv = levels([leaf(r) for r in recs])
        root = lv[-1][0].hex()
        vectors.append({
            'anchor': str(anchor),
            'bets': [dict(b, id=str(b['id']), player=str(b['player']), stake=str(b['stake']),
                          payout=str(b['payout']), nonce=str(b['nonce'])) for b in bets],
            'records': recs,
            'leaves': [leaf(r).hex() for r in recs],
            'paths': [path(lv, k) for k in range(size)],
            'root': root,
            'previousRoot': previous,
            'note': note(str(anchor), root, previous, size).hex(),
        })
        previous = root
    out = os.path.join(os.path.dirname(__file__), '..', 'src', 'fixtures', 'bet-anchor-vectors.json')
    with open(out, 'w', encoding='utf-8') as f:
        json.dump({'source': 'libs/game-engine/scripts/bet-anchor-vectors.py', 'vectors': vectors}, f,
                  indent=1, ensure_ascii=False)
        f.write('\n')


if __name__ == '__main__':
    main()
