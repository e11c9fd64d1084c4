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

-- The 3D specs' brute-force mesh oracles (bvh_spec, tetratree_spec): every triangle, no structure.
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function length(a) return math.sqrt(dot(a, a)) end

-- The point of the closed triangle abc nearest to p (Ericson's region test, as the engine's).
function support.closest_on_triangle(p, a, b, c)
	local ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)
	local d1, d2 = dot(ab, ap), dot(ac, ap)
	if d1 <= 0 and d2 <= 0 then return a end
	local bp = sub(p, b)
	local d3, d4 = dot(ab, bp), dot(ac, bp)
	if d3 >= 0 and d4 <= d3 then return b end
	local vc = d1 * d4 - d3 * d2
	if vc <= 0 and d1 >= 0 and d3 <= 0 then return add(a, ab, d1 / (d1 - d3)) end
	local cp = sub(p, c)
	local d5, d6 = dot(ab, cp), dot(ac, cp)
	if d6 >= 0 and d5 <= d6 then return c end
	local vb = d5 * d2 - d1 * d6
	if vb <= 0 and d2 >= 0 and d6 <= 0 then return add(a, ac, d2 / (d2 - d6)) end
	local va = d3 * d6 - d5 * d4
	if va <= 0 and d4 - d3 >= 0 and d5 - d6 >= 0 then
		return add(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)))
	end
	local denom = 1 / (va + vb + vc)
	return add(add(a, ab, vb * denom), ac, vc * denom)
end

-- The mesh's triangles as vertex triples, in the mesh's (and the covering's) order, each with its
-- bounding box (lo, hi) and its edges from the first vertex (e1, e2), which the brute-force
-- oracles below read once instead of per query.
function support.triangle_list(m)
	local vertices, list = m:vertices(), {}
	for i, t in ipairs(m:triangles()) do
		local a, b, c = vertices[t[1]], vertices[t[2]], vertices[t[3]]
		list[i] = { a, b, c,
			lo = { math.min(a[1], b[1], c[1]), math.min(a[2], b[2], c[2]), math.min(a[3], b[3], c[3]) },
			hi = { math.max(a[1], b[1], c[1]), math.max(a[2], b[2], c[2]), math.max(a[3], b[3], c[3]) },
			e1 = sub(b, a), e2 = sub(c, a) }
	end
	return list
end

-- The distance from p to the nearest triangle, over every one. A triangle is no nearer than its
-- bounding box, so one whose box lies farther than the best distance so far is passed by: an
-- exact prefilter, the answer is the minimum over every triangle all the same. The triangle with
-- the nearest box goes first, so that the best distance is small from the start.
function support.brute_distance(triangles, p)
	local px, py, pz = p[1], p[2], p[3]
	local box_distances, first = {}, 1
	for i, t in ipairs(triangles) do
		local lo, hi = t.lo, t.hi
		local gx = lo[1] - px > 0 and lo[1] - px or (px - hi[1] > 0 and px - hi[1] or 0)
		local gy = lo[2] - py > 0 and lo[2] - py or (py - hi[2] > 0 and py - hi[2] or 0)
		local gz = lo[3] - pz > 0 and lo[3] - pz or (pz - hi[3] > 0 and pz - hi[3] or 0)
		box_distances[i] = math.sqrt(gx * gx + gy * gy + gz * gz)
		if box_distances[i] < box_distances[first] then first = i end
	end
	local t = triangles[first]
	local best = length(sub(support.closest_on_triangle(p, t[1], t[2], t[3]), p))
	for i, reach in ipairs(box_distances) do
		if reach <= best then
			t = triangles[i]
			best = math.min(best, length(sub(support.closest_on_triangle(p, t[1], t[2], t[3]), p)))
		end
	end
	return best
end

-- The first hit of the ray o + t d over every triangle (Moller-Trumbore), and whether some
-- triangle was grazed within a hair of its edges (where rounding may decide either way). The
-- vector arithmetic is written out (the same operations in the same order as sub, dot and
-- cross) so that a query allocates nothing per triangle.
function support.brute_ray(triangles, o, d, max_distance)
	local best, grazed = math.huge, false
	local dx, dy, dz = d[1], d[2], d[3]
	for _, t in ipairs(triangles) do
		local e1, e2 = t.e1, t.e2
		local px, py, pz = dy * e2[3] - dz * e2[2], dz * e2[1] - dx * e2[3], dx * e2[2] - dy * e2[1]
		local det = e1[1] * px + e1[2] * py + e1[3] * pz
		if det ~= 0 then
			local a = t[1]
			local sx, sy, sz = o[1] - a[1], o[2] - a[2], o[3] - a[3]
			local qx, qy, qz = sy * e1[3] - sz * e1[2], sz * e1[1] - sx * e1[3], sx * e1[2] - sy * e1[1]
			local u = (sx * px + sy * py + sz * pz) / det
			local v = (dx * qx + dy * qy + dz * qz) / det
			local hit = (e2[1] * qx + e2[2] * qy + e2[3] * qz) / det
			local margin = math.min(math.abs(u), math.abs(v), math.abs(1 - u - v), math.abs(hit))
			if margin < 1e-9 then grazed = true end
			if u >= 0 and v >= 0 and u + v <= 1 and hit >= 0 and hit <= max_distance then
				best = math.min(best, hit)
			end
		end
	end
	return best < math.huge and best or nil, grazed
end

return support
