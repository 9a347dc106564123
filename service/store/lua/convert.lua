-- KEYS: game hash, log stream, entries list. ARGV: the head the records end at, the records.
-- A game stored before the compact log (its state in the hash, its full entries in the
-- stream) takes its records, checked by the caller; returns 0 if it changed meanwhile.
if redis.call('HGET', KEYS[1], 'head') ~= ARGV[1] then return 0 end
if redis.call('HEXISTS', KEYS[1], 'state') == 0 then return 0 end
redis.call('DEL', KEYS[3])
for i = 2, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
local version = redis.call('HGET', KEYS[1], 'version')
redis.call('DEL', KEYS[2])
redis.call('XADD', KEYS[2], 'MAXLEN', 1, version .. '-0', 's', '')
redis.call('HDEL', KEYS[1], 'state')
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
return 1
