// Every change to a receipt or a run is one Lua script, so it is atomic for every client: of two
// callers beginning one key, exactly one creates it. Keys all start with the store's prefix (ARGV[1]);
// a receipt's key holds its scope's length, so no scope and key pair can spell another's.

// The receipt's key, and its expiry (ARGV[n], "" for none) applied to it and to its scope's set of
// receipt keys: a set expires with its last receipt, and never while one of its receipts does not.
const receiptKey = `
local p = ARGV[1]
local rkey = p .. 'r:' .. string.len(ARGV[2]) .. ':' .. ARGV[2] .. ':' .. ARGV[3]
local skey = p .. 's:' .. ARGV[2]
local function expire(at)
  if at == '' then
    redis.call('PERSIST', rkey)
    redis.call('PERSIST', skey)
    return
  end
  redis.call('PEXPIREAT', rkey, at)
  local ttl = redis.call('PTTL', skey)
  if ttl == -2 then return end
  if ttl ~= -1 then
    local now = redis.call('TIME')
    local current = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + ttl
    if tonumber(at) > current then redis.call('PEXPIREAT', skey, at) end
  end
end
`;

/**
 * @internal Creates a receipt unless its key has one. ARGV: prefix, scope, key, tool, activity, input
 * hash, started at, expires at or "". Returns {1} when created, else {0, field, value, …} (the
 * receipt's hash as it is).
 */
export const beginScript = `${receiptKey}
local found = redis.call('HGETALL', rkey)
if #found > 0 then return {0, unpack(found)} end
local fresh = redis.call('EXISTS', skey) == 0
redis.call('HSET', rkey, 'tool', ARGV[4], 'activity', ARGV[5], 'hash', ARGV[6], 'attempt', 1,
  'started', ARGV[7])
redis.call('SADD', skey, rkey)
if fresh and ARGV[8] ~= '' then redis.call('PEXPIREAT', skey, ARGV[8]) end
expire(ARGV[8])
return {1}
`;

/**
 * @internal One more start of an unfinished receipt still at the attempt given. ARGV: prefix, scope,
 * key, attempt, started at, expires at or "". Returns 1, or 0 when it is not (finished, gone, or
 * restarted by someone else).
 */
export const restartScript = `${receiptKey}
local found = redis.call('HMGET', rkey, 'attempt', 'result')
if not found[1] or found[2] or tonumber(found[1]) ~= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', rkey, 'attempt', tonumber(found[1]) + 1, 'started', ARGV[5])
expire(ARGV[6])
return 1
`;

/**
 * @internal Records a started receipt's result (a finished one keeps its first). ARGV: prefix, scope,
 * key, result JSON, finished at, expires at or "". Returns 1 when recorded.
 */
export const finishScript = `${receiptKey}
local found = redis.call('HMGET', rkey, 'attempt', 'result')
if not found[1] or found[2] then return 0 end
redis.call('HSET', rkey, 'result', ARGV[4], 'finished', ARGV[5])
expire(ARGV[6])
return 1
`;

/** @internal Drops a scope's receipts. ARGV: prefix, scope. */
export const releaseScript = `
local skey = ARGV[1] .. 's:' .. ARGV[2]
for _, rkey in ipairs(redis.call('SMEMBERS', skey)) do redis.call('DEL', rkey) end
redis.call('DEL', skey)
return 1
`;

/**
 * @internal Saves a run's state if its revision is still the one given (0: no such run). ARGV: prefix,
 * run id, revision, state JSON, expires at or "". Returns 1 when saved.
 */
export const saveRunScript = `
local key = ARGV[1] .. 'run:' .. ARGV[2]
local revision = tonumber(redis.call('HGET', key, 'revision') or '0')
if revision ~= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', key, 'revision', revision + 1, 'state', ARGV[4])
if ARGV[5] == '' then redis.call('PERSIST', key) else redis.call('PEXPIREAT', key, ARGV[5]) end
return 1
`;
