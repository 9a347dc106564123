-- KEYS: a deadlines sorted set. ARGV: game id, the score the sweeper saw, the game's deadline
-- now ('' none: drop it). Returns 1 if changed, 0 when the entry changed meanwhile.
local seen = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not seen or tonumber(seen) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
