// The scripts run inside Redis, so a write is atomic for every client and a search ships only the
// best hits, not the postings. Keys all start with the store's prefix (ARGV[1]); see redis-artifact-store.ts.
//
// A large write is staged (redis-staged-write.ts): its passages and JSON parts go in under a segment
// of their own, batch by batch, and become part of the namespace only when the commit script, one
// short step, marks the segment committed and places it after the namespace's text. Until then search
// and reads skip the segment, as they skip one whose writer gave up. A segment's passages start
// relative to the segment; its posting values end in `s<segment>` where a small write's end in the
// namespace id.

/** @internal The scripts, as ioredis commands on a client (`defineCommand`). */
export interface MemoryScripts {
  toolwrightMemoryWrite(...args: (string | number | Buffer)[]): Promise<[number, string?]>;
  toolwrightMemorySearch(...args: (string | number)[]): Promise<string[]>;
  toolwrightMemoryStage(...args: (string | number)[]): Promise<number>;
  toolwrightMemoryCommit(...args: (string | number)[]): Promise<[number, string?]>;
  toolwrightMemoryRead(...args: (string | number)[]): Promise<string[] | null>;
}

// The namespace a write appends to (p, name, writeid and ARGV[3], the kind, set before): refuses the
// other kind ({0, kind}) and a write id applied before ({2}), creates a namespace not seen yet, and
// leaves its id, artifact count and text length in nsid, count and length.
const openNamespace = `local nskey = p .. 'ns:' .. name
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
end`;

// Stores one passage (p set before): its hash, its place in the sorted set `zkey` by start, and a
// posting per term whose value ends in `owner` (a namespace id, or `s<segment>`); returns its id.
const indexPassage = `local function indexPassage(name, zkey, at, text, len, postings, owner)
  local id = redis.call('INCR', p .. 'seq:passage')
  redis.call('HSET', p .. 'passage:' .. id, 'ns', name, 'start', at, 'text', text)
  redis.call('ZADD', zkey, at, id)
  local value = ':' .. len .. ':' .. owner
  for term, tf in string.gmatch(postings, '(%S+) (%d+)') do
    redis.call('HSET', p .. 'term:' .. term, id, tf .. value)
  end
  return id
end`;

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
${indexPassage}
local name = ARGV[2]
local writeid = ARGV[6]
local space, dims = ARGV[8], ARGV[9]
local held
if space ~= '' then
  held = redis.call('HMGET', p .. 'vector-space', 'space', 'dimensions')
  if held[1] and (held[1] ~= space or held[2] ~= dims) then return {3, held[1]} end
