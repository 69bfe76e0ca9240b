-- wrk script: prints one machine-readable RESULT line when the run ends, for run.sh to read.
-- Used on its own for the board GET, and loaded by move.lua for the moves.
-- Latencies are wrk's own (from the request written to the answer read), in milliseconds.

-- With roles on (run.sh ROLES=1), every request carries the member token the load acts with.
local token = os.getenv("KANBAN_LOAD_TOKEN")
if token then wrk.headers["Authorization"] = "Bearer " .. token end

function done(summary, latency, requests)
   local seconds = summary.duration / 1e6
   local errors = summary.errors
   io.write(string.format(
      "RESULT requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f non2xx=%d socket_errors=%d timeouts=%d\n",
      summary.requests, seconds, summary.requests / seconds,
      latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
      errors.status, errors.connect + errors.read + errors.write, errors.timeout))
end
