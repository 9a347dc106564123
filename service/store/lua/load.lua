-- KEYS: game hash, entries list. ARGV: the version the reader already knows (0: none).
-- Returns {} when the game is missing, else {version, head, meta, signals, first, records...}:
-- the records of the entries from seq `first` + 1 on (from the start when the reader knows
-- a version the game does not have). One atomic read: the records end at the head.
-- `first` is -1 for a game stored before the compact log (a `state`, no records): to convert.
local current = redis.call('HMGET', KEYS[1], 'version', 'head', 'meta', 'signals', 'state')
if not current[1] then return {} end
if current[5] and redis.call('EXISTS', KEYS[2]) == 0 then
  return {current[1], current[2], current[3], current[4] or '', -1}
end
local first = tonumber(ARGV[1])
if first > tonumber(current[1]) then first = 0 end
local reply = {current[1], current[2], current[3], current[4] or '', first}
local records = redis.call('LRANGE', KEYS[2], first, -1)
for i = 1, #records do reply[#reply + 1] = records[i] end
return reply
