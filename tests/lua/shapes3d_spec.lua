-- collide.sphere: constructors, fields (read and write), queries.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

describe("collide.sphere", function()
	it("is made from numbers, an array or named fields", function()
		for _, s in ipairs{
			collide.sphere(1, 2, 3, 4),
			collide.sphere{ 1, 2, 3, 4 },
			collide.sphere{ center = { 1, 2, 3 }, radius = 4 },
		} do
			assert.are.same({ 1, 2, 3, 4 }, { s.x, s.y, s.z, s.r })
			assert.are.equal(4, s.radius)
			assert.are.same({ 1, 2, 3 }, s.center)
			assert.are.same({ 1, 2, 3, 4 }, { s:unpack() })
			assert.are.equal(collide.sphere(1, 2, 3, 4), s)
		end
		assert.are.equal("sphere((1.0, 2.0, 3.0), r=4.0)", tostring(collide.sphere(1, 2, 3, 4)))
	end)

	it("contains its surface, and spheres that touch intersect", function()
		local s = collide.sphere(0, 0, 0, 1)
		assert.is_true(s:contains(0, 0, 1))
		assert.is_true(s:contains{ 0.5, 0.5, 0.5 })
		assert.is_false(s:contains(0.6, 0.6, 0.6))
		assert.is_true(s:intersects(collide.sphere(2, 0, 0, 1)))
		assert.is_false(s:intersects(collide.sphere(2, 0, 0, 0.999)))
		assert.is_true(s:intersects(collide.mesh.box(1, 1, 1)))
	end)

	it("moves by assignment and move_to", function()
		local s = collide.sphere(0, 0, 0, 1)
		local other = collide.sphere(5, 0, 0, 1)
		assert.is_false(s:intersects(other))
		s.x = 3
		assert.is_true(s:intersects(other))
		assert.is_true(s:move_to(0, 0, 0) == s)
		assert.is_false(s:intersects(other))
		s.center = { 4, 0, 0 }
		assert.is_true(s:intersects(other))
		s:move_to{ 0, 0, 0 }
		s.radius = 4
		assert.is_true(s:intersects(other))
	end)

	it("rejects bad values with clear messages", function()
		local s = collide.sphere(0, 0, 0, 1)
		assert.matches("sphere.z: expected a finite number, got nan", error_of(function() s.z = 0 / 0 end), 1, true)
		assert.matches("sphere.r: expected a number, got boolean", error_of(function() s.r = true end), 1, true)
		assert.matches("radius", error_of(function() s.r = -2 end), 1, true)
		assert.matches("sphere has no field 'w'", error_of(function() s.w = 1 end), 1, true)
		assert.matches("sphere.center: y must be a number, got string", error_of(function() s.center = { 1, "2", 3 } end), 1, true)
		assert.are.same({ 0, 0, 0, 1 }, { s:unpack() })
		assert.matches("bad argument #1 to 'sphere' (sphere: ", error_of(function() return collide.sphere(0, 0, 0, -1) end), 1, true)
		assert.matches("bad argument #4 to 'sphere' (expected a finite number, got nan)", error_of(function() return collide.sphere(0, 0, 0, 0 / 0) end), 1, true)
		assert.matches("bad argument #4 to 'sphere' (number expected, got no value)", error_of(function() return collide.sphere(0, 0, 0) end), 1, true)
		assert.matches("center: expected a point {x, y, z}, got a table of length 2", error_of(function() return collide.sphere{ center = { 0, 0 }, radius = 1 } end), 1, true)
		assert.matches("got a table of length 3", error_of(function() return collide.sphere{ 0, 0, 1 } end), 1, true)
		assert.matches("collide.sphere or collide.mesh expected, got collide.polygon",
			error_of(function() return s:intersects(collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }) end), 1, true)
	end)
end)
