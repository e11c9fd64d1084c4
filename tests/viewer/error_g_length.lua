-- g refuses a negative or huge length (a __len may say anything) as a Lua error, and draws a circle of radius 1e300.
-- A fixture of test_host.c, which asserts: exit 1, "error in draw()" and "g.polygon: holes: length -1 is negative" on stderr, and the red error panel in the screenshot.
local function claiming(n)
	return setmetatable({}, { __len = function() return n end })
end

function draw(g)
	g.circle(0, 0, 1e300) -- its number of sides is clamped as a double, never cast from 7.5e299
	local ok, message = pcall(g.polygon, claiming(-1))
	assert(not ok and message:find("g.polygon: length -1 is negative", 1, true), "outer -1: " .. tostring(message))
	ok, message = pcall(g.polygon, { 0, 0, 1, 0, 0, 1, holes = claiming(1 << 40) })
	assert(not ok and message:find("g.polygon: holes: too many", 1, true), "holes 2^40: " .. tostring(message))
	ok, message = pcall(g.polygon, { 0, 0, 1, 0, 0, 1, holes = { claiming(-2) } })
	assert(not ok and message:find("g.polygon: hole: length -2 is negative", 1, true), "hole -2: " .. tostring(message))
	g.polygon { { 0, 0 }, { 1, 0 }, { 0, 1 }, holes = claiming(-1) }
end
