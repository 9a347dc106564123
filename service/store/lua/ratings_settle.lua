-- Settle one finished game's players in their scope, once.
-- KEYS: settled hash, order zset, the leaderboard of listed players, the leaderboard of every
-- player, then per player its hash and games zset.
-- ARGV: game id, the settled record, ladder, rated (1/0), players; per player: its rating
-- before as read ('' none), after, board member before ('' none), after, games record, name,
-- listed (1: enough games for the listed leaderboard).
-- Returns the settle count, 0 when the game was settled already, -1 when a rating moved since
-- it was read (the caller reads again).
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local n = tonumber(ARGV[5])
local rated = ARGV[4] == '1'
for i = 0, n - 1 do
  local a = 6 + i * 7
  if rated then
    local now = redis.call('HGET', KEYS[5 + i * 2], ARGV[3])
    if (now or '') ~= ARGV[a] then return -1 end
  end
end
local seq = redis.call('ZCARD', KEYS[2]) + 1
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
for i = 0, n - 1 do
  local a = 6 + i * 7
  local player = KEYS[5 + i * 2]
  if rated then
    redis.call('HSET', player, ARGV[3], ARGV[a + 1])
    if ARGV[a + 2] ~= '' then
      redis.call('ZREM', KEYS[3], ARGV[a + 2])
      redis.call('ZREM', KEYS[4], ARGV[a + 2])
    end
    redis.call('ZADD', KEYS[4], 0, ARGV[a + 3])
    if ARGV[a + 6] == '1' then redis.call('ZADD', KEYS[3], 0, ARGV[a + 3]) end
  end
  redis.call('HSET', player, 'name', ARGV[a + 5])
  redis.call('ZADD', KEYS[6 + i * 2], seq, ARGV[a + 4])
end
return seq
