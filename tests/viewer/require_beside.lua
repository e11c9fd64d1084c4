-- A script may require a module that sits beside it (beside.lua), wherever the host is started
-- from; a reload requires it afresh. Run with the argument "rewrite" (on a copy, with --watch), at
-- frame 3 the first version rewrites the module, then touches itself so that the host reloads.
-- A fixture of test_host.c, which asserts: "beside: first" on stdout when run from another
-- directory and when run by its bare name from its own; with "rewrite", "beside: first" then
-- "beside: second" (the reload's fresh module).
local beside = require "beside"
local frame = 0
function load() print("beside: " .. beside.word) end
function update()
	frame = frame + 1
	if frame == 3 and arg[1] == "rewrite" and beside.word == "first" then
		local dir = arg[0]:match("^(.*)/") or "."
		local f = assert(io.open(dir .. "/beside.lua", "w"))
		f:write('return { word = "second" }\n')
		f:close()
		f = assert(io.open(arg[0], "a")) -- the host watches the script only, not its modules
		f:write("-- touched\n")
		f:close()
	end
end
