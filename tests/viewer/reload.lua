-- Reload test (run with --watch): at frame 3 the script rewrites itself; the host must notice and
-- load the new version, whose load() prints "reloaded".
-- A fixture of test_host.c, which asserts: "first version" then "reloaded" on stdout after the file changes.
local path = arg[0]
local frame = 0
function load() print("first version") end
function update()
	frame = frame + 1
	if frame == 3 then
		local f = assert(io.open(path, "w"))
		f:write('function load() print("reloaded") end\nfunction draw(g) g.circle(0, 0, 1) end\n')
		f:close()
	end
end
