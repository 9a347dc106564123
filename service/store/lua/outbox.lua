-- [outbox] webhook_outbox(game hash, outbox stream, seq): a library the game's write scripts
-- open with. A game with a webhook carries a `hook` field in its hash; every script that
-- appends a log entry to such a game appends the entry's seq to the game's outbox stream. Same
-- script, so no entry is committed without its outbox entry, and none is queued for an entry
-- not committed. The game is marked due for the workers outside the script, before and after
-- it (`service/store/due_index.py`), so every key here stays in the game's slot.
local function webhook_outbox(game, outbox, seq)
  if redis.call('HEXISTS', game, 'hook') == 0 then return end
  redis.call('XADD', outbox, '*', 'seq', seq)
  local ttl = redis.call('PTTL', game)
  if ttl > 0 then redis.call('PEXPIRE', outbox, ttl) else redis.call('PERSIST', outbox) end
end
