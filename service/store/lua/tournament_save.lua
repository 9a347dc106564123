-- KEYS: tournament hash. ARGV: expected version (0: a new tournament), document, new version.
-- Returns 1 when saved, 0 when the stored version is not the expected one.
local stored = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if stored ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'version', ARGV[3])
return 1
