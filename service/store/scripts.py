"""Every Lua script of the service, each registered once as a `Script` (source and SHA-1).

Each makes one write atomic on the one shard that holds its keys; the game store runs them
with keys and args (`GameStore.write`: EVALSHA, and EVAL once when Redis has not seen one).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Final

from service.store.webhook_outbox import OUTBOX_LUA

BOT_GROUP: Final = "bots"
"""The consumer group of the bot workers on `keys.bot_turns()`."""


@dataclass(frozen=True, slots=True)
class Script:
    """A Lua script and the SHA-1 that EVALSHA calls it by."""

    source: str
    sha: str = field(init=False)

    def __post_init__(self) -> None:
        sha = hashlib.sha1(self.source.encode(), usedforsecurity=False).hexdigest()
        object.__setattr__(self, "sha", sha)


CREATE_GAME: Final = Script(
    OUTBOX_LUA
    + """
-- KEYS: game hash, log stream, entries list, bot turns stream, webhook outbox, webhooks due
-- (the last three name the game hash again when unused).
-- ARGV: meta, head, opening record, ttl_ms, game id whose bot turn is due at version 1 ('':
-- none), webhook ('' none)
-- The list holds the log's compact records (entry seq at index seq - 1); the stream only
-- rings for followers (its last entry's id is the head's seq).
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', 1, 'head', ARGV[2], 'meta', ARGV[1])
redis.call('RPUSH', KEYS[3], ARGV[3])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, '1-0', 's', '')
if tonumber(ARGV[4]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  redis.call('PEXPIRE', KEYS[3], ARGV[4])
end
if ARGV[5] ~= '' then redis.call('XADD', KEYS[4], '*', 'game', ARGV[5], 'version', 1) end
-- webhooks: the game's subscription, and its first entry in the outbox
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'hook', ARGV[6]) end
webhook_outbox(KEYS[1], KEYS[5], KEYS[6], 1)
return 1
"""
)

COMMIT: Final = Script(
    OUTBOX_LUA
    + """
