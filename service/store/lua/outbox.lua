-- [outbox] webhook_outbox(game hash, outbox stream, due set, seq): a library the game's write
-- scripts open with. A game with a webhook carries a `hook` field in its hash; every script
-- that appends a log entry to such a game appends the entry's seq to the game's outbox stream
-- and marks the game due (`ZADD NX`: a game a worker holds keeps its lease). Same script, so
-- no entry is committed without its outbox entry, and none is queued for an entry not
-- committed. The game hash key is `{g:<id>}:game`, so the id is its middle.
local function webhook_outbox(game, outbox, due, seq)
  if redis.call('HEXISTS', game, 'hook') == 0 then return end
  redis.call('XADD', outbox, '*', 'seq', seq)
  local ttl = redis.call('PTTL', game)
  if ttl > 0 then redis.call('PEXPIRE', outbox, ttl) else redis.call('PERSIST', outbox) end
  local now = redis.call('TIME')
  local id = string.sub(game, 4, -7)
  redis.call('ZADD', due, 'NX', now[1] * 1000 + math.floor(now[2] / 1000), id)
end
