-- Let Redis drop a game the archive holds (checked): if the game is still at the archived
-- version and head, mark it archived and give each of its keys the finished lifetime (a key
-- that would go sooner keeps its own). Returns 1, or 0 when the game moved on or is gone.
-- KEYS: game hash, log stream, entries list, webhook outbox, webhook delivery states.
-- ARGV: version, head, ttl_ms (0: kept for ever).
local current = redis.call('HMGET', KEYS[1], 'version', 'head')
if current[1] ~= ARGV[1] or current[2] ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'archived', ARGV[1])
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  for i = 1, #KEYS do
    local left = redis.call('PTTL', KEYS[i])
    if left == -1 or left > ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
return 1
