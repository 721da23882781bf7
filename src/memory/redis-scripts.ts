// Both scripts run inside Redis, so a write is atomic for every client and a search ships only the
// best hits, not the postings. Keys all start with the store's prefix (ARGV[1]); see redis-artifact-store.ts.

/**
 * @internal Appends artifacts to a namespace and indexes their passages, once per write id. ARGV:
 * prefix, namespace, kind, source, meta JSON or "", write id, entry count, embedding space and vector
 * length ("" and "" for a write without vectors), then per entry: JSON, text length, passage count,
 * and per passage: start in the artifact's text, text, token count, postings as "term tf term tf …",
 * and its vector's float32 bytes or "". Returns {1}; {2} when the namespace already holds this write
 * id (a retry of a write that was applied although its answer was lost: nothing is appended again);
 * {0, kind} when the namespace holds the other kind; {3, space} when the store holds vectors of
 * another embedding space or length. The write id is recorded last, in the same script, so it exists
 * exactly when the write was applied.
 */
export const writeScript = `
local p = ARGV[1]
local name = ARGV[2]
local writeid = ARGV[6]
local nskey = p .. 'ns:' .. name
local space, dims = ARGV[8], ARGV[9]
local held
if space ~= '' then
  held = redis.call('HMGET', p .. 'vector-space', 'space', 'dimensions')
  if held[1] and (held[1] ~= space or held[2] ~= dims) then return {3, held[1]} end
end
local found = redis.call('HMGET', nskey, 'id', 'kind', 'count', 'length')
local nsid, count, length
if found[1] then
  if found[2] ~= ARGV[3] then return {0, found[2]} end
  nsid, count, length = found[1], tonumber(found[3]), tonumber(found[4])
  if redis.call('SISMEMBER', p .. 'writes:' .. nsid, writeid) == 1 then return {2} end
else
  nsid = tostring(redis.call('INCR', p .. 'seq:namespace'))
  count, length = 0, 0
  redis.call('RPUSH', p .. 'namespaces', name)
  redis.call('HSET', nskey, 'id', nsid, 'kind', ARGV[3])
end
if space ~= '' and not held[1] then
  redis.call('HSET', p .. 'vector-space', 'space', space, 'dimensions', dims)
end
local i = 10
local rows, tokens = 0, 0
for _ = 1, tonumber(ARGV[7]) do
  local json, size, passages = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  i = i + 3
  local start = 0
  if count > 0 then start = length + 2 end
  redis.call('RPUSH', p .. 'art:' .. name, json)
  for _ = 1, passages do
    local at, text, len, postings = start + tonumber(ARGV[i]), ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
    local vector = ARGV[i + 4]
    i = i + 5
    local id = redis.call('INCR', p .. 'seq:passage')
    redis.call('HSET', p .. 'passage:' .. id, 'ns', name, 'start', at, 'text', text)
    if vector ~= '' then redis.call('HSET', p .. 'passage:' .. id, 'vec', vector) end
    redis.call('ZADD', p .. 'pas:' .. nsid, at, id)
    local value = ':' .. len .. ':' .. nsid
    for term, tf in string.gmatch(postings, '(%S+) (%d+)') do
      redis.call('HSET', p .. 'term:' .. term, id, tf .. value)
    end
    rows = rows + 1
    tokens = tokens + tonumber(len)
  end
  count = count + 1
  length = start + size
end
redis.call('HSET', nskey, 'source', ARGV[4], 'count', count, 'length', length)
if ARGV[5] ~= '' then redis.call('HSET', nskey, 'meta', ARGV[5]) end
redis.call('HINCRBY', p .. 'stats', 'rows', rows)
redis.call('HINCRBY', p .. 'stats', 'tokens', tokens)
redis.call('SADD', p .. 'writes:' .. nsid, writeid)
return {1}
`;

/**
 * @internal BM25 as FTS5 computes it (see bm25.ts), over the postings of the query terms. ARGV:
 * prefix, limit, namespace id or "" for all, k1, b, then the terms. Returns passage ids and scores
 * (as strings, full precision), best first, ties to the lower id.
 */
export const searchScript = `
local p, limit, filter = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local k1, b = tonumber(ARGV[4]), tonumber(ARGV[5])
local stats = redis.call('HMGET', p .. 'stats', 'rows', 'tokens')
local rows = tonumber(stats[1] or '0')
if rows == 0 then return {} end
local avgdl = tonumber(stats[2]) / rows
local scores, ids = {}, {}
for t = 6, #ARGV do
  local key = p .. 'term:' .. ARGV[t]
  local hits = redis.call('HLEN', key)
  if hits > 0 then
    local idf = math.log((rows - hits + 0.5) / (hits + 0.5))
    if idf <= 0 then idf = 1e-6 end
    local postings = redis.call('HGETALL', key)
    for j = 1, #postings, 2 do
      local tf, len, nsid = string.match(postings[j + 1], '(%d+):(%d+):(%d+)')
      if filter == '' or nsid == filter then
        tf = tonumber(tf)
        local s = idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + b * tonumber(len) / avgdl)))
        local id = postings[j]
        local previous = scores[id]
        if previous then scores[id] = previous + s else scores[id] = s; ids[#ids + 1] = id end
      end
    end
  end
end
local best = {}
local function better(a, c)
  local sa, sc = scores[a], scores[c]
  if sa ~= sc then return sa > sc end
  return tonumber(a) < tonumber(c)
end
for _, id in ipairs(ids) do
  local n = #best
  if n < limit or better(id, best[n]) then
    local at = n + 1
    if n == limit then at = n end
    while at > 1 and better(id, best[at - 1]) do
      best[at] = best[at - 1]
      at = at - 1
    end
    best[at] = id
  end
end
local out = {}
for _, id in ipairs(best) do
  out[#out + 1] = id
  out[#out + 1] = string.format('%.17g', scores[id])
end
return out
`;
