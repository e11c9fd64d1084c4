-- collide.polygon: construction, queries, holes, bulk queries, statistics and lifetime.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local square = { { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }

describe("collide.polygon", function()
	it("answers the issue's acceptance one-liner", function()
		assert.is_true(collide.polygon{ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }:contains(1, 1))
	end)

	it("runs the acceptance one-liner in a stock lua5.4 process", function()
		local build = os.getenv("COLLIDE_BUILD_DIR")
		if not build then
			pending("COLLIDE_BUILD_DIR not set (run through ctest)")
			return
		end
		local line = [[package.cpath="build/lua/?.so;"..package.cpath; local c=require"collide"; print(c.polygon{{0,0},{4,0},{4,4},{0,4}}:contains(1,1))]]
		line = line:gsub("build/lua", build .. "/lua")
		local pipe = assert(io.popen("env -u LUA_CPATH lua5.4 -e '" .. line .. "' 2>&1"))
		local output = pipe:read("a")
		pipe:close()
		assert.are.equal("true\n", output)
	end)

	it("classifies inside, outside and boundary points; the boundary counts as inside", function()
		local p = collide.polygon(square)
		assert.is_true(p:contains(1, 1))
		assert.is_false(p:contains(5, 1))
		assert.is_false(p:contains(-0.001, 2))
		assert.is_true(p:contains(4, 2))   -- on an edge
		assert.is_true(p:contains(4, 4))   -- on a vertex
		assert.is_true(p:on_boundary(4, 2))
		assert.is_true(p:on_boundary(0, 0))
		assert.is_false(p:on_boundary(1, 1))
	end)

	it("takes a point as a table, and crossing or winding as the method", function()
		local p = collide.polygon(square)
		assert.is_true(p:contains{ 2, 2 })
		assert.is_true(p:contains({ x = 2, y = 3 }))
		assert.is_false(p:contains({ 9, 9 }, "winding"))
		for _, method in ipairs{ "crossing", "winding", "default" } do
			assert.is_true(p:contains(3, 3, method), method)
			assert.is_false(p:contains(-3, 3, method), method)
			assert.is_true(p:contains(0, 2, method), method .. " on the boundary")
		end
	end)

	it("gives the same answer by crossing and winding on a concave polygon", function()
		-- a C shape whose centroid lies outside it
		local c = collide.polygon{ { 0, 0 }, { 3, 0 }, { 3, 1 }, { 1, 1 }, { 1, 2 }, { 3, 2 }, { 3, 3 }, { 0, 3 } }
		assert.is_false(c:contains(2, 1.5))
		assert.is_true(c:contains(0.5, 1.5))
		for i = 0, 30 do
			for j = 0, 30 do
				local x, y = i / 10, j / 10
				assert.are.equal(c:contains(x, y, "crossing"), c:contains(x, y, "winding"))
			end
		end
	end)

	it("reports area, bounds, vertex counts and #p", function()
		local p = collide.polygon{ { 1, 1 }, { 5, 1 }, { 5, 3 }, { 1, 3 } }
		assert.are.equal(8, p:area())
		local minx, miny, maxx, maxy = p:bounds()
		assert.are.same({ 1, 1, 5, 3 }, { minx, miny, maxx, maxy })
		assert.are.equal(4, p:vertex_count())
		assert.are.equal(4, #p)
		assert.are.equal(1, p:contour_count())
		assert.matches("^polygon%(4 vertices, 0 holes, area 8", tostring(p))
	end)

	it("normalises orientation: a clockwise outer contour comes back counter-clockwise", function()
		local p = collide.polygon{ { 0, 0 }, { 0, 4 }, { 4, 4 }, { 4, 0 } }
		assert.are.equal(16, p:area())
		local outer = p:contours()[1]
		assert.are.equal(4, #outer)
		local twice = 0
		for i = 1, #outer do
			local a, b = outer[i], outer[i % #outer + 1]
			twice = twice + a[1] * b[2] - b[1] * a[2]
		end
		assert.is_true(twice > 0, "outer contour counter-clockwise")
	end)

	it("supports holes: a point in a hole is outside, on a hole's edge inside", function()
		local hole = { { 2, 2 }, { 4, 2 }, { 4, 4 }, { 2, 4 } }
		local p = collide.polygon({ { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } }, { holes = { hole } })
		assert.is_false(p:contains(3, 3))
		assert.is_true(p:contains(1, 1))
		assert.is_true(p:contains(2, 3)) -- on the hole's boundary
		assert.is_false(p:contains(3, 3, "winding"))
		assert.are.equal(96, p:area())
		assert.are.equal(8, #p)
		assert.are.equal(2, p:contour_count())
		local contours = p:contours()
		assert.are.equal(2, #contours)
		assert.are.equal(4, #contours[2])
		assert.matches("1 hole,", tostring(p), 1, true)
	end)

	it("accepts a 2D points buffer as a contour", function()
		local pts = collide.points(4, 2)
		pts:set(1, 0, 0); pts:set(2, 2, 0); pts:set(3, 2, 2); pts:set(4, 0, 2)
		local p = collide.polygon(pts)
		assert.is_true(p:contains(1, 1))
		assert.are.equal(4, p:area())
	end)

	it("takes thousands of holes, as tables or points buffers, and survives a collection", function()
		-- a 50 x 50 grid of unit square holes in a square of side 101: 2,500 holes, each read into a
		-- buffer that must stay alive until the polygon is built (once overflowed Lua's stack)
		local side, tables, buffers = 50, {}, {}
		for i = 0, side - 1 do
			for j = 0, side - 1 do
				local x, y = 1 + 2 * i, 1 + 2 * j
				local hole = { { x, y }, { x, y + 1 }, { x + 1, y + 1 }, { x + 1, y } }
				tables[#tables + 1] = hole
				buffers[#buffers + 1] = collide.points(hole)
			end
		end
		local outer = { { 0, 0 }, { 2 * side + 1, 0 }, { 2 * side + 1, 2 * side + 1 }, { 0, 2 * side + 1 } }
		for _, holes in ipairs { tables, buffers } do
			local p = collide.polygon(outer, { holes = holes })
			collectgarbage()
			collectgarbage()
			assert.matches("2500 holes,", tostring(p), 1, true)
			assert.is_false(p:contains(1.5, 1.5))
			assert.is_false(p:contains(99.5, 99.5))
			assert.is_true(p:contains(2.5, 2.5))
			assert.are.equal((2 * side + 1) ^ 2 - side * side, p:area())
		end
	end)

	it("returns statistics beside the answer", function()
		local p = collide.polygon(square)
		local inside, stats = p:contains_stats(1, 1)
		assert.is_true(inside)
		assert.are.equal(1, stats.queries)
		assert.is_true(stats.primitives_tested >= 1)
		assert.is_number(stats.nodes_visited)
		local outside = p:contains_stats({ 9, 9 }, "winding")
		assert.is_false(outside)
	end)

	it("answers a million points in one contains_all call, matching single queries", function()
		local p = collide.polygon{ { 0, 0 }, { 10, 0 }, { 10, 10 }, { 5, 4 }, { 0, 10 } }
		local n = 1000000
		local pts = collide.points(n, 2)
		local seed = 12345
		local function random() -- a small LCG, so a failure can be replayed
			seed = (seed * 1103515245 + 12345) % 2147483648
			return seed / 2147483648
		end
		for i = 1, n do
			pts:set(i, random() * 12 - 1, random() * 12 - 1)
		end
		local results, stats = p:contains_all(pts)
		assert.are.equal(n, #results)
		assert.are.equal(n, stats.queries)
		local inside = results:count()
		assert.is_true(inside > 0 and inside < n)
		-- the area ratio: 70 of 144 square units
		assert.is_true(math.abs(inside / n - 70 / 144) < 0.01, "inside fraction " .. inside / n)
		for i = 1, n, 997 do
			local x, y = pts:get(i)
			assert.are.equal(p:contains(x, y), results[i], "point " .. i)
		end
		local winding = p:contains_all(pts, "winding")
		assert.are.equal(inside, winding:count())
	end)

	it("takes a plain table of points in contains_all", function()
		local p = collide.polygon(square)
		local r, stats = p:contains_all{ { 1, 1 }, { 5, 5 }, { 4, 4 } }
		assert.are.same({ true, false, true }, r:to_table())
		assert.are.equal(3, stats.queries)
	end)

	it("tests intersection with polygons, circles and segments", function()
		local p = collide.polygon(square)
		local q = collide.polygon{ { 4, 4 }, { 6, 4 }, { 6, 6 } } -- touches at a corner
		local far = collide.polygon{ { 10, 10 }, { 11, 10 }, { 11, 11 } }
		local inner = collide.polygon{ { 1, 1 }, { 2, 1 }, { 2, 2 } } -- inside, no edge crossing
		assert.is_true(p:intersects(q))
		assert.is_false(p:intersects(far))
		assert.is_true(p:intersects(inner))
		assert.is_true(inner:intersects(p))
		assert.is_true(p:intersects(collide.circle(5, 2, 1)))   -- tangent
		assert.is_false(p:intersects(collide.circle(6, 2, 1)))
		assert.is_true(p:intersects(collide.segment(-1, 2, 1, 2)))
		assert.is_false(p:intersects(collide.segment(5, 0, 5, 4)))
	end)

	it("rejects self-intersecting input with the engine's message", function()
		local message = error_of(function()
			return collide.polygon{ { 0, 0 }, { 4, 0 }, { 0, 4 }, { 4, 4 } }
		end)
		assert.matches("bad argument #1 to 'polygon' (polygon: ", message, 1, true)
		assert.matches("cross", message, 1, true)
	end)

	it("accepts a hole whose corner touches the outer contour's edge, splitting that edge there", function()
		local square = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } }
		local notched = collide.polygon(square, { holes = { { { 8, 4 }, { 10, 5 }, { 8, 6 } } } })
		assert.equals(8, #notched) -- 4 + 3 + the split point on the edge x = 10
		assert.is_true(notched:contains(10, 5))
		assert.is_false(notched:contains(9, 5))
		assert.is_true(notched:contains(10, 4.5))
		for _, method in ipairs{ "grid", "quadtree", "covering", "tritree" } do
			assert.is_false(notched:contains(9, 5, method), method)
			assert.is_true(notched:contains(9.5, 2, method), method)
		end
		assert.matches("hole 1 lies outside the outer contour", error_of(function()
			return collide.polygon(square, { holes = { { { 12, 4 }, { 12, 6 }, { 10, 5 } } } })
		end), 1, true)
	end)

	it("orients a contour through its lowest vertex twice, so every method agrees (issue 24)", function()
		local outline = { { -89, 0 }, { -44, 127 }, { -1, -1 }, { -1, 6 }, { 0, -1 }, { -1, -1 } }
		for _, scale in ipairs{ 1, 1e15, 1e-15 } do
			local points = {}
			for i, q in ipairs(outline) do points[i] = { q[1] * scale, q[2] * scale } end
			local p = collide.polygon(points)
			assert.is_true(p:area() > 0, tostring(scale))
			for _, method in ipairs{ "crossing", "winding", "covering", "tritree", "grid", "quadtree" } do
				assert.is_true(p:contains(-65 * scale, 47 * scale, method), method .. " at scale " .. scale)
				assert.is_false(p:contains(-0.5 * scale, 8 * scale, method), method .. " at scale " .. scale)
			end
		end
		assert.equals(5614, collide.polygon(outline):area())
	end)

	it("refuses a hole that passes out of the outer contour through a shared vertex (issue 24)", function()
		local message = error_of(function()
			return collide.polygon({ { -60, 66 }, { -1, 12 }, { 0, 0 }, { -9, -36 } },
				{ holes = { { { -1, -1 }, { -1, 0 }, { 5, 0 }, { 4, 1 }, { 3, 4 }, { 1, 1 }, { 0, 0 } } } })
		end)
		assert.matches("bad argument #1 to 'polygon' (polygon: ", message, 1, true)
		assert.matches("passes through (0, 0) twice", message, 1, true)
		assert.matches("cross there", message, 1, true)
	end)

	it("rejects degenerate input and a hole outside the polygon", function()
		assert.matches("bad argument #1 to 'polygon'", error_of(function()
			return collide.polygon{ { 0, 0 }, { 4, 0 } }
		end), 1, true)
		assert.matches("bad argument #1 to 'polygon'", error_of(function()
			return collide.polygon{ { 0, 0 }, { 1, 1 }, { 2, 2 } } -- zero area
		end), 1, true)
		local message = error_of(function()
			return collide.polygon({ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } },
				{ holes = { { { 5, 5 }, { 6, 5 }, { 6, 6 } } } })
		end)
		assert.matches("bad argument #1 to 'polygon' (polygon: ", message, 1, true)
		assert.matches("hole", message, 1, true)
	end)

	it("releases with <close> and after close() says so instead of crashing", function()
		do
			local p <close> = collide.polygon(square)
			assert.is_true(p:contains(1, 1))
		end
		local p = collide.polygon(square)
		p:close()
		p:close() -- twice is harmless
		assert.are.equal("polygon(closed)", tostring(p))
		assert.matches("polygon is closed", error_of(function() return p:contains(1, 1) end), 1, true)
		-- collect many polygons, some closed, some not
		for _ = 1, 200 do
			local q = collide.polygon(square)
			if math.random() < 0.5 then q:close() end
		end
		collectgarbage("collect")
		collectgarbage("collect")
	end)
end)