-- KEYS: game hash, log stream, entries list, idempotency key, bot turns stream, webhook
-- outbox, webhooks due (the idempotency key, the bot turns and the webhooks due set name the
-- game hash again when unused, so that every key stays in the game's slot)
-- ARGV: expected version, expected head, new head, record, ttl_ms, log stream ttl_ms,
-- signals check ('1': the game's signals must still be ARGV[8]; '0': no check), signals,
-- answer ('' without an idempotency key), answer_ttl_ms, game id whose bot turn the commit
-- makes due ('' none), the bot turn this commit plays, to acknowledge ('' none), bot group
-- Returns {status, detail}: 0 missing, 1 stale (detail: current version),
-- 2 replay (detail: the first answer), 3 committed (detail: new version),
-- 4 signals (a signal came in since they were read: the entry that records them is stale),
-- 5 clock (the entry is on the wrong side of the game's stored deadline: see below).
-- The head check makes a writer working from a cached state safe even after a lost write.
-- A replay refreshes the stored answer: a write, so the WAIT sent after this script covers
-- the write that stored the answer too (replication keeps a master's order).
-- Only the record is appended: the state is the replay of the records.
local current = redis.call('HMGET', KEYS[1], 'version', 'head', 'signals')
local version = current[1]
if not version then return {0, ''} end
local idempotent = ARGV[9] ~= ''
if idempotent then
  local prior = redis.call('GET', KEYS[4])
  if prior then
    redis.call('PEXPIRE', KEYS[4], ARGV[10])
    return {2, prior}
  end
end
if version ~= ARGV[1] or current[2] ~= ARGV[2] then return {1, version} end
if ARGV[7] == '1' and (current[3] or '') ~= ARGV[8] then return {4, version} end
-- >>> clocks (service.core.clocks): ARGV[14] 'move' or 'timeout' ('' the game has no clock),
-- ARGV[15] the entry's time (ms), ARGV[16] the deadline after it ('' none), ARGV[17] the
-- deadline before it as the writer derived it, for a game that has none stored yet (before
-- its first move). A move must come before the deadline and a timeout at or after it, by the
-- entry's time (which the audit checks) and by this server's TIME alike.
if ARGV[14] ~= '' then
  local due = tonumber(redis.call('HGET', KEYS[1], 'deadline') or ARGV[17])
  if due then
    local now = redis.call('TIME')
    local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
    local at = tonumber(ARGV[15])
    local late = at >= due or now_ms >= due
    local early = at < due or now_ms < due
    if (ARGV[14] == 'move' and late) or (ARGV[14] == 'timeout' and early) then
      return {5, version}
    end
  end
  if ARGV[16] == '' then
    redis.call('HDEL', KEYS[1], 'deadline')
  else
    redis.call('HSET', KEYS[1], 'deadline', ARGV[16])
  end
end
-- <<< clocks
local new_version = tonumber(version) + 1
redis.call('HSET', KEYS[1], 'version', new_version, 'head', ARGV[3])
redis.call('RPUSH', KEYS[3], ARGV[4])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, new_version .. '-0', 's', '')
-- A running game's time to live is renewed only once it has run down by a minute (or 1%):
-- renewing it on every move would write three more commands per move to the AOF.
local ttl, log_ttl = tonumber(ARGV[5]), tonumber(ARGV[6])
local left = redis.call('PTTL', KEYS[1])
if ttl > 0 and ttl == log_ttl then
  if left < 0 or ttl - left > math.min(60000, ttl / 100) then
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('PEXPIRE', KEYS[2], ttl)
    redis.call('PEXPIRE', KEYS[3], ttl)
  end
else
  if ttl > 0 then
    redis.call('PEXPIRE', KEYS[1], ttl)
    redis.call('PEXPIRE', KEYS[3], ttl)
  elseif left >= 0 then
    redis.call('PERSIST', KEYS[1])
    redis.call('PERSIST', KEYS[3])
  end
  if log_ttl > 0 then
    redis.call('PEXPIRE', KEYS[2], log_ttl)
  else
    redis.call('PERSIST', KEYS[2])
  end
end
if idempotent then redis.call('SET', KEYS[4], ARGV[9], 'PX', ARGV[10]) end
if ARGV[12] ~= '' then
  redis.call('XACK', KEYS[5], ARGV[13], ARGV[12])
  redis.call('XDEL', KEYS[5], ARGV[12])
end
if ARGV[11] ~= '' then
  redis.call('XADD', KEYS[5], '*', 'game', ARGV[11], 'version', new_version)
end
webhook_outbox(KEYS[1], KEYS[6], KEYS[7], new_version)
return {3, tostring(new_version)}
"""
)

LOAD: Final = Script(
    """
-- KEYS: game hash, entries list. ARGV: the version the reader already knows (0: none).
-- Returns {} when the game is missing, else {version, head, meta, signals, first, records...}:
-- the records of the entries from seq `first` + 1 on (from the start when the reader knows
-- a version the game does not have). One atomic read: the records end at the head.
-- `first` is -1 for a game stored before the compact log (a `state`, no records): to convert.
local current = redis.call('HMGET', KEYS[1], 'version', 'head', 'meta', 'signals', 'state')
if not current[1] then return {} end
if current[5] and redis.call('EXISTS', KEYS[2]) == 0 then
  return {current[1], current[2], current[3], current[4] or '', -1}
end
local first = tonumber(ARGV[1])
if first > tonumber(current[1]) then first = 0 end
local reply = {current[1], current[2], current[3], current[4] or '', first}
local records = redis.call('LRANGE', KEYS[2], first, -1)
for i = 1, #records do reply[#reply + 1] = records[i] end
return reply
"""
)

ANSWER: Final = Script(
    """
-- KEYS: idempotency key. ARGV: answer_ttl_ms. Returns the stored first answer, or nil.
-- Found, it is refreshed: a write, so the WAIT sent after this script covers the write that
-- stored it (an answer is only given back once replicas hold what it says).
local answer = redis.call('GET', KEYS[1])
if answer then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return answer
"""
)

CREATE_COMMITMENT: Final = Script(
    """
-- KEYS: commitment hash. ARGV: server seed, ttl_ms. Returns 0 if the id is taken.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'seed', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
)

CONSUME_COMMITMENT: Final = Script(
    """
-- KEYS: commitment hash. ARGV: the game that uses it.
-- Returns {status, seed}: 0 not found, 1 already used, 2 consumed (seed: the server seed).
local seed = redis.call('HGET', KEYS[1], 'seed')
if seed then
  redis.call('HDEL', KEYS[1], 'seed')
  redis.call('HSET', KEYS[1], 'used', ARGV[1])
  return {2, seed}
end
if redis.call('HEXISTS', KEYS[1], 'used') == 1 then return {1, ''} end
return {0, ''}
"""
)

CONVERT: Final = Script(
    """
-- KEYS: game hash, log stream, entries list. ARGV: the head the records end at, the records.
-- A game stored before the compact log (its state in the hash, its full entries in the
-- stream) takes its records, checked by the caller; returns 0 if it changed meanwhile.
if redis.call('HGET', KEYS[1], 'head') ~= ARGV[1] then return 0 end
if redis.call('HEXISTS', KEYS[1], 'state') == 0 then return 0 end
redis.call('DEL', KEYS[3])
for i = 2, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
local version = redis.call('HGET', KEYS[1], 'version')
redis.call('DEL', KEYS[2])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, version .. '-0', 's', '')
redis.call('HDEL', KEYS[1], 'state')
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
return 1
"""
)

SIGNAL: Final = Script(
    """
-- KEYS: game hash. ARGV: expected version, expected signals, new signals.
-- Returns 0 missing, 1 stale (the game moved, or another signal came in), 2 kept.
-- Signals are kept beside the log: neither the version nor the log changes.
local current = redis.call('HMGET', KEYS[1], 'version', 'signals')
if not current[1] then return 0 end
if current[1] ~= ARGV[1] or (current[2] or '') ~= ARGV[2] then return 1 end
redis.call('HSET', KEYS[1], 'signals', ARGV[3])
return 2
"""
)
