-- g reads lengths raw, as the module does (a __len is not consulted, so it cannot claim a negative or
-- huge length), and draws a circle of radius 1e300.
-- A fixture of test_host.c, which asserts: exit 1, "error in draw()" and "g.polygon: needs at least 3 points, got 0" on stderr, and the red error panel in the screenshot.
local function claiming(n)
	return setmetatable({}, { __len = function() return n end })
end

function draw(g)
	g.circle(0, 0, 1e300) -- its number of sides is clamped as a double, never cast from 7.5e299
	local ok, message = pcall(g.polygon, claiming(1 << 40))
	assert(not ok and message:find("g.polygon: needs at least 3 points, got 0", 1, true), "outer 2^40: " .. tostring(message))
	g.polygon { 0, 0, 1, 0, 0, 1, holes = claiming(1 << 40) } -- no holes, read raw
	ok, message = pcall(g.polygon, { 0, 0, 1, 0, 0, 1, holes = { claiming(-2) } })
	assert(not ok and message:find("g.polygon: hole: needs at least 3 points, got 0", 1, true), "hole -2: " .. tostring(message))
	g.polygon(claiming(-1))
end
