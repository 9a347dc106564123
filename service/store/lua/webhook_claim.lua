-- KEYS: due set. ARGV: game id, now ms, lease end ms. Returns 1 if the game was due and is
-- now this caller's until the lease ends, else 0 (not due, or another worker holds it).
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1])
return 1
