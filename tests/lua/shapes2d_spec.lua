-- collide.segment and collide.circle: constructors, fields (read and write), queries, dispatch.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

describe("collide.circle", function()
	it("is made from numbers, an array or named fields", function()
		for _, c in ipairs{
			collide.circle(1, 2, 3),
			collide.circle{ 1, 2, 3 },
			collide.circle{ center = { 1, 2 }, radius = 3 },
		} do
			assert.are.equal(1, c.x)
			assert.are.equal(2, c.y)
			assert.are.equal(3, c.r)
			assert.are.equal(3, c.radius)
			assert.are.same({ 1, 2 }, c.center)
			assert.are.same({ 1, 2, 3 }, { c:unpack() })
		end
		assert.are.equal(collide.circle(1, 2, 3), collide.circle{ 1, 2, 3 })
		assert.are_not.equal(collide.circle(1, 2, 3), collide.circle(1, 2, 4))
		assert.are.equal("circle((1.0, 2.0), r=3.0)", tostring(collide.circle(1, 2, 3)))
	end)

	it("contains its boundary and not beyond", function()
		local c = collide.circle(0, 0, 1)
		assert.is_true(c:contains(0, 0))
		assert.is_true(c:contains(1, 0))
		assert.is_true(c:contains{ 0, -1 })
		assert.is_false(c:contains(1, 0.001))
	end)

	it("moves by assignment and by move_to, as a script does every frame", function()
		local c = collide.circle(0, 0, 1)
		local box = collide.polygon{ { 10, 10 }, { 12, 10 }, { 12, 12 }, { 10, 12 } }
		assert.is_false(c:intersects(box))
		c.x, c.y = 11, 11
		assert.is_true(c:intersects(box))
		assert.is_true(c:move_to(0, 0) == c)
		assert.is_false(c:intersects(box))
		c:move_to{ 9, 11 }
		assert.is_true(c:intersects(box)) -- tangent to the left edge
		c.center = { 0, 0 }
		c.r = 20
		assert.is_true(c:intersects(box))
		assert.are.same({ 0, 0, 20 }, { c:unpack() })
	end)

	it("validates assignments: numbers only, finite, radius not negative, known fields", function()
		local c = collide.circle(0, 0, 1)
		assert.matches("circle.x: expected a finite number, got nan", error_of(function() c.x = 0 / 0 end), 1, true)
		assert.matches("circle.y: expected a number, got string", error_of(function() c.y = "1" end), 1, true)
		assert.matches("circle.r: expected a finite number, got inf", error_of(function() c.r = math.huge end), 1, true)
		assert.matches("radius", error_of(function() c.r = -1 end), 1, true)
		assert.matches("circle has no field 'z'", error_of(function() c.z = 1 end), 1, true)
		assert.matches("circle.center: expected a point {x, y}, got nil", error_of(function() c.center = nil end), 1, true)
		assert.are.same({ 0, 0, 1 }, { c:unpack() }) -- unchanged by the failed writes
	end)

	it("intersects circles, segments and polygons; touching counts", function()
		local c = collide.circle(0, 0, 1)
		assert.is_true(c:intersects(collide.circle(2, 0, 1)))
		assert.is_false(c:intersects(collide.circle(2.001, 0, 1)))
		assert.is_true(c:intersects(collide.segment(1, -5, 1, 5)))
		assert.is_false(c:intersects(collide.segment(1.5, -5, 1.5, 5)))
		assert.is_true(c:intersects(collide.polygon{ { -5, -5 }, { 5, -5 }, { 5, 5 }, { -5, 5 } }))
		assert.is_false(c:intersects(collide.polygon{ { 3, 3 }, { 5, 3 }, { 5, 5 } }))
	end)

	it("rejects bad constructors with clear messages", function()
		assert.matches("bad argument #1 to 'circle' (circle: ", error_of(function() return collide.circle(0, 0, -1) end), 1, true)
		assert.matches("bad argument #3 to 'circle' (number expected, got no value)", error_of(function() return collide.circle(0, 0) end), 1, true)
		assert.matches("bad argument #2 to 'circle' (expected a finite number, got nan)", error_of(function() return collide.circle(0, 0 / 0, 1) end), 1, true)
		assert.matches("got a table of length 2", error_of(function() return collide.circle{ 1, 2 } end), 1, true)
		assert.matches("circle: r must be a number, got string", error_of(function() return collide.circle{ 1, 2, "3" } end), 1, true)
		assert.matches("circle: radius must be a number, got nil", error_of(function() return collide.circle{ center = { 1, 2 } } end), 1, true)
		assert.matches("bad argument #1 to 'circle' (number expected, got nil)", error_of(function() return collide.circle(nil) end), 1, true)
	end)
end)

