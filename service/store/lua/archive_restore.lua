-- Put an archived game back in Redis, for a write to it (a rematch offer); 0 if it is there.
-- KEYS: game hash, log stream, entries list. ARGV: version, head, meta, signals ('' none),
-- ttl_ms (0: for ever), then its records in order. The journal's write then persists it,
-- and the archive worker archives the later version.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'head', ARGV[2], 'meta', ARGV[3])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'signals', ARGV[4]) end
for i = 6, #ARGV do redis.call('RPUSH', KEYS[3], ARGV[i]) end
redis.call('XADD', KEYS[2], 'MAXLEN', 1, ARGV[1] .. '-0', 's', '')
if tonumber(ARGV[5]) > 0 then
  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[5]) end
end
return 1
