-- Every g function checks its arguments and names itself: negative or non-finite sizes, too few
-- points, odd flat lists, closed objects, wrong types, unknown option and style keys, colours
-- out of range. Each bad call is checked through pcall; the last one is left to fail draw().
-- A fixture of test_host.c, which asserts: exit 1, "error in draw()" and "g.circle: bad argument #3 (radius must be >= 0, got -1)" on stderr, and the red error panel in the screenshot.
local collide = require "collide"

local function refused(expected, f, ...)
	local ok, message = pcall(f, ...)
	assert(not ok, "accepted, expected the error '" .. expected .. "'")
	assert(message:find(expected, 1, true), "expected '" .. expected .. "', got: " .. tostring(message))
end

local mesh = collide.mesh.icosphere(1)
mesh:close()
local polygon = collide.polygon { { 0, 0 }, { 1, 0 }, { 0, 1 } }
polygon:close()

function draw(g)
	refused("g.sphere: bad argument #4 (radius must be >= 0, got -2)", g.sphere, 0, 0, 0, -2)
	refused("g.sphere: bad argument #4 (radius must be >= 0, got nan)", g.sphere, 0, 0, 0, 0 / 0)
	refused("g.circle: bad argument #3 (radius must be >= 0, got inf)", g.circle, 0, 0, math.huge)
	refused("g.polygon: needs at least 3 points, got 2", g.polygon, { { 0, 0 }, { 1, 1 } })
	refused("g.polygon: hole: needs at least 3 points, got 1", g.polygon,
		{ { 0, 0 }, { 4, 0 }, { 0, 4 }, holes = { { { 1, 1 } } } })
	refused("g.polygon: a flat contour {x1, y1, x2, y2, ...} needs an even count of numbers, got 7",
		g.polygon, { 0, 0, 1, 0, 1, 1, 0 })
	refused("g.polygon: holes must be a table of contours, got string", g.polygon,
		{ { 0, 0 }, { 4, 0 }, { 0, 4 }, holes = "none" })
	refused("g.line: needs at least 2 points, got 1", g.line, { { 0, 0 } })
	refused("g.line: point 2: y is nan", g.line, { { 0, 0 }, { 1, 0 / 0 } })
	refused("g.mesh: bad argument #1 (closed collide.mesh)", g.mesh, mesh)
	refused("g.polygon: bad argument #1 (closed collide.polygon)", g.polygon, polygon)
	refused("g.polygon: bad argument #1 (collide.polygon or table of points expected, got number)", g.polygon, 7)
	refused("g.circle: unknown option 'colour'", g.circle, 0, 0, 1, { colour = "red" })
	refused("g.circle: style.closed must be a boolean, got string", g.circle, 0, 0, 1, { closed = "yes" })
	refused("g.circle: style.width must be a number >= 0", g.circle, 0, 0, 1, { width = -1 })
	refused("component g of a colour must be a number in 0..1", g.circle, 0, 0, 1, { fill = { 1, 2, 0 } })
	refused("the alpha of a colour must be a number in 0..1", g.circle, 0, 0, 1, { fill = { "red", 0 / 0 } })
	refused("g.camera2d: unknown option 'zoom'", g.camera2d, { zoom = 2 })
	refused("g.camera3d: unknown option 'yaw_degrees'", g.camera3d, { yaw_degrees = 2 })
	refused("g.grid: bad argument #1 (collide.grid or collide.quadtree expected, got table)", g.grid, {})
	refused("g.mesh: bad argument #1 (collide.mesh expected, got collide.polygon)", g.mesh, polygon)
	refused("g.rect: bad argument #2 (expected a finite number, got inf)", g.rect, 0, math.huge, 1, 1)
	-- what stays allowed: zero radii, a colour table as the style, flat and {x =, y =} points
	g.circle(0, 0, 0)
	g.circle(0, 0, 1, { r = 1, g = 0, b = 0 })
	g.polygon { 0, 0, 1, 0, 0, 1 }
	g.line { { x = 0, y = 0 }, { x = 1, y = 1 } }
	g.circle(0, 0, -1)
end
