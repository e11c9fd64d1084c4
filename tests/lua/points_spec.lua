-- collide.points buffers and the results buffers bulk queries return.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

describe("collide.points", function()
	it("copies a table of 2D rows", function()
		local pts = collide.points{ { 1, 2 }, { 3, 4 }, { x = 5, y = 6 } }
		assert.are.equal(3, #pts)
		assert.are.equal(2, pts:dim())
		assert.are.same({ 3, 4 }, { pts:get(2) })
		assert.are.same({ 5, 6 }, { pts:get(3) })
		assert.are.same({ { 1, 2 }, { 3, 4 }, { 5, 6 } }, pts:to_table())
		assert.are.equal("points(3, 2D)", tostring(pts))
	end)

	it("copies a table of 3D rows", function()
		local pts = collide.points{ { 1, 2, 3 }, { 4, 5, 6 } }
		assert.are.equal(3, pts:dim())
		assert.are.equal(2, #pts)
		assert.are.same({ 4, 5, 6 }, { pts:get(2) })
		assert.are.same({ 1, 2, 3 }, { collide.points{ { x = 1, y = 2, z = 3 } }:get(1) })
	end)

	it("makes an empty (zeroed) buffer of n rows and fills it with set", function()
		local pts = collide.points(3, 3)
		assert.are.equal(3, #pts)
		assert.are.equal(3, pts:dim())
		assert.are.same({ 0, 0, 0 }, { pts:get(3) })
		pts:set(3, 1.5, -2, 7)
		assert.are.same({ 1.5, -2, 7 }, { pts:get(3) })
		assert.are.equal(2, collide.points(5):dim())
		assert.are.equal(0, #collide.points(0))
		assert.are.equal(0, #collide.points{})
	end)

	it("checks indices and values with clear messages", function()
		local pts = collide.points(3, 2)
		assert.matches("bad argument #1 to 'get' (index 0 out of range 1..3)", error_of(function() return pts:get(0) end), 1, true)
		assert.matches("bad argument #1 to 'get' (index 4 out of range 1..3)", error_of(function() return pts:get(4) end), 1, true)
		assert.matches("bad argument #1 to 'set' (index -1 out of range 1..3)", error_of(function() pts:set(-1, 0, 0) end), 1, true)
		assert.matches("bad argument #1 to 'get' (number has no integer representation)", error_of(function() return pts:get(1.5) end), 1, true)
		assert.matches("bad argument #3 to 'set' (expected a finite number, got nan)", error_of(function() pts:set(1, 0, 0 / 0) end), 1, true)
		assert.matches("bad argument #2 to 'set' (number expected, got nil)", error_of(function() pts:set(1, nil, 0) end), 1, true)
		assert.matches("a 2D points buffer takes x, y only", error_of(function() pts:set(1, 0, 0, 0) end), 1, true)
		local pts3 = collide.points(1, 3)
		assert.matches("bad argument #4 to 'set' (number expected, got no value)", error_of(function() pts3:set(1, 0, 0) end), 1, true)
		assert.matches("bad argument #1 to 'get' (collide.points expected, got table)", error_of(function() return pts.get({}, 1) end), 1, true)
	end)

	it("rejects wrong table shapes, NaN and wrong arguments", function()
		assert.matches("bad argument #1 to 'points' (row 2: expected a point {x, y}, got a table of length 3)",
			error_of(function() return collide.points{ { 1, 2 }, { 1, 2, 3 } } end), 1, true)
		assert.matches("row 2: y is nan", error_of(function() return collide.points{ { 1, 2 }, { 1, 0 / 0 } } end), 1, true)
		assert.matches("row 1: x is infinite", error_of(function() return collide.points{ { math.huge, 2 } } end), 1, true)
		assert.matches("row 2: x must be a number, got string", error_of(function() return collide.points{ { 1, 2 }, { "1", 2 } } end), 1, true)
		assert.matches("row 3: expected a point {x, y}, got boolean", error_of(function() return collide.points{ { 1, 2 }, { 1, 2 }, true } end), 1, true)
		assert.matches("row 1: expected a point {x, y} or {x, y, z}, got number", error_of(function() return collide.points{ 1, 2 } end), 1, true)
		assert.matches("row 1: expected a point {x, y} or {x, y, z}, got a table of length 4", error_of(function() return collide.points{ { 1, 2, 3, 4 } } end), 1, true)
		assert.matches("bad argument #1 to 'points' (table of points or count expected, got no value)", error_of(function() return collide.points() end), 1, true)
		assert.matches("bad argument #1 to 'points' (table of points or count expected, got string)", error_of(function() return collide.points("10") end), 1, true)
		assert.matches("bad argument #1 to 'points' (count out of range)", error_of(function() return collide.points(-1) end), 1, true)
		assert.matches("bad argument #2 to 'points' (dimension must be 2 or 3)", error_of(function() return collide.points(4, 1) end), 1, true)
	end)

	it("is refused by a query of the wrong dimension", function()
		local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		assert.matches("bad argument #1 to 'contains_all' (expected 2D points, got 3D points)",
			error_of(function() return p:contains_all(collide.points(2, 3)) end), 1, true)
		assert.matches("bad argument #1 to 'contains_all' (collide.points or table of points expected, got number)",
			error_of(function() return p:contains_all(5) end), 1, true)
	end)
end)

describe("results buffers", function()
	local square = collide.polygon{ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }

	it("index as booleans, count the true ones and iterate with ipairs", function()
		local r = square:contains_all(collide.points{ { 0.5, 0.5 }, { 2, 2 }, { 1, 1 }, { -1, 0 } })
		assert.are.equal(4, #r)
		assert.is_true(r[1])
		assert.is_false(r[2])
		assert.is_true(r[3])
		assert.is_false(r[4])
		assert.is_nil(r[0])
		assert.is_nil(r[5])
		assert.is_nil(r.nothing)
		assert.are.equal(2, r:count())
		local seen = {}
		for i, v in ipairs(r) do seen[i] = v end
		assert.are.same({ true, false, true, false }, seen)
		assert.are.same(seen, r:to_table())
		assert.are.equal("results(4, 2 true)", tostring(r))
	end)

	it("are empty for an empty buffer", function()
		local r, stats = square:contains_all(collide.points(0))
		assert.are.equal(0, #r)
		assert.are.equal(0, r:count())
		assert.are.equal(0, stats.queries)
	end)

	it("survive garbage collection of the points they came from", function()
		local r = square:contains_all{ { 0.5, 0.5 } }
		collectgarbage("collect")
		assert.is_true(r[1])
	end)

	it("hold a million answers from one call", function()
		local n = 1000000
		local pts = collide.points(n, 2)
		for i = 1, n do
			local t = (i - 1) / n
			pts:set(i, 2 * t - 0.5, t) -- half of them inside the unit square
		end
		local r = square:contains_all(pts)
		assert.are.equal(n, #r)
		local inside = r:count()
		assert.is_true(math.abs(inside - n / 2) <= 2, "inside " .. inside)
		for i = 1, n, 4999 do
			assert.are.equal(square:contains(pts:get(i)), r[i], "point " .. i)
		end
	end)
end)
