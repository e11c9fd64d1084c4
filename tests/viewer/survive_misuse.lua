-- Things a script may do that are odd but no error: keep g from draw and call it in update and
-- mousemoved (outside draw), and return values of the wrong type from callbacks. Also warn(),
-- which writes to stderr once switched on, as under stock lua.
-- A fixture of test_host.c, which asserts: exit 0, "misuse survived" on stdout, "Lua warning: warnings reach stderr" on stderr.
local kept
function load()
	warn("not shown: warnings start off")
	warn("@on")
	warn("warnings ", "reach stderr")
	return {}, "not a boolean"
end
function update(dt)
	if kept then kept.circle(0, 0, 1) end
	return function() end
end
function mousemoved(x, y) if kept then kept.point(x, y) end return 42 end
function draw(g)
	kept = g
	g.circle(0, 0, 2)
	return setmetatable({}, { __index = function() error("never looked at") end })
end
function quit() print("misuse survived") end
