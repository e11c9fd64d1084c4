-- collide.trajectory: the circular and linear paths of source 000's study (4.8) as points
-- buffers: counts, geometry, determinism per seed, hit rates, options and errors.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0

local function star(n, outer, inner, cx, cy)
	local points = {}
	for i = 0, 2 * n - 1 do
		local a = math.pi * i / n
		local r = i % 2 == 0 and outer or inner
		points[#points + 1] = { cx + r * math.cos(a), cy + r * math.sin(a) }
	end
	return collide.polygon(points)
end

local function same_buffers(a, b)
	if #a ~= #b then return false end
	for i = 1, #a do
		local ax, ay = a:get(i)
		local bx, by = b:get(i)
		if ax ~= bx or ay ~= by then return false end
	end
	return true
end

describe("collide.trajectory", function()
	local poly = star(16, 10, 6, 5, 5) -- box [-5, 15] x [-5, 15] (tips on the axes), size 20

	it("makes 90000 circular and 9000 linear positions by default", function()
		local circular = collide.trajectory(poly)
		assert.are.equal(90000, #circular)
		assert.are.equal(2, circular:dim())
		assert.are.equal(90000, #collide.trajectory(poly, { kind = "circular" }))
		assert.are.equal(9000, #collide.trajectory(poly, { kind = "linear" }))
		assert.are.equal(123, #collide.trajectory(poly, { count = 123 }))
		assert.are.equal(1, #collide.trajectory(poly, { kind = "linear", count = 1 }))
	end)

	it("goes once around the box's centre, the loop closing on its start", function()
		local path = collide.trajectory(poly, { jitter = 0, count = 1000 })
		-- default radius: the farthest vertex (10 from the centre) plus the jitter (0 here)
		for i = 1, #path do
			local x, y = path:get(i)
			assert.is_true(math.abs(math.sqrt((x - 5) ^ 2 + (y - 5) ^ 2) - 10) < 1e-9, "position " .. i)
		end
		local x1, y1 = path:get(1)
		assert.is_true(math.abs(x1 - 15) < 1e-12 and math.abs(y1 - 5) < 1e-12, "starts at angle 0")
		local qx, qy = path:get(251)
		assert.is_true(math.abs(qx - 5) < 1e-9 and math.abs(qy - 15) < 1e-9, "counter-clockwise")
		-- the last position is one step before the first: the next step would be the start
		local xn, yn = path:get(#path)
		local a = -2 * math.pi / 1000
		assert.is_true(math.abs(xn - (5 + 10 * math.cos(a))) < 1e-9 and math.abs(yn - (5 + 10 * math.sin(a))) < 1e-9)
		-- an explicit radius, and the jitter bound: |dx|, |dy| <= jitter * size
		local jittered = collide.trajectory(poly, { radius = 12, jitter = 0.05, count = 1000 })
		for i = 1, #jittered do
			local jx, jy = jittered:get(i)
			local t = 2 * math.pi * (i - 1) / 1000
			assert.is_true(math.abs(jx - (5 + 12 * math.cos(t))) <= 1 + 1e-9, "x jitter " .. i)
			assert.is_true(math.abs(jy - (5 + 12 * math.sin(t))) <= 1 + 1e-9, "y jitter " .. i)
		end
	end)

	it("steps along x across the box from 0.1 size left to 0.1 size right", function()
		local path = collide.trajectory(poly, { kind = "linear", count = 11, jitter = 0 })
		for i = 1, 11 do
			local x, y = path:get(i)
			assert.is_true(math.abs(x - (-7 + 24 * (i - 1) / 10)) < 1e-9, "x at " .. i)
			assert.is_true(math.abs(y - 13) < 1e-9, "default height: 0.4 of the box above its centre")
		end
		local at = collide.trajectory(poly, { kind = "linear", y = 2, jitter = 0.1, count = 500 })
		local moved = false
		for i = 1, #at do
			local _, y = at:get(i)
			assert.is_true(math.abs(y - 2) <= 2 + 1e-9, "y jitter at " .. i)
			moved = moved or y ~= 2
		end
		assert.is_true(moved)
	end)

	it("goes around a circle too", function()
		local path = collide.trajectory(collide.circle(1, 2, 3), { jitter = 0, count = 100 })
		for i = 1, #path do
			local x, y = path:get(i)
			assert.is_true(math.abs(math.sqrt((x - 1) ^ 2 + (y - 2) ^ 2) - 3) < 1e-9)
		end
		local line = collide.trajectory(collide.circle(1, 2, 3), { kind = "linear", jitter = 0, count = 2 })
		assert.are.same({ -2.6, 2 + 0.4 * 6 }, { line:get(1) })
	end)

	it("is deterministic per seed", function()
		for _, kind in ipairs{ "circular", "linear" } do
			local a = collide.trajectory(poly, { kind = kind, seed = 42, count = 5000 })
			local b = collide.trajectory(poly, { kind = kind, seed = 42, count = 5000 })
			local c = collide.trajectory(poly, { kind = kind, seed = 43, count = 5000 })
			assert.is_true(same_buffers(a, b), kind .. ": the same seed, the same path")
			assert.is_false(same_buffers(a, c), kind .. ": another seed, another path")
			assert.is_true(same_buffers(collide.trajectory(poly, { kind = kind, count = 5000 }),
				collide.trajectory(poly, { kind = kind, count = 5000, seed = 1 })), kind .. ": seed 1 by default")
		end
		-- the first position of seed 1, so a change of generator shows
		local x, y = collide.trajectory(poly, { count = 2 }):get(1)
		assert.is_true(math.abs(x - 15.2) <= 0.2 + 1e-12 and math.abs(y - 5) <= 0.2 + 1e-12)
	end)

	it("hits a star-shaped polygon rarely on the circular path and sometimes on the linear one", function()
		for _, shape in ipairs{ poly, star(5, 1, 0.4, 0, 0), star(64, 1, 0.8, 0, 0) } do
			local circular = shape:contains_all(collide.trajectory(shape))
			local linear = shape:contains_all(collide.trajectory(shape, { kind = "linear" }))
			local c, l = circular:count() / #circular, linear:count() / #linear
			assert.is_true(c < 0.05, "circular hit rate " .. c)
			assert.is_true(l > 0 and l < 0.5, "linear hit rate " .. l)
		end
		local c, l = poly:contains_all(collide.trajectory(poly)), poly:contains_all(collide.trajectory(poly, { kind = "linear" }))
		assert.is_true(l:count() / #l > 0.05 and l:count() / #l < 0.2, "16-spike star, linear: " .. l:count() / #l)
		assert.is_true(c:count() / #c < 0.01, "16-spike star, circular: " .. c:count() / #c)
	end)

	it("rejects bad shapes and options", function()
		assert.matches("bad argument #1 to 'trajectory' (collide.polygon or collide.circle expected, got table)",
			error_of(function() return collide.trajectory{ { 0, 0 }, { 1, 0 }, { 0, 1 } } end), 1, true)
		local cases = {
			{ { kind = "spiral" }, "trajectory: kind must be 'circular' or 'linear', got 'spiral'" },
			{ { kind = 1 }, "kind must be 'circular' or 'linear', got number" },
			{ { count = 0 }, "trajectory: count must be an integer in 1..17179869184, got 0" },
			{ { count = 2.5 }, "count must be an integer in 1..17179869184, got 2.5" },
			{ { count = "9" }, "count must be an integer" },
			{ { seed = 0.5 }, "trajectory: seed must be an integer, got 0.5" },
			{ { jitter = -1 }, "trajectory: jitter must be >= 0.0, got -1.0" },
			{ { jitter = nan }, "trajectory: jitter is nan" },
			{ { radius = -2 }, "trajectory: radius must be >= 0.0" },
			{ { radius = math.huge }, "trajectory: radius is infinite" },
			{ { kind = "linear", y = nan }, "trajectory: y is nan" },
			{ { y = 1 }, "trajectory: y is for a linear trajectory" },
			{ { kind = "linear", radius = 1 }, "trajectory: radius is for a circular trajectory" },
			{ { speed = 1 }, "trajectory: unknown option 'speed' (expected kind, count, jitter, radius, y, seed)" },
		}
		for _, case in ipairs(cases) do
			local message = error_of(function() return collide.trajectory(poly, case[1]) end)
			assert.matches("bad argument #2 to 'trajectory' (", message, 1, true)
			assert.matches(case[2], message, 1, true)
		end
		assert.matches("bad argument #2 to 'trajectory' (table expected, got string)",
			error_of(function() return collide.trajectory(poly, "linear") end), 1, true)
		local closed = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		closed:close()
		assert.matches("polygon is closed", error_of(function() return collide.trajectory(closed) end), 1, true)
	end)
end)
