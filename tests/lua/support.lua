-- What the Lua specs share. Each spec loads it with
--   local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
-- (busted runs the specs from the repository root; ctest sets COLLIDE_SOURCE_DIR).
-- Not named *_spec.lua, so busted and ctest do not run it as a spec.
local assert = require "luassert" -- the assert busted gives the specs
local collide = require "collide"

local support = {}

-- The message of the error f(...) raises, as a string; f must fail.
function support.error_of(f, ...)
	local ok, message = pcall(f, ...)
	assert.is_false(ok, "expected an error")
	return tostring(message)
end

-- Shapes and point sets of the 2D specs (covering, tri-tree, grid).

-- The C-shape of the source's acceptance cases: its vertex average lies outside it.
support.c_outline = { { 0, 0 }, { 3, 0 }, { 3, 1 }, { 1, 1 }, { 1, 2 }, { 3, 2 }, { 3, 3 }, { 0, 3 } }

function support.star_outline(n, outer, inner)
	local points = {}
	for i = 0, 2 * n - 1 do
		local a = math.pi * i / n
		local r = i % 2 == 0 and outer or inner
		points[#points + 1] = { r * math.cos(a), r * math.sin(a) }
	end
	return points
end

-- A small LCG, so a failure can be replayed from its seed.
function support.generator(seed)
	return function()
		seed = (seed * 1103515245 + 12345) % 2147483648
		return seed / 2147483648
	end
end

-- n points uniformly in the box grown by margin on each side.
function support.random_points(p, n, seed)
	local random = support.generator(seed)
	local minx, miny, maxx, maxy = p:bounds()
	local mx, my = (maxx - minx) * 0.2, (maxy - miny) * 0.2
	local pts = collide.points(n, 2)
	for i = 1, n do
		pts:set(i, minx - mx + random() * (maxx - minx + 2 * mx), miny - my + random() * (maxy - miny + 2 * my))
	end
	return pts
end

-- The polygon's outline moved by pose {x, y, angle}: the brute-force side of a pair test.
function support.moved(outline, pose)
	local c, s = math.cos(pose.angle or 0), math.sin(pose.angle or 0)
	local out = {}
	for i, v in ipairs(outline) do
		out[i] = { c * v[1] - s * v[2] + (pose.x or 0), s * v[1] + c * v[2] + (pose.y or 0) }
	end
	return collide.polygon(out)
end

return support
