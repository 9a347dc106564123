-- Clear a player's flag on a ladder (the operator's), in the settle order, so that the
-- recompute clears it at the same point.
-- KEYS: settled hash, order zset, the leaderboard of listed players, the set of flagged
-- players, the player's hash.
-- ARGV: the clearing's id, its record, the watch field, the watch as read, after, the player's
-- board member ('' none), listed (1: back on the listed board), its flagged-set member.
-- Returns the settle count, or -1 when the watch moved since it was read (read again).
if (redis.call('HGET', KEYS[5], ARGV[3]) or '') ~= ARGV[4] then return -1 end
local seq = redis.call('ZCARD', KEYS[2]) + 1
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
redis.call('HSET', KEYS[5], ARGV[3], ARGV[5])
redis.call('SREM', KEYS[4], ARGV[8])
if ARGV[6] ~= '' and ARGV[7] == '1' then redis.call('ZADD', KEYS[3], 0, ARGV[6]) end
return seq
