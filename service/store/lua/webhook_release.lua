-- KEYS: a webhooks' due set. ARGV: game id, next attempt ms ('' none), the lease's score as
-- the worker last set it, '1' if the game's outbox grew past its cursor ('0' not).
-- A retry waits until its time; else the game stays due if its outbox grew, or if a write
-- marked it since (its score moved off the lease: `DueIndex.touch`); else it leaves the set.
if ARGV[2] ~= '' then
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[1])
  return 1
end
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if ARGV[4] == '1' or (score and tonumber(score) ~= tonumber(ARGV[3])) then
  redis.call('ZADD', KEYS[1], 'XX', 0, ARGV[1])
  return 1
end
redis.call('ZREM', KEYS[1], ARGV[1])
return 0
