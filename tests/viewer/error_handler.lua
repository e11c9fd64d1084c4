-- An error whose value makes the host's message handler fail too (its __tostring raises): still a
-- reported error, never a crash.
-- A fixture of test_host.c, which asserts: exit 1, "error in update()" on stderr, and the red error panel in the screenshot.
local frames = 0
function update(dt)
	frames = frames + 1
	if frames == 2 then
		error(setmetatable({}, { __tostring = function() error("__tostring fails too") end }))
	end
end
