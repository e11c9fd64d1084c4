-- What the Lua specs share. Each spec loads it with
--   local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
-- (busted runs the specs from the repository root; ctest sets COLLIDE_SOURCE_DIR).
-- Not named *_spec.lua, so busted and ctest do not run it as a spec.
local assert = require "luassert" -- the assert busted gives the specs
local collide = require "collide"

local support = {}

-- Asserts that vector got has expected's dimension and lies within tolerance of it, component by
-- component (what names it in the message).
function support.near_vec(expected, got, tolerance, what)
	assert.are.equal(#expected, #got, (what or "vector") .. ": dimension")
	for i = 1, #expected do
		assert.is_near(expected[i], got[i], tolerance, (what or "vector") .. " component " .. i)
	end
end

-- How many random cases a sweep runs: n in the normal build, a tenth (at least 20) in the sanitizer
-- build, where ctest sets COLLIDE_FAST_TESTS, as the C tests' COLLIDE_RANDOM_CASES does there.
function support.cases(n)
	if os.getenv("COLLIDE_FAST_TESTS") then return math.max(20, n // 10) end
	return n
end

-- Whether this is make test-long (COLLIDE_LONG_TESTS set and not "0"): the sweeps beyond what
-- make test needs run only there.
function support.long_tests()
	local text = os.getenv("COLLIDE_LONG_TESTS")
	return text ~= nil and text ~= "" and text ~= "0"
end

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

-- Checks the 2D point structures (covering, tri-tree, grid, quadtree) share.

-- The C-shape acceptance cases every structure over c_outline answers: the centroid (x, y) and the
-- notch are outside, a bar is inside, and so is a point on an edge.
function support.check_c_shape(structure, x, y)
	assert.is_false(structure:contains(x, y), "the centroid is outside")
	assert.is_false(structure:contains(2, 1.5), "in the notch")
	assert.is_true(structure:contains(0.5, 1.5))
	assert.is_true(structure:contains(3, 0.5), "on an edge")
end

-- results (and cached, the same query with a cache, when given) must equal expected at every
-- point of pts; name says which case failed.
function support.check_answers(name, pts, expected, results, cached)
	for i = 1, #pts do
		local where = name .. " point " .. i .. " (" .. table.concat({ pts:get(i) }, ", ") .. ")"
		assert.are.equal(expected[i], results[i], where)
		if cached then
			assert.are.equal(expected[i], cached[i], where .. " with a cache")
		end
	end
end

-- The square [-1, 1]^2, and the circles a structure over it must decide: tangent, just short,
-- just short of and reaching the corner, inside; collides_stats counts one query.
support.square_outline = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }

function support.check_square_circles(structure)
	assert.is_true(structure:collides(collide.circle(1.5, 0, 0.5)), "tangent")
	assert.is_false(structure:collides(collide.circle(1.5, 0, 0.49)))
	assert.is_false(structure:collides(collide.circle(1.5, 1.5, 0.70)))
	assert.is_true(structure:collides(collide.circle(1.5, 1.5, 0.71)), "reaches the corner")
	assert.is_true(structure:collides(collide.circle(0, 0, 0.1)), "inside")
	local hit, stats = structure:collides_stats(collide.circle(0, 0, 0.1))
	assert.is_true(hit)
	assert.are.equal(1, stats.queries)
end

-- count random circles around poly's box (a stream from seed), each passed to
-- check(circle, expected, i) with the brute-force answer poly:intersects(circle).
function support.each_random_circle(poly, count, seed, check)
	local random = support.generator(seed)
	local minx, miny, maxx, maxy = poly:bounds()
	for i = 1, count do
		local circle = collide.circle(minx - 1 + random() * (maxx - minx + 2),
			miny - 1 + random() * (maxy - miny + 2), random() * (maxx - minx) * 0.1)
		check(circle, poly:intersects(circle), i)
	end
end

-- count random poses {x, y, angle} of the C-shape around poly's box (drawn from random, a
-- generator), each passed to check(pose, expected, where) with the brute-force answer (does poly
-- meet the moved C-shape?) and a description that replays it.
function support.each_random_pose(poly, count, random, name, check)
	local minx, miny, maxx, maxy = poly:bounds()
	for i = 1, count do
		local pose = { x = minx - 2 + random() * (maxx - minx + 1), y = miny - 2 + random() * (maxy - miny + 1),
			angle = random() * 2 * math.pi }
		local expected = poly:intersects(support.moved(support.c_outline, pose))
		local where = name .. " pose " .. i .. string.format(" {x = %.17g, y = %.17g, angle = %.17g}", pose.x, pose.y, pose.angle)
		check(pose, expected, where)
	end
end

-- The unit square and a small square that fits inside the C-shape's bottom bar (at x = 2, y =
-- 0.4) and in its notch (at x = 2, y = 1.4): the pair tests' shapes.
support.unit_square = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }
support.small_square = { { 0, 0 }, { 0.2, 0 }, { 0.2, 0.2 }, { 0, 0.2 } }

-- A structure of kind ("covering", "grid", ...) made by make(polygon) over the C-shape: released
-- by <close> and by close() (twice is harmless), then "kind(closed)" and "kind is closed"; one
-- made before its polygon is closed keeps working (it copies the polygon). Returns the closed one.
function support.check_release(kind, make)
	local poly = collide.polygon(support.c_outline)
	do
		local scoped <close> = make(poly)
		assert.is_true(scoped:contains(0.5, 0.5))
	end
	local closed = make(poly)
	closed:close()
	closed:close()
	assert.are.equal(kind .. "(closed)", tostring(closed))
	assert.matches(kind .. " is closed", support.error_of(function() return closed:contains(0.5, 0.5) end), 1, true)
	local kept = make(poly)
	poly:close()
	assert.is_true(kept:contains(0.5, 0.5), "it copies the polygon")
	assert.matches("^" .. kind .. "%(", tostring(kept))
	collectgarbage("collect")
	return closed
end

return support
