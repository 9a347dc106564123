-- Register a player id in its scope: keep its secret's hash, once.
-- KEYS: the player's secret, the player's hash (its ratings and name).
-- ARGV: the secret's SHA-256.
-- Returns 1 registered; 0 held already (a secret is kept); -1 the id has a history from
-- before player secrets (only the operator gives it a secret).
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
redis.call('SET', KEYS[1], ARGV[1])
return 1
