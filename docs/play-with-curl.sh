#!/usr/bin/env bash
# A whole match with curl and jq: both seats always play their first legal move.
# Usage: docs/play-with-curl.sh [BASE_URL]   (default http://127.0.0.1:8000; TARGET=21 points)
set -euo pipefail
B=${1:-http://127.0.0.1:8000}

# 1. Create a game: two players, the escopa preset (the server draws a secret seed).
GAME=$(curl -sf -X POST "$B/v1/games" -H 'Content-Type: application/json' \
  -d '{"players": ["Ana", "Bia"], "preset": "escopa", "rules": {"target": '"${TARGET:-21}"'}}')
ID=$(jq -r .game_id <<<"$GAME")
TOKENS=($(jq -r '.players[].token' <<<"$GAME"))   # one secret token per seat, shown only once
echo "game $ID, seed commitment $(jq -r .seed_commitment <<<"$GAME")"

# 2. Each turn: read the view as the seat to act, list its legal moves, play one.
while :; do
  VIEW=$(curl -sf "$B/v1/games/$ID")                       # a spectator's view: no hands
  [ "$(jq -r .status <<<"$VIEW")" = finished ] && break
  SEAT=$(jq -r .turn <<<"$VIEW")
  AUTH="Authorization: Bearer ${TOKENS[$SEAT]}"
  MOVES=$(curl -sf "$B/v1/games/$ID/legal-moves" -H "$AUTH")
  MOVE=$(jq -c '{move: .moves[0].id, expected_version: .version}' <<<"$MOVES")
  curl -sf -X POST "$B/v1/games/$ID/moves" -H "$AUTH" -H 'Content-Type: application/json' \
    -d "$MOVE" >/dev/null
done

# 3. The score sheet (every category per side per round), the winner, and the log.
curl -sf "$B/v1/games/$ID/score" | jq -c '{totals, winner: .outcome.winner, rounds: (.rounds | length)}'
curl -sf "$B/v1/games/$ID/log?limit=2" | jq -c '.entries[] | {seq, type, prev_hash, hash}'
