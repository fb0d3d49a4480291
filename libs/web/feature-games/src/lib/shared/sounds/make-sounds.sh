#!/bin/sh
# Makes the games' three sound effects (issue 24 item 4) with sox (Debian: apt-get install -y sox
# libsox-fmt-all): short, quiet, synthesised tones, mono Ogg Vorbis. Run it from anywhere; it
# rewrites bet.ogg, win.ogg and big-win.ogg beside itself. The files are committed; this script
# is how they were made.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# note NAME FREQ SECONDS: a soft plucked-bell tone with a quick attack and a long fade
note() { sox -r 44100 -c 2 -n -c 1 "$tmp/$1.wav" synth "$3" sine "$2" sine "$(echo "$2 * 2" | bc)" remix 1,2v0.3 fade q 0.004 "$3" "$(echo "$3 * 0.8" | bc)"; }
# out IN OUT EFFECTS...: mono Ogg Vorbis at quality 2
out() { in=$1; o=$2; shift 2; sox "$in" -C 2 -r 44100 -c 1 "$o" "$@"; }

# bet: a short glassy tick, a falling chirp of 70 ms
sox -r 44100 -c 1 -n "$tmp/bet.wav" synth 0.07 sine 1400-800 fade q 0.003 0.07 0.05
out "$tmp/bet.wav" bet.ogg gain -n -16

# win: two rising notes (E6, A6)
note w1 1318.5 0.12
note w2 1760 0.3
sox "$tmp/w1.wav" "$tmp/w2.wav" "$tmp/win.wav"
out "$tmp/win.wav" win.ogg gain -8 reverb 30 gain -n -14

# big win: a rising arpeggio (C6 E6 G6 C7) ending on a held chord with a shimmer
note b1 1046.5 0.09
note b2 1318.5 0.09
note b3 1568 0.09
sox -r 44100 -c 3 -n -c 1 "$tmp/b4.wav" synth 0.7 sine 2093 sine 2637 sine 3136 remix 1,2,3 tremolo 12 40 fade q 0.004 0.7 0.55
sox "$tmp/b1.wav" "$tmp/b2.wav" "$tmp/b3.wav" "$tmp/b4.wav" "$tmp/big.wav"
out "$tmp/big.wav" big-win.ogg gain -8 reverb 40 gain -n -13
