-- KEYS: commitment hash. ARGV: server seed, ttl_ms. Returns 0 if the id is taken.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'seed', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