describe("collide.segment", function()
	it("is made from four numbers, two points or named ends", function()
		for _, s in ipairs{
			collide.segment(0, 1, 2, 3),
			collide.segment{ { 0, 1 }, { 2, 3 } },
			collide.segment{ a = { 0, 1 }, b = { x = 2, y = 3 } },
		} do
			assert.are.same({ 0, 1 }, s.a)
			assert.are.same({ 2, 3 }, s.b)
			assert.are.same({ 0, 1, 2, 3 }, { s.x1, s.y1, s.x2, s.y2 })
			assert.are.equal(collide.segment(0, 1, 2, 3), s)
		end
		assert.are.equal("segment((0.0, 1.0), (2.0, 3.0))", tostring(collide.segment(0, 1, 2, 3)))
		assert.are.equal(5, collide.segment(0, 0, 3, 4):length())
	end)

	it("contains points on it and intersects other segments exactly", function()
		local s = collide.segment(0, 0, 4, 4)
		assert.is_true(s:contains(2, 2))
		assert.is_true(s:contains(4, 4))
		assert.is_false(s:contains(2, 2.0001))
		local t = collide.segment(0, 4, 4, 0)
		assert.is_true(s:intersects(t))
		local x, y = s:intersection(t)
		assert.are.equal(2, x)
		assert.are.equal(2, y)
		assert.is_true(s:intersects(collide.segment(4, 4, 5, 0))) -- touching at an end
		assert.is_true(s:intersects(collide.segment(2, 2, 6, 6))) -- collinear overlap
		assert.is_false(s:intersects(collide.segment(0, 1, 3, 4)))
		assert.is_nil(s:intersection(collide.segment(0, 1, 3, 4)))
		assert.is_true(s:intersects(collide.circle(5, 5, math.sqrt(2))))
	end)

	it("moves by assignment and set", function()
		local s = collide.segment(0, 0, 1, 0)
		s.b = { 5, 5 }
		s.x1 = 1
		assert.are.same({ 1, 0, 5, 5 }, { s:unpack() })
		s:set(0, 0, 0, 1)
		assert.are.same({ 0, 0, 0, 1 }, { s:unpack() })
		assert.matches("segment.x1: expected a finite number, got nan", error_of(function() s.x1 = 0 / 0 end), 1, true)
		assert.matches("segment has no field 'c'", error_of(function() s.c = 1 end), 1, true)
		assert.matches("segment.b: expected a point {x, y}, got a table of length 1", error_of(function() s.b = { 1 } end), 1, true)
	end)

	it("rejects bad constructors with clear messages", function()
		assert.matches("bad argument #4 to 'segment' (number expected, got no value)", error_of(function() return collide.segment(0, 0, 1) end), 1, true)
		assert.matches("bad argument #1 to 'segment' (expected { {x1, y1}, {x2, y2} }, got a table of length 1)", error_of(function() return collide.segment{ { 0, 0 } } end), 1, true)
		assert.matches("end 2: x must be a number, got string", error_of(function() return collide.segment{ { 0, 0 }, { "a", 1 } } end), 1, true)
		assert.matches("end 1: x is nan", error_of(function() return collide.segment{ { 0 / 0, 0 }, { 1, 1 } } end), 1, true)
	end)
end)

describe("2D dispatch", function()
	it("is symmetric for every pair of shape types", function()
		local shapes = {
			collide.polygon{ { 0, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 } },
			collide.circle(2, 1.5, 0.5),
			collide.segment(1, 1, 3, 3),
		}
		for i = 1, #shapes do
			for j = 1, #shapes do
				assert.is_true(shapes[i]:intersects(shapes[j]), i .. " vs " .. j)
				assert.are.equal(shapes[i]:intersects(shapes[j]), shapes[j]:intersects(shapes[i]))
			end
		end
	end)

	it("names the wrong type", function()
		local c = collide.circle(0, 0, 1)
		assert.matches("bad argument #1 to 'intersects' (collide.polygon, collide.circle or collide.segment expected, got number)",
			error_of(function() return c:intersects(3) end), 1, true)
		assert.matches("got collide.sphere", error_of(function() return c:intersects(collide.sphere(0, 0, 0, 1)) end), 1, true)
		assert.matches("got no value", error_of(function() return c:intersects() end), 1, true)
	end)
end)
