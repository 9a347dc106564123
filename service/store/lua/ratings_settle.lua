-- Settle one finished match's players in their scope, once.
-- KEYS: settled hash, order zset, the leaderboard of listed players, the leaderboard of every
-- player, the set of flagged players, then per player its hash and games zset.
-- ARGV: match id, the settled record, ladder, rated (1/0: ratings move), players, watched (1/0:
-- the abuse watch counts it); per player: its rating before as read ('' none), after, board
-- member before ('' none), after, games record, name, listed (1: to be on the listed board),
-- its watch as read ('' none), after, and its flagged-set member ('' not flagged).
-- Returns the settle count, 0 when the match was settled already, -1 when a rating or a watch
-- moved since it was read (the caller reads again).
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local n = tonumber(ARGV[5])
local rated = ARGV[4] == '1'
local watched = ARGV[6] == '1'
local watch = 'w:' .. ARGV[3]
for i = 0, n - 1 do
  local a = 7 + i * 10
  local player = KEYS[6 + i * 2]
  if rated and (redis.call('HGET', player, ARGV[3]) or '') ~= ARGV[a] then return -1 end
  if watched and (redis.call('HGET', player, watch) or '') ~= ARGV[a + 7] then return -1 end
end
local seq = redis.call('ZCARD', KEYS[2]) + 1
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
for i = 0, n - 1 do
  local a = 7 + i * 10
  local player = KEYS[6 + i * 2]
  local member = ARGV[a + 2]
  if rated then
    redis.call('HSET', player, ARGV[3], ARGV[a + 1])
    if member ~= '' then
      redis.call('ZREM', KEYS[3], member)
      redis.call('ZREM', KEYS[4], member)
    end
    member = ARGV[a + 3]
    redis.call('ZADD', KEYS[4], 0, member)
  end
  if member ~= '' then
    if ARGV[a + 6] == '1' then
      redis.call('ZADD', KEYS[3], 0, member)
    else
      redis.call('ZREM', KEYS[3], member)
    end
  end
  if watched then
    redis.call('HSET', player, watch, ARGV[a + 8])
    if ARGV[a + 9] ~= '' then redis.call('SADD', KEYS[5], ARGV[a + 9]) end
  end
  redis.call('HSET', player, 'name', ARGV[a + 5])
  redis.call('ZADD', KEYS[7 + i * 2], seq, ARGV[a + 4])
end
return seq
