-- KEYS: idempotency key. ARGV: answer_ttl_ms. Returns the stored first answer, or nil.
-- Found, it is refreshed: a write, so the WAIT sent after this script covers the write that
-- stored it (an answer is only given back once replicas hold what it says).
local answer = redis.call('GET', KEYS[1])
if answer then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return answer
