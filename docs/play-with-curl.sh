#!/usr/bin/env bash
# A whole match with curl and jq: both seats always play their first legal move.
# Usage: docs/play-with-curl.sh [BASE_URL]   (default http://127.0.0.1:8000; TARGET=21 points)
# Anything that goes wrong stops it with a word: no server, or the API's refusal (code, detail).
set -euo pipefail
B=${1:-http://127.0.0.1:8000}

api() {  # curl that fails loudly: no server, or the API's refusal as its code and detail
  local out status=0
  out=$(curl -sS --fail-with-body "$@") || status=$?
  [ $status = 0 ] && printf '%s\n' "$out" && return
  jq -r '"refused: \(.code): \(.detail)"' <<<"$out" >&2 2>/dev/null || true
  return $status
}
api "$B/healthz" >/dev/null || { echo "no Escopa service at $B: start one with make run" >&2; exit 7; }

# 1. Create a game: two players, the escopa preset (the server draws a secret seed).
GAME=$(api -X POST "$B/v1/games" -H 'Content-Type: application/json' \
  -d '{"players": ["Ana", "Bia"], "preset": "escopa", "rules": {"target": '"${TARGET:-21}"'}}')
ID=$(jq -r .game_id <<<"$GAME")
TOKENS=($(jq -r '.players[].token' <<<"$GAME"))   # one secret token per seat, shown only once
echo "game $ID, seed commitment $(jq -r .seed_commitment <<<"$GAME")"

# 2. Each turn: read the view as the seat to act, list its legal moves, play one.
while :; do
  VIEW=$(api "$B/v1/games/$ID")                            # a spectator's view: no hands
  [ "$(jq -r .status <<<"$VIEW")" = finished ] && break
  SEAT=$(jq -r .turn <<<"$VIEW")
  AUTH="Authorization: Bearer ${TOKENS[$SEAT]}"
  MOVES=$(api "$B/v1/games/$ID/legal-moves" -H "$AUTH")
  MOVE=$(jq -c '{move: .moves[0].id, expected_version: .version}' <<<"$MOVES")
  api -X POST "$B/v1/games/$ID/moves" -H "$AUTH" -H 'Content-Type: application/json' \
    -d "$MOVE" >/dev/null
done

# 3. The score sheet (every category per side per round), the winner, and the log.
api "$B/v1/games/$ID/score" | jq -c '{totals, winner: .outcome.winner, rounds: (.rounds | length)}'
api "$B/v1/games/$ID/log?limit=2" | jq -c '.entries[] | {seq, type, prev_hash, hash}'
