-- Option and style tables with metatables, passed to g: their __index would close the object being
-- drawn, in the middle of the draw call. g reads tables raw, so no __index runs and the objects stay
-- open. A fixture of test_host.c, which asserts: exit 0 and "proxies ignored" on stdout. (Before g
-- read raw, the ASan build reported a heap-use-after-free here.)
local collide = require "collide"
local square = collide.polygon{ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }
local covering, tree, grid = collide.covering(square), collide.tritree(square), collide.grid(square)
local calls = 0
local function closing(object)
	return setmetatable({}, { __index = function() calls = calls + 1; object:close() end })
end
function draw(g)
	g.covering(covering, closing(covering))
	g.tritree(tree, closing(tree))
	g.grid(grid, closing(grid))
	g.polygon(square, closing(square))
	g.circle(0, 0, 1, setmetatable({ fill = "red" }, { __index = function() calls = calls + 1; square:close() end }))
end
function quit()
	assert(calls == 0, "an __index ran " .. calls .. " times")
	assert(covering:contains(0, 0) and tree:contains(0, 0) and grid:contains(0, 0) and square:contains(0, 0))
	print("proxies ignored")
end
