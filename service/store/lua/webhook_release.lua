-- KEYS: due set, outbox, delivery states. ARGV: game id, next attempt ms ('' none).
-- A retry waits until its time; else the game stays due if its outbox grew past the cursor
-- (an entry came while it was held), and leaves the set when everything is handled.
if ARGV[2] ~= '' then
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[1])
  return 1
end
local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local cursor = redis.call('HGET', KEYS[3], 'cursor')
if last[1] and last[1][1] ~= cursor then
  redis.call('ZADD', KEYS[1], 'XX', 0, ARGV[1])
  return 1
end
redis.call('ZREM', KEYS[1], ARGV[1])
return 0
