-- wrk script: POST /api/boards/BOARD/cards with {"title": T} and `Idempotency-Key: T`, T unique
-- to this request.  Usage: wrk -tT ... -s cards.lua URL -- PREFIX [BOARDS]
-- (PREFIX: unique to this wrk run, e.g. "run123-node2"; each thread adds its number and a counter.
-- BOARDS: how many boards the requests go round, main then b2, b3…; default 1, main alone)
--
-- When the run ends it prints one RESULT line (as scripts/load/report.lua does) and then the
-- whole latency histogram as "LATENCY MICROSECONDS COUNT" lines, so that run.sh can merge the
-- histograms of several wrk runs (one per node) into exact percentiles.

local threads = 0

function setup(thread)
   thread:set("number", threads)
   threads = threads + 1
end

local prefix = "cards"
local counter = 0
local boards = 1

function init(args)
   prefix = (args[1] or "cards") .. "-t" .. tostring(number)
   boards = tonumber(args[2] or "1") or 1
end

function request()
   counter = counter + 1
   local title = prefix .. "-" .. tostring(counter)
   -- Each thread starts at another board, so that connections spread over them at once.
   local index = (counter + number) % boards
   local board = index == 0 and "main" or ("b" .. tostring(index + 1))
   return wrk.format("POST", "/api/boards/" .. board .. "/cards",
      { ["Content-Type"] = "application/json", ["Idempotency-Key"] = title, ["X-Kanban-Actor"] = "cluster" },
      '{"title": "' .. title .. '"}')
end

function done(summary, latency, requests)
   local seconds = summary.duration / 1e6
   local errors = summary.errors
   io.write(string.format(
      "RESULT requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f non2xx=%d socket_errors=%d timeouts=%d\n",
      summary.requests, seconds, summary.requests / seconds,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
      errors.status, errors.connect + errors.read + errors.write, errors.timeout))
   for index = 1, #latency do
      local value, count = latency(index)
      io.write(string.format("LATENCY %d %d\n", value, count))
   end
end
