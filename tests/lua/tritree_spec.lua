-- collide.tritree: build options, statistics, cones, tilings, regular envelopes, point location,
-- the DC-TT point, circle and pair queries (every pair method) against the brute-force oracles,
-- caches, traces, errors and lifetime.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of
local star_outline = support.star_outline
local random_points = support.random_points

local nan = 0 / 0

local c_outline = support.c_outline

local function ngon_outline(n, r)
	local points = {}
	for i = 0, n - 1 do
		local a = 2 * math.pi * i / n
		points[#points + 1] = { r * math.cos(a), r * math.sin(a) }
	end
	return points
end

-- A comb of five teeth: irregular, far from star-shaped.
local comb_outline = { { 0, 0 }, { 9, 0 }, { 9, 3 }, { 8, 3 }, { 8, 1 }, { 7, 1 }, { 7, 3 }, { 6, 3 }, { 6, 1 },
	{ 5, 1 }, { 5, 3 }, { 4, 3 }, { 4, 1 }, { 3, 1 }, { 3, 3 }, { 2, 3 }, { 2, 1 }, { 1, 1 }, { 1, 3 }, { 0, 3 } }

local shapes = {
	c_shape = c_outline,
	comb = comb_outline,
	star = star_outline(16, 10, 6),
	ngon = ngon_outline(64, 5),
}

describe("collide.tritree", function()
	it("builds with the defaults and reports its statistics", function()
		local poly = collide.polygon(shapes.star)
		local tree = collide.tritree(poly)
		local s = tree:stats()
		for _, key in ipairs{ "levels", "cones", "leaves", "triangles_stored", "duplicates", "max_leaf_triangles", "memory_bytes" } do
			assert.is_number(s[key], key)
		end
		assert.are.equal(s.cones, #tree)
		assert.are.equal(s.cones, tree:cone_count())
		assert.is_true(s.levels >= 1 and s.leaves >= 4 and s.memory_bytes > 0)
		local ax, ay = tree:apex()
		assert.is_true(math.abs(ax) < 1e-12 and math.abs(ay) < 1e-12, "the centroid of a symmetric star")
		assert.matches("^tritree%(%d+ levels, %d+ cones, %d+ leaves, 32 triangles%)$", tostring(tree))
	end)

	it("takes options: depth, leaf cones, minimum triangles, fitting and origin", function()
		local poly = collide.polygon(shapes.ngon)
		local full = collide.tritree(poly, { depth = 4, min_triangles = 0 })
		assert.are.equal(4, full:stats().levels)
		assert.are.equal(4 + 8 + 16 + 32, #full)
		for level = 1, 4 do
			assert.are.equal(2 ^ (level + 1), #full:cones(level), "level " .. level .. " of a fully split tree")
		end
		assert.are.equal(#full, #full:cones())
		local by_leaves = collide.tritree(poly, { leaf_cones = 16, min_triangles = 0 })
		assert.are.equal(3, by_leaves:stats().levels)
		local shallow = collide.tritree(poly, { depth = 5, min_triangles = 100 })
		assert.are.equal(1, shallow:stats().levels, "no cone holds more than 100 triangles")
		local raw = collide.tritree(poly, { depth = 3, fit_iterations = 0, min_triangles = 0 })
		local c = raw:cone(5)
		for _, k in ipairs{ 1, 2 } do -- no fitting keeps the raw triangle (up to outward rounding)
			local raw_end, env_end = c["raw" .. k], c["env" .. k]
			assert.is_true(math.abs(raw_end[1] - env_end[1]) < 1e-6 and math.abs(raw_end[2] - env_end[2]) < 1e-6)
		end
		local moved_apex = collide.tritree(poly, { origin = { 1, -1 } })
		assert.are.same({ 1, -1 }, { moved_apex:apex() })
		assert.are.same({ 1, -1 }, { moved_apex:covering():origin() })
	end)

	it("describes each cone: level, parent, children, rays, triangles and circle", function()
		local poly = collide.polygon(shapes.star)
		local tree = collide.tritree(poly, { depth = 3, min_triangles = 0 })
		local cov = tree:covering()
		for i = 1, 4 do
			local root = tree:cone(i)
			assert.are.equal(1, root.level)
			assert.is_nil(root.parent)
		end
		for i = 1, #tree do
			local cone = tree:cone(i)
			if cone.children then
				assert.is_false(cone.leaf)
				for _, child in ipairs(cone.children) do
					local c = tree:cone(child)
					assert.are.equal(i, c.parent)
					assert.are.equal(cone.level + 1, c.level)
				end
			else
				assert.is_true(cone.leaf)
			end
			for _, key in ipairs{ "ray1", "ray2", "raw1", "raw2", "env1", "env2" } do
				assert.are.equal(2, #cone[key], key)
			end
			assert.is_number(cone.circle.radius)
			assert.are.equal(2, #cone.circle.center)
			for _, t in ipairs(cone.triangles) do
				assert.is_true(t >= 1 and t <= #cov, "triangle index " .. t)
			end
		end
		-- the fitted triangle of a leaf holds the edges of the covering triangles it keeps
		local ax, ay = tree:apex()
		for _, i in ipairs(tree:cones(3)) do
			local cone = tree:cone(i)
			for _, t in ipairs(cone.triangles) do
				local tri = cov:triangle(t)
				local ends = {}
				for _, v in ipairs{ tri.a, tri.b } do
					if collide.barycentric.in_cone({ ax, ay }, cone.ray1, cone.ray2, v) then ends[#ends + 1] = v end
				end
				for _, v in ipairs(ends) do
					assert.are_not.equal("outside", collide.barycentric.locate({ ax, ay }, cone.env1, cone.env2, v),
						"cone " .. i .. " triangle " .. t)
				end
			end
		end
	end)

	it("tiles each level counter-clockwise with its cones and the leaves above it", function()
		local poly = collide.polygon(c_outline)
		local tree = collide.tritree(poly, { depth = 4, min_triangles = 2 })
		local levels = tree:stats().levels
		local ax, ay = tree:apex()
		for level = 1, levels do
			local tiling = tree:cones(level)
			local previous
			for k, i in ipairs(tiling) do
				local cone = tree:cone(i)
				assert.is_true(cone.level == level or (cone.leaf and cone.level < level), "level " .. level .. " cone " .. i)
				if previous then -- each cone starts where the previous one ended
					local p = tree:cone(previous)
					local cross = (p.ray2[1] - ax) * (cone.ray1[2] - ay) - (p.ray2[2] - ay) * (cone.ray1[1] - ax)
					local dot = (p.ray2[1] - ax) * (cone.ray1[1] - ax) + (p.ray2[2] - ay) * (cone.ray1[2] - ay)
					assert.is_true(math.abs(cross) < 1e-9 * math.abs(dot) and dot > 0, "level " .. level .. " at " .. k)
				end
				previous = i
			end
		end
		assert.matches("bad argument #1 to 'cones' (level 9 out of range 1..", error_of(function() return tree:cones(9) end), 1, true)
	end)

	it("gives a convex regular envelope around every vertex at each level", function()
		for name, outline in pairs(shapes) do
			local tree = collide.tritree(collide.polygon(outline), { min_triangles = 1 })
			for level = 1, tree:stats().levels do
				local envelope = tree:envelope(level)
				assert.are.equal(#tree:cones(level), #envelope, name .. " level " .. level)
				local hull = collide.polygon(envelope)
				for _, v in ipairs(outline) do
					assert.is_true(hull:contains(v[1], v[2]), name .. " level " .. level .. " vertex")
				end
				for k = 1, #envelope do
					local a, b, c = envelope[k], envelope[k % #envelope + 1], envelope[(k + 1) % #envelope + 1]
					local cross = (b[1] - a[1]) * (c[2] - b[2]) - (b[2] - a[2]) * (c[1] - b[1])
					assert.is_true(cross >= -1e-9, name .. " level " .. level .. " turns left at " .. k)
				end
			end
			assert.are.same(tree:envelope(tree:stats().levels), tree:envelope())
		end
	end)

	it("locates the leaf cone holding a point", function()
		local tree = collide.tritree(collide.polygon(shapes.star), { depth = 4, min_triangles = 0 })
		local ax, ay = tree:apex()
		local pts = random_points(collide.polygon(shapes.star), 200, 3)
		for i = 1, #pts do
			local x, y = pts:get(i)
			local leaf = tree:locate(x, y)
			local cone = tree:cone(leaf)
			assert.is_true(cone.leaf)
			assert.is_true(collide.barycentric.in_cone({ ax, ay }, cone.ray1, cone.ray2, { x, y }), "point " .. i)
		end
		assert.are.equal(tree:locate(3, 1), tree:locate{ 3, 1 })
	end)

	it("answers the C-shape acceptance cases", function()
		local tree = collide.tritree(collide.polygon(c_outline))
		support.check_c_shape(tree, tree:apex())
		assert.is_true(tree:contains{ 0, 3 }, "on a vertex")
		assert.is_false(tree:contains(-0.001, 1))
	end)

	it("agrees with poly:contains on 1000 points for every shape, with and without a cache", function()
		for name, outline in pairs(shapes) do
			local poly = collide.polygon(outline)
			for _, options in ipairs{ {}, { depth = 6, min_triangles = 1 }, { fit_iterations = 0 } } do
				local tree = collide.tritree(poly, options)
				local pts = random_points(poly, 1000, 21)
				local expected = poly:contains_all(pts)
				local results, stats = tree:contains_all(pts)
				local cache = tree:cache()
				local cached, cached_stats = tree:contains_all(pts, cache)
				assert.are.equal(1000, stats.queries)
				assert.are.equal(1000, cached_stats.queries)
				support.check_answers(name, pts, expected, results, cached)
				for i = 1, 1000, 37 do
					local x, y = pts:get(i)
					assert.are.equal(expected[i], tree:contains(x, y))
					assert.are.equal(expected[i], tree:contains(x, y, cache))
					local inside, s = tree:contains_stats(x, y)
					assert.are.equal(expected[i], inside)
					assert.are.equal(1, s.queries)
				end
			end
		end
	end)

	it("keeps the leaf in its cache along a trajectory", function()
		local poly = collide.polygon(shapes.star)
		local tree = collide.tritree(poly)
		local path = collide.trajectory(poly, { count = 20000, radius = 8 })
		local expected = poly:contains_all(path)
		local cache = tree:cache()
		local results, stats = tree:contains_all(path, cache)
		local _, cold = tree:contains_all(path)
		assert.are.equal(expected:count(), results:count())
		assert.is_true(stats.nodes_visited < cold.nodes_visited, stats.nodes_visited .. " cones with the cache, " .. cold.nodes_visited .. " without")
		-- a cache of the tree works with its covering, and the other way round
		local cov = tree:covering()
		local x, y = path:get(5)
		assert.are.equal(expected[5], cov:contains(x, y, "covering", cache))
		assert.are.equal(expected[5], tree:contains(x, y, cov:cache()))
	end)

	it("traces a point query from the root cone to the leaf and its triangles", function()
		local tree = collide.tritree(collide.polygon(shapes.star), { depth = 4, min_triangles = 0 })
		for _, p in ipairs{ { 1, 1 }, { 9.5, 0.1 }, { -3, 7 }, { 0.5, -8.2 } } do
			local inside, trace = tree:trace(p[1], p[2])
			assert.are.equal(tree:contains(p[1], p[2]), inside)
			assert.are.equal(1, tree:cone(trace.cones[1]).level)
			assert.are.equal(tree:locate(p[1], p[2]), trace.cones[#trace.cones])
			for k = 2, #trace.cones do
				assert.are.equal(trace.cones[k - 1], tree:cone(trace.cones[k]).parent)
			end
			local leaf = tree:cone(trace.cones[#trace.cones])
			local in_leaf = {}
			for _, t in ipairs(leaf.triangles) do in_leaf[t] = true end
			for _, t in ipairs(trace.triangles) do
				assert.is_true(in_leaf[t], "triangle " .. t .. " is the leaf's")
			end
			assert.is_nil(trace.truncated)
		end
	end)

	it("decides circles as the brute-force test does, and traces them", function()
		support.check_square_circles(collide.tritree(collide.polygon(support.square_outline)))
		for name, outline in pairs(shapes) do
			local poly = collide.polygon(outline)
			local t = collide.tritree(poly, { depth = 5, min_triangles = 2 })
			local cache = t:cache()
			support.each_random_circle(poly, 300, 13, function(circle, expected, i)
				assert.are.equal(expected, t:collides(circle), name .. " circle " .. i .. " " .. tostring(circle))
				assert.are.equal(expected, t:collides(circle, cache), name .. " cached circle " .. i)
				if i % 30 == 0 then
					local hit, trace, stats = t:collides_trace(circle)
					assert.are.equal(expected, hit)
					assert.is_table(trace.cones)
					assert.is_table(trace.triangles)
					assert.is_nil(trace.truncated)
					for _, c in ipairs(trace.cones) do
						assert.is_true(c >= 1 and c <= #t)
					end
					assert.is_true(stats.queries >= 1)
				end
			end)
		end
	end)

	it("decides polygon pairs by every pair method as the brute-force test does", function()
		local unit = support.unit_square
		local a, b = collide.tritree(collide.polygon(unit)), collide.tritree(collide.polygon(unit))
		local c = collide.tritree(collide.polygon(c_outline))
		local small = collide.tritree(collide.polygon(support.small_square))
		for _, method in ipairs{ "tritree", "cone_list", "covering", "default" } do
			assert.is_true(a:collides(b, { x = 0.5, y = 0.5 }, method), method)
			assert.is_false(a:collides(b, { x = 3 }, method), method)
			assert.is_true(c:collides(small, { x = 2, y = 0.4 }, method), method .. ": inside the bottom bar")
			assert.is_false(c:collides(small, { x = 2, y = 1.4 }, method), method .. ": in the notch")
		end
		assert.is_true(a:collides(b), "identity pose, default method")
		assert.is_true(a:collides(b, "cone_list"), "a method without a pose")
		local random = support.generator(17)
		for name, outline in pairs(shapes) do
			local poly = collide.polygon(outline)
			local ta = collide.tritree(poly, { depth = 4, min_triangles = 2 })
			local tb = collide.tritree(collide.polygon(c_outline), { depth = 3, min_triangles = 2 })
			local cache = ta:cache()
			support.each_random_pose(poly, 150, random, name, function(pose, expected, where)
				for _, method in ipairs{ "tritree", "cone_list", "covering" } do
					assert.are.equal(expected, ta:collides(tb, pose, method), where .. " " .. method)
					assert.are.equal(expected, ta:collides(tb, pose, method, cache), where .. " " .. method .. " cached")
				end
			end)
		end
		local hit, stats = a:collides_stats(b, { x = 0.5 }, "tritree")
		assert.is_true(hit)
		assert.is_true(stats.nodes_visited >= 1)
		local hit2, trace = c:collides_trace(small, { x = 2, y = 0.4 }, "cone_list")
		assert.is_true(hit2)
		assert.is_table(trace.cones)
	end)

	it("refuses methods, caches and arguments that do not fit", function()
		local poly = collide.polygon(c_outline)
		local a, b = collide.tritree(poly), collide.tritree(poly)
		assert.matches("bad argument #1 to 'tritree' (tritree: over its memory budget of 2000 bytes (options.max_memory)",
			error_of(function() return collide.tritree(collide.polygon(comb_outline), { max_memory = 2000 }) end), 1, true)
		assert.is_true(collide.tritree(collide.polygon(comb_outline), { max_memory = 1e6 }):stats().cones >= 4)
		assert.matches("tritree: max_memory must be a positive byte count", error_of(function()
			return collide.tritree(poly, { max_memory = -1 })
		end), 1, true)
		assert.matches("bad argument #3 to 'collides' (tritree: 'crossing' is not a tri-tree pair method",
			error_of(function() return a:collides(b, nil, "crossing") end), 1, true)
		assert.matches("bad argument #2 to 'collides' (unknown method 'dc'",
			error_of(function() return a:collides(b, "dc") end), 1, true)
		assert.matches("made for another covering or tri-tree",
			error_of(function() return a:collides(b, {}, "tritree", b:cache()) end), 1, true)
		assert.matches("made for another covering or tri-tree",
			error_of(function() return a:contains(1, 1, b:cache()) end), 1, true)
		assert.matches("made for another covering or tri-tree",
			error_of(function() return a:contains_all({ { 1, 1 } }, collide.covering(poly):cache()) end), 1, true)
		assert.matches("bad argument #2 to 'collides' (pose, method name or collide.cache expected, got number)",
			error_of(function() return a:collides(b, 5) end), 1, true)
		assert.matches("bad argument #1 to 'collides' (collide.circle or collide.tritree expected, got collide.polygon)",
			error_of(function() return a:collides(poly) end), 1, true)
		assert.matches("bad argument #1 to 'cone' (cone 0 out of range 1..", error_of(function() return a:cone(0) end), 1, true)
		assert.matches("number has no integer representation", error_of(function() return a:cone(1.5) end), 1, true)
		assert.matches("bad argument #1 to 'envelope' (level 0 out of range", error_of(function() return a:envelope(0) end), 1, true)
		assert.matches("expected a finite number, got nan", error_of(function() return a:contains(nan, 0) end), 1, true)
		assert.matches("expected a finite number, got nan", error_of(function() return a:locate(0, nan) end), 1, true)
		assert.matches("expected a finite number, got inf", error_of(function() return a:trace(math.huge, 0) end), 1, true)
		assert.matches("pose: angle is nan", error_of(function() return a:collides(b, { angle = nan }) end), 1, true)
		assert.matches("row 2: x is nan", error_of(function() return a:contains_all{ { 0, 0 }, { nan, 0 } } end), 1, true)
	end)

	it("rejects unknown, mistyped and out-of-range options with the engine's message", function()
		local poly = collide.polygon(c_outline)
		assert.matches("bad argument #2 to 'tritree' (tritree: unknown option 'dept' (expected leaf_cones, depth, min_triangles, fit_iterations, max_memory, origin))",
			error_of(function() return collide.tritree(poly, { dept = 3 }) end), 1, true)
		assert.matches("tritree: unknown option 1", error_of(function() return collide.tritree(poly, { 3 }) end), 1, true)
		assert.matches("bad argument #2 to 'tritree' (tritree: depth must be an integer, got 2.5)",
			error_of(function() return collide.tritree(poly, { depth = 2.5 }) end), 1, true)
		assert.matches("tritree: leaf_cones must be an integer, got string",
			error_of(function() return collide.tritree(poly, { leaf_cones = "8" }) end), 1, true)
		assert.matches("tritree: depth 1099511627776 is out of range",
			error_of(function() return collide.tritree(poly, { depth = 2 ^ 40 }) end), 1, true)
		assert.matches("bad argument #2 to 'tritree' (tritree: depth 31 is outside 1..30)",
			error_of(function() return collide.tritree(poly, { depth = 31 }) end), 1, true)
		assert.matches("tritree: fit_iterations 65 is outside 0..64",
			error_of(function() return collide.tritree(poly, { fit_iterations = 65 }) end), 1, true)
		assert.matches("tritree: min_triangles is negative (-1)",
			error_of(function() return collide.tritree(poly, { min_triangles = -1 }) end), 1, true)
		assert.matches("tritree: leaf_cones is negative (-4)",
			error_of(function() return collide.tritree(poly, { leaf_cones = -4 }) end), 1, true)
		assert.matches("tritree: origin: y is nan",
			error_of(function() return collide.tritree(poly, { origin = { 0, nan } }) end), 1, true)
		assert.matches("tritree: the origin is not a finite coordinate in range",
			error_of(function() return collide.tritree(poly, { origin = { 0, 1e31 } }) end), 1, true)
		assert.matches("bad argument #2 to 'tritree' (table expected, got string)",
			error_of(function() return collide.tritree(poly, "deep") end), 1, true)
		assert.matches("bad argument #1 to 'tritree' (collide.polygon expected, got table)",
			error_of(function() return collide.tritree(c_outline) end), 1, true)
	end)

	it("survives any garbage arguments without crashing", function()
		local poly = collide.polygon(c_outline)
		local tree = collide.tritree(poly)
		local garbage = { nil, true, 0, 1, -1, 2 ^ 40, nan, "x", "tritree", {}, { 1 }, { x = 1 }, poly, tree,
			tree:cache(), tree:covering(), collide.circle(0, 0, 1), collide.points(2, 2), print }
		local calls = 0
		for name, f in pairs(getmetatable(tree)) do
			if type(f) == "function" and name ~= "__gc" and name ~= "close" and name ~= "__close" then
				for i = 1, #garbage + 1 do
					for j = 1, #garbage + 1, 2 do
						pcall(f, tree, garbage[i], garbage[j], garbage[(i * j) % #garbage + 1])
						calls = calls + 1
					end
				end
			end
		end
		assert.is_true(calls > 100)
		assert.is_true(tree:contains(0.5, 0.5), "still working")
	end)

	it("owns its covering: the view keeps the tree alive and closes with it", function()
		local poly = collide.polygon(c_outline)
		local view = collide.tritree(poly):covering()
		collectgarbage("collect")
		collectgarbage("collect")
		assert.is_true(view:contains(0.5, 0.5), "the tree is kept alive by its covering")
		assert.are.equal(8, #view)
		local tree = collide.tritree(poly)
		local cov = tree:covering()
		assert.are.equal(cov, tree:covering(), "the same value every time")
		cov:close() -- a view does not free its tree's covering
		assert.is_true(cov:contains(0.5, 0.5))
		local cache = tree:cache()
		assert.matches("^cache%(for a tri%-tree of 8 triangles%)$", tostring(cache))
		tree:close()
		tree:close()
		assert.are.equal("tritree(closed)", tostring(tree))
		assert.are.equal("covering(of a closed tri-tree)", tostring(cov))
		assert.matches("tritree is closed", error_of(function() return tree:contains(0.5, 0.5) end), 1, true)
		assert.matches("covering: its tri-tree is closed", error_of(function() return cov:contains(0.5, 0.5) end), 1, true)
		assert.matches("cache(for a closed tri-tree)", tostring(cache), 1, true)
		local other = collide.tritree(poly)
		assert.matches("it was made for is closed", error_of(function() return other:contains(1, 1, cache) end), 1, true)
		do
			local scoped <close> = collide.tritree(poly)
			assert.is_true(scoped:contains(0.5, 0.5))
		end
		collectgarbage("collect")
	end)
end)

describe("tritree pair traces", function()
	it("name the edge pair that met", function()
		local collide = require "collide"
		local square = collide.polygon{ {0, 0}, {1, 0}, {1, 1}, {0, 1} }
		local a, b = collide.tritree(square), collide.tritree(square)
		for _, method in ipairs{ "tritree", "cone_list" } do
			-- b's centre (1.4, 1.4) lies outside a, so edges decide for both methods
			local hit, trace = a:collides_trace(b, { x = 0.9, y = 0.9, angle = 0 }, method)
			assert.is_true(hit)
			assert.is_table(trace.hit)
			local ta, tb = a:covering():triangle(trace.hit.a), b:covering():triangle(trace.hit.b)
			assert.is_true(collide.barycentric.segments(ta.a, ta.b,
				{ tb.a[1] + 0.9, tb.a[2] + 0.9 }, { tb.b[1] + 0.9, tb.b[2] + 0.9 }))
			local miss, far = a:collides_trace(b, { x = 3, y = 0, angle = 0 }, method)
			assert.is_false(miss)
			assert.is_nil(far.hit)
		end
	end)
end)
