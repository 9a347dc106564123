-- Append one entry's record to a game's log if the game is still as its writer read it: the
-- one script every change of a game runs (moves, deals, timeouts, joins, leaves, endings,
-- rematch offers). All or nothing.
-- KEYS: 1 game hash, 2 log stream, 3 entries list, 4 idempotency key, 5 waiting marker,
-- 6 webhook outbox (a key unused names the game hash again; every key is in the game's slot).
-- ARGV: 1 expected version, 2 expected head, 3 new head, 4 record, 5 ttl_ms (0: for ever),
-- 6 log stream ttl_ms, 7 signals check ('1': the game's signals must still be ARGV[8], which
-- the entry records; '0': none), 8 signals, 9 answer ('' without an idempotency key),
-- 10 answer_ttl_ms, 11-14 the clock (below), 15 meta ('' kept), 16 waiting marker (''
-- untouched, 0 dropped, else its ttl_ms). A bot turn the commit makes due is indexed before
-- it runs (`service/store/due_index.py`), outside the game's slot.
-- Returns {status, detail}: 0 missing, 1 stale (detail: current version), 2 replay (detail:
-- the first answer), 3 committed (detail: new version), 4 signals (a signal came in since
-- the entry that records them was made), 5 clock (the entry is on the wrong side of the
-- game's stored deadline).
-- The head check makes a writer working from a cached state safe even after a lost write.
-- Only the record is appended: the state is the replay of the records.
local current = redis.call('HMGET', KEYS[1], 'version', 'head', 'signals')
local version = current[1]
if not version then return {0, ''} end

-- [idempotency] a replay refreshes the stored answer: a write, so the WAIT sent after this
-- script covers the write that stored it too (replication keeps a master's order).
local idempotent = ARGV[9] ~= ''
if idempotent then
  local prior = redis.call('GET', KEYS[4])
  if prior then
    redis.call('PEXPIRE', KEYS[4], ARGV[10])
    return {2, prior}
  end
end

-- [chain] the version, the head, and the signals the entry records
if version ~= ARGV[1] or current[2] ~= ARGV[2] then return {1, version} end
if ARGV[7] == '1' and (current[3] or '') ~= ARGV[8] then return {4, version} end

-- [clocks] ARGV[11] 'move' or 'timeout' ('' no clock check), ARGV[12] the entry's time (ms),
-- ARGV[13] the deadline after it ('' none), ARGV[14] the deadline before it as the writer
-- derived it, for a game that has none stored yet (before its first move). A move must come
-- before the deadline and a timeout at or after it, by the entry's time (which the audit
-- checks) and by this server's TIME alike.
if ARGV[11] ~= '' then
  local due = tonumber(redis.call('HGET', KEYS[1], 'deadline') or ARGV[14])
  if due then
    local now = redis.call('TIME')
    local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
    local at = tonumber(ARGV[12])
    local late = at >= due or now_ms >= due
    local early = at < due or now_ms < due
    if (ARGV[11] == 'move' and late) or (ARGV[11] == 'timeout' and early) then
      return {5, version}
    end
  end
  if ARGV[13] == '' then
    redis.call('HDEL', KEYS[1], 'deadline')
  else
    redis.call('HSET', KEYS[1], 'deadline', ARGV[13])
  end
end

-- [append]
local new_version = tonumber(version) + 1
redis.call('HSET', KEYS[1], 'version', new_version, 'head', ARGV[3])
if ARGV[15] ~= '' then redis.call('HSET', KEYS[1], 'meta', ARGV[15]) end
redis.call('RPUSH', KEYS[3], ARGV[4])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, new_version .. '-0', 's', '')

-- [lifetime] a running game's time to live is renewed only once it has run down by a minute
-- (or 1%): renewing it on every move would write three more commands per move to the AOF.
local ttl, log_ttl = tonumber(ARGV[5]), tonumber(ARGV[6])
local left = redis.call('PTTL', KEYS[1])
if ttl > 0 and ttl == log_ttl then
  if left < 0 or left > ttl or ttl - left > math.min(60000, ttl / 100) then
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

-- [seats] a waiting game's marker: kept while it waits, dropped once it no longer does
if ARGV[16] == '0' then
  redis.call('DEL', KEYS[5])
elseif ARGV[16] ~= '' then
  redis.call('SET', KEYS[5], 'waiting', 'PX', ARGV[16])
end

if idempotent then redis.call('SET', KEYS[4], ARGV[9], 'PX', ARGV[10]) end

-- [webhooks]
webhook_outbox(KEYS[1], KEYS[6], new_version)
return {3, tostring(new_version)}
