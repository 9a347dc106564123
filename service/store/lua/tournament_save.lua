-- KEYS: tournament hash, its events stream. ARGV: expected version (0: a new tournament),
-- document, new version, the webhook's subscription ('' none), the round now sealed (0:
-- none: its games' cards and results are open), then for each event the
-- change tells: its number `n`, type and JSON. Returns 1 when saved, 0 when the stored version
-- is not the expected one: then nothing is written, so no event is appended for a change that
-- was not saved, and none twice (the next try tells its own change, numbered on).
local stored = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if stored ~= tonumber(ARGV[1]) then return 0 end
for i = 6, #ARGV, 3 do
  redis.call('XADD', KEYS[2], ARGV[i] .. '-0', 'seq', ARGV[i], 'type', ARGV[i + 1],
             'data', ARGV[i + 2])
end
redis.call('HSET', KEYS[1], 'doc', ARGV[2], 'version', ARGV[3], 'sealed', ARGV[5])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'hook', ARGV[4]) end
return 1
