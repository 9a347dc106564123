-- KEYS: game hash. ARGV: expected version, expected signals, new signals.
-- Returns 0 missing, 1 stale (the game moved, or another signal came in), 2 kept.
-- Signals are kept beside the log: neither the version nor the log changes.
local current = redis.call('HMGET', KEYS[1], 'version', 'signals')
if not current[1] then return 0 end
if current[1] ~= ARGV[1] or (current[2] or '') ~= ARGV[2] then return 1 end
redis.call('HSET', KEYS[1], 'signals', ARGV[3])
return 2
