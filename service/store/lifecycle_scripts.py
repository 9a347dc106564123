"""The Lua scripts of a game's life outside its moves: created waiting, seats, ends, rematch.

Each makes one write atomic on the game's keys (one hash tag, so one shard), with the same
version and head check as a move's commit (`service.store.scripts.COMMIT`).
"""

from __future__ import annotations

from typing import Final

from service.store.scripts import Script

CREATE_WAITING: Final = Script(
    """
-- KEYS: game hash, log stream, waiting marker. ARGV: state, meta, head, entry, ttl_ms,
-- marker_ttl_ms. Returns 0 if the id is taken.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[1], 'version', 1, 'head', ARGV[3], 'meta', ARGV[2])
redis.call('XADD', KEYS[2], '1-0', 'e', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('SET', KEYS[3], 'waiting', 'PX', ARGV[6])
return 1
"""
)

REWRITE: Final = Script(
    """
-- KEYS: game hash, log stream, waiting marker, bot turns stream, idempotency key (the last
-- two name the game hash again when unused, so that every key stays in the game's slot)
-- ARGV: expected version, expected head, state ('' to keep it), meta ('' to keep it),
-- new head, entry, ttl_ms (0: keep for ever), marker ttl_ms ('' : drop the marker, the game
-- no longer waits), game id whose bot turn this makes due ('' none), answer ('' without an
-- idempotency key), answer_ttl_ms
-- Returns {status, detail}: 0 missing, 1 stale (detail: current version), 2 replay (detail:
-- the first answer, refreshed: a write, so the WAIT after it covers it), 3 committed
-- (detail: new version).
local current = redis.call('HMGET', KEYS[1], 'version', 'head')
local version = current[1]
if not version then return {0, ''} end
local idempotent = ARGV[10] ~= ''
if idempotent then
  local prior = redis.call('GET', KEYS[5])
  if prior then
    redis.call('PEXPIRE', KEYS[5], ARGV[11])
    return {2, prior}
  end
end
if version ~= ARGV[1] or current[2] ~= ARGV[2] then return {1, version} end
local new_version = tonumber(version) + 1
redis.call('HSET', KEYS[1], 'version', new_version, 'head', ARGV[5])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'state', ARGV[3]) end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'meta', ARGV[4]) end
redis.call('XADD', KEYS[2], new_version .. '-0', 'e', ARGV[6])
local ttl = tonumber(ARGV[7])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
else
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
end
if ARGV[8] == '' then
  redis.call('DEL', KEYS[3])
else
  redis.call('SET', KEYS[3], 'waiting', 'PX', ARGV[8])
end
if ARGV[9] ~= '' then
  redis.call('XADD', KEYS[4], '*', 'game', ARGV[9], 'version', new_version)
end
if idempotent then redis.call('SET', KEYS[5], ARGV[10], 'PX', ARGV[11]) end
return {3, tostring(new_version)}
"""
)
