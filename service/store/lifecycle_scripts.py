"""The Lua scripts of a game's life outside its moves: created waiting, seats, ends, rematch.

Each makes one write atomic on the game's keys (one hash tag, so one shard), with the same
version and head check as a move's commit (`service.store.scripts.COMMIT`), and the same
layout: a compact record appended to the entries list, the log stream only rings.
"""

from __future__ import annotations

from typing import Final

from service.store.scripts import Script
from service.store.webhook_outbox import OUTBOX_LUA

CREATE_WAITING: Final = Script(
    OUTBOX_LUA
    + """
-- KEYS: game hash, log stream, entries list, waiting marker, webhook outbox, webhooks due
-- (the last two name the game hash again when unused).
-- ARGV: meta, head, opening record, ttl_ms, marker_ttl_ms, webhook ('' none).
-- Returns 0 if the id is taken.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', 1, 'head', ARGV[2], 'meta', ARGV[1])
redis.call('RPUSH', KEYS[3], ARGV[3])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, '1-0', 's', '')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
redis.call('SET', KEYS[4], 'waiting', 'PX', ARGV[5])
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'hook', ARGV[6]) end
webhook_outbox(KEYS[1], KEYS[5], KEYS[6], 1)
return 1
"""
)

REWRITE: Final = Script(
    OUTBOX_LUA
    + """
-- KEYS: game hash, log stream, entries list, waiting marker, bot turns stream, idempotency
-- key, webhook outbox, webhooks due (the bot turns, the idempotency key and the webhooks due
-- set name the game hash again when unused, so that every key stays in the game's slot)
-- ARGV: expected version, expected head, meta ('' to keep it), new head, record, ttl_ms
-- (0: keep for ever), log stream ttl_ms (0: for ever), marker ttl_ms ('': drop the marker,
-- the game no longer waits), game id whose bot turn this makes due ('' none), answer (''
-- without an idempotency key), answer_ttl_ms, signals check ('1': the game's signals must
-- still be the next ARGV, which the entry records; '0': no check), signals
-- Returns {status, detail}: 0 missing, 1 stale (detail: current version; also when a signal
-- came in since the entry that records them was made), 2 replay (detail: the first answer,
-- refreshed: a write, so the WAIT after it covers it), 3 committed (detail: new version).
local current = redis.call('HMGET', KEYS[1], 'version', 'head', 'signals')
local version = current[1]
if not version then return {0, ''} end
local idempotent = ARGV[10] ~= ''
if idempotent then
  local prior = redis.call('GET', KEYS[6])
  if prior then
    redis.call('PEXPIRE', KEYS[6], ARGV[11])
    return {2, prior}
  end
end
if version ~= ARGV[1] or current[2] ~= ARGV[2] then return {1, version} end
if ARGV[12] == '1' and (current[3] or '') ~= ARGV[13] then return {1, version} end
local new_version = tonumber(version) + 1
redis.call('HSET', KEYS[1], 'version', new_version, 'head', ARGV[4])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'meta', ARGV[3]) end
redis.call('RPUSH', KEYS[3], ARGV[5])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, new_version .. '-0', 's', '')
local ttl, log_ttl = tonumber(ARGV[6]), tonumber(ARGV[7])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
else
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[3])
end
if log_ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], log_ttl)
else
  redis.call('PERSIST', KEYS[2])
end
if ARGV[8] == '' then
  redis.call('DEL', KEYS[4])
else
  redis.call('SET', KEYS[4], 'waiting', 'PX', ARGV[8])
end
if ARGV[9] ~= '' then
  redis.call('XADD', KEYS[5], '*', 'game', ARGV[9], 'version', new_version)
end
if idempotent then redis.call('SET', KEYS[6], ARGV[10], 'PX', ARGV[11]) end
webhook_outbox(KEYS[1], KEYS[7], KEYS[8], new_version)
return {3, tostring(new_version)}
"""
)
