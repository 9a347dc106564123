-- Store a new game and its first log record; returns 0 if the id is taken.
-- KEYS: game hash, log stream, entries list, waiting marker, webhook outbox (a key unused names
-- the game hash again; every key is in the game's slot).
-- ARGV: meta, head, opening record, ttl_ms (0: for ever), webhook ('' none), waiting marker
-- ttl_ms ('' the game does not wait). A first bot turn is indexed before the script runs.
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
-- [seats] a waiting game's marker outlives it, so a late reader hears it expired (410)
if ARGV[6] ~= '' then redis.call('SET', KEYS[4], 'waiting', 'PX', ARGV[6]) end
-- [webhooks] the game's subscription, and its first entry in the outbox
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'hook', ARGV[5]) end
webhook_outbox(KEYS[1], KEYS[5], 1)
return 1
