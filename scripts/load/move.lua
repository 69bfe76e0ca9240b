-- wrk script: POST /api/boards/main/cards/ID/move with {"column": C, "at": 0}, cycling card ids
-- and columns.  Usage: wrk -tT ... -s move.lua URL -- IDS_FILE T   (IDS_FILE: one card id a line;
-- T: the number of wrk threads, as given to -t)
--
-- Each wrk thread moves its own share of the cards (thread n takes ids n, n+T, n+2T, …), one
-- card after another; each round over its share goes to the next column (DOING, DONE, TODO, …).
-- So a card is next moved a whole round later, always to another column: every move changes the
-- board and appends exactly one event (a move to where the card already is would append none).

local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "report.lua")

local columns = { "DOING", "DONE", "TODO" }
local threads = 0

function setup(thread)
   thread:set("shard", threads)
   threads = threads + 1
end

local mine = {}
local counter = 0
local headers = { ["Content-Type"] = "application/json" }
if os.getenv("KANBAN_LOAD_TOKEN") then headers["Authorization"] = "Bearer " .. os.getenv("KANBAN_LOAD_TOKEN") end

function init(args)
   local file = assert(io.open(args[1] or "ids.txt", "r"), "cannot read the card ids file")
   local all = {}
   for line in file:lines() do
      if line ~= "" then all[#all + 1] = line end
   end
   file:close()
   local count = tonumber(args[2]) or 1
   for index = 1, #all do
      if (index - 1) % count == shard then mine[#mine + 1] = all[index] end
   end
   assert(#mine > 0, "this thread has no cards to move")
end

function request()
   local card = mine[(counter % #mine) + 1]
   local column = columns[(math.floor(counter / #mine) % #columns) + 1]
   counter = counter + 1
   return wrk.format("POST", "/api/boards/main/cards/" .. card .. "/move", headers,
      '{"column": "' .. column .. '", "at": 0}')
end
