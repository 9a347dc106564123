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