end
${openNamespace}
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
    local id = indexPassage(name, p .. 'pas:' .. nsid, at, text, len, postings, nsid)
    if vector ~= '' then redis.call('HSET', p .. 'passage:' .. id, 'vec', vector) end
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
 * prefix, limit, namespace id or "" for all, k1, b, then the terms. Postings of segments not
 * committed are not counted. Returns per hit the passage id, its score (as a string, full precision)
 * and the offset its start is relative to (its segment's place in the namespace, else 0), best
 * first, ties to the lower id.
 */
export const searchScript = `
local p, limit, filter = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local k1, b = tonumber(ARGV[4]), tonumber(ARGV[5])
local stats = redis.call('HMGET', p .. 'stats', 'rows', 'tokens')
local rows = tonumber(stats[1] or '0')
if rows == 0 then return {} end
local avgdl = tonumber(stats[2]) / rows
local segments = {}
local function segment(id)
  local found = segments[id]
  if found == nil then
    local fields = redis.call('HMGET', p .. 'seg:' .. id, 'state', 'ns', 'base')
    if fields[1] == 'committed' then found = {fields[2], tonumber(fields[3])} else found = false end
    segments[id] = found
  end
  return found
end
local scores, bases, ids = {}, {}, {}
for t = 6, #ARGV do
  local postings = redis.call('HGETALL', p .. 'term:' .. ARGV[t])
  local live = {}
  for j = 1, #postings, 2 do
    local tf, len, staged, owner = string.match(postings[j + 1], '(%d+):(%d+):(s?)(%d+)')
    local nsid, base = owner, 0
    if staged == 's' then
      local seg = segment(owner)
      if seg then nsid, base = seg[1], seg[2] else nsid = nil end
    end
    if nsid then live[#live + 1] = {postings[j], tonumber(tf), tonumber(len), nsid, base} end
  end
  local hits = #live
  if hits > 0 then
    local idf = math.log((rows - hits + 0.5) / (hits + 0.5))
    if idf <= 0 then idf = 1e-6 end
    for _, posting in ipairs(live) do
      local id, tf, len, nsid = posting[1], posting[2], posting[3], posting[4]
      if filter == '' or nsid == filter then
        local s = idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + b * len / avgdl)))
        local previous = scores[id]
        if previous then scores[id] = previous + s else
          scores[id] = s
          bases[id] = posting[5]
          ids[#ids + 1] = id
        end
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
  out[#out + 1] = tostring(bases[id])
end
return out
`;

/**
 * @internal Stages one batch of a large write under its segment, once (a batch re-sent after a lost
 * connection is not applied again). ARGV: prefix, segment, batch number, namespace, then either
 * "parts", the artifact's index in the write and one part of its JSON text, or "passages" and per
 * passage: its start relative to the segment, text, token count, postings as "term tf term tf …".
 * Returns how many passages it staged.
 */
export const stageScript = `
local p, seg = ARGV[1], ARGV[2]
${indexPassage}
local segkey = p .. 'seg:' .. seg
if redis.call('HSETNX', segkey, 'batch:' .. ARGV[3], 1) == 0 then return 0 end
redis.call('HSETNX', segkey, 'state', 'staging')
if ARGV[5] == 'parts' then
  redis.call('RPUSH', p .. 'segart:' .. seg .. ':' .. ARGV[6], ARGV[7])
  return 0
end
local rows, tokens = 0, 0
for i = 6, #ARGV, 4 do
  local at, text, len, postings = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  indexPassage(ARGV[4], p .. 'spas:' .. seg, at, text, len, postings, 's' .. seg)
  rows = rows + 1
  tokens = tokens + tonumber(len)
end
redis.call('HINCRBY', segkey, 'rows', rows)
redis.call('HINCRBY', segkey, 'tokens', tokens)
return rows
`;

/**
 * @internal Makes a staged segment part of its namespace, once per write id, in one short step.
 * ARGV: prefix, namespace, kind, source, meta JSON or "", write id, segment, the segment's text length
 * (its artifacts' texts joined by blank lines), then per artifact: the number of parts of its JSON.
 * Returns {1}, {2} for a write id applied before, or {0, kind} when the namespace holds the other
 * kind; as the write script does.
 */
export const commitScript = `
local p, name, seg, writeid = ARGV[1], ARGV[2], ARGV[7], ARGV[6]
${openNamespace}
local base = 0
if count > 0 then base = length + 2 end
for i = 9, #ARGV do
  redis.call('RPUSH', p .. 'art:' .. name, '@' .. seg .. ':' .. (i - 9) .. ':' .. ARGV[i])
  count = count + 1
end
local segkey = p .. 'seg:' .. seg
redis.call('HSET', segkey, 'state', 'committed', 'ns', nsid, 'base', base, 'length', ARGV[8])
redis.call('RPUSH', p .. 'segs:' .. nsid, seg)
local staged = redis.call('HMGET', segkey, 'rows', 'tokens')
redis.call('HSET', nskey, 'source', ARGV[4], 'count', count, 'length', base + tonumber(ARGV[8]))
if ARGV[5] ~= '' then redis.call('HSET', nskey, 'meta', ARGV[5]) end
redis.call('HINCRBY', p .. 'stats', 'rows', tonumber(staged[1] or '0'))
redis.call('HINCRBY', p .. 'stats', 'tokens', tonumber(staged[2] or '0'))
redis.call('SADD', p .. 'writes:' .. nsid, writeid)
return {1}
`;

/**
 * @internal The passages of a namespace that start within (from, to), small writes' and committed
 * segments' alike, in one consistent view. ARGV: prefix, namespace, from, to (exclusive, in the
 * namespace's text). Returns nil for an unknown namespace, else its length, then start and text of
 * each passage (not sorted).
 */
export const readScript = `
local p, name = ARGV[1], ARGV[2]
local from, to = tonumber(ARGV[3]), tonumber(ARGV[4])
local ns = redis.call('HMGET', p .. 'ns:' .. name, 'id', 'length')
if not ns[1] then return nil end
local out = {ns[2] or '0'}
local function collect(key, base)
  local ids = redis.call('ZRANGEBYSCORE', key, '(' .. (from - base), '(' .. (to - base))
  for _, id in ipairs(ids) do
    local fields = redis.call('HMGET', p .. 'passage:' .. id, 'start', 'text')
    out[#out + 1] = string.format('%d', tonumber(fields[1]) + base)
    out[#out + 1] = fields[2]
  end
end
collect(p .. 'pas:' .. ns[1], 0)
for _, seg in ipairs(redis.call('LRANGE', p .. 'segs:' .. ns[1], 0, -1)) do
  local fields = redis.call('HMGET', p .. 'seg:' .. seg, 'base', 'length')
  local base, size = tonumber(fields[1]), tonumber(fields[2])
  if base < to and base + size > from then collect(p .. 'spas:' .. seg, base) end
end
return out
`;
