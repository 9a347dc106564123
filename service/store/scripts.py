"""The Lua scripts that make every write atomic on the one shard holding a game's keys."""

from __future__ import annotations

from typing import Final

BOT_GROUP: Final = "bots"
"""The consumer group of the bot workers on `keys.bot_turns()`."""

CREATE: Final = """
-- KEYS: game hash, log stream, [bot turns stream]. ARGV: state, meta, head, entry, ttl_ms,
-- [game id whose bot turn is due at version 1]
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[1], 'version', 1, 'head', ARGV[3], 'meta', ARGV[2])
redis.call('XADD', KEYS[2], '1-0', 'e', ARGV[4])
if tonumber(ARGV[5]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
if ARGV[6] then redis.call('XADD', KEYS[3], '*', 'game', ARGV[6], 'version', 1) end
return 1
"""

COMMIT: Final = """
-- KEYS: game hash, log stream, idempotency key, bot turns stream (the last two name the game
-- hash again when unused, so that every key stays in the game's slot)
-- ARGV: expected version, expected head, state (or '' to keep it), new head, entry, ttl_ms,
-- answer ('' without an idempotency key), answer_ttl_ms, game id whose bot turn the commit
-- makes due ('' none), the bot turn this commit plays, to acknowledge ('' none), bot group
-- Returns {status, detail}: 0 missing, 1 stale (detail: current version),
-- 2 replay (detail: the first answer), 3 committed (detail: new version).
-- The head check makes a writer working from a cached state safe even after a lost write.
local current = redis.call('HMGET', KEYS[1], 'version', 'head')
local version = current[1]
if not version then return {0, ''} end
local idempotent = ARGV[7] ~= ''
if idempotent then
  local prior = redis.call('GET', KEYS[3])
  if prior then return {2, prior} end
end
if version ~= ARGV[1] or current[2] ~= ARGV[2] then return {1, version} end
local new_version = tonumber(version) + 1
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[1], 'state', ARGV[3], 'version', new_version, 'head', ARGV[4])
else
  redis.call('HSET', KEYS[1], 'version', new_version, 'head', ARGV[4])
end
redis.call('XADD', KEYS[2], new_version .. '-0', 'e', ARGV[5])
local ttl = tonumber(ARGV[6])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
else
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
end
if idempotent then redis.call('SET', KEYS[3], ARGV[7], 'PX', ARGV[8]) end
if ARGV[10] ~= '' then
  redis.call('XACK', KEYS[4], ARGV[11], ARGV[10])
  redis.call('XDEL', KEYS[4], ARGV[10])
end
if ARGV[9] ~= '' then redis.call('XADD', KEYS[4], '*', 'game', ARGV[9], 'version', new_version) end
return {3, tostring(new_version)}
"""
