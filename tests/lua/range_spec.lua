-- The one coordinate range and the exact touching answers (docs/predicates.md, "Exactness
-- contract"), as a script sees them: the engine's messages come through the constructors, and
-- shapes a hair apart at scale 100 do not touch.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local range = "outside the supported range [1e-30, 1e+30] (or 0)"

describe("the coordinate range", function()
	it("is refused by the shape constructors, with the number and the range named", function()
		assert.matches("sphere: centre x 1e+155 is " .. range,
			error_of(collide.sphere, 1e155, 0, 0, 1), 1, true)
		assert.matches("sphere: centre x 1e-200 is " .. range,
			error_of(collide.sphere, 1e-200, 0, 0, 1), 1, true)
		assert.matches("sphere: radius 1e+31 is " .. range,
			error_of(collide.sphere, 0, 0, 0, 1e31), 1, true)
		assert.matches("circle: centre y -1e+40 is " .. range,
			error_of(collide.circle, 0, -1e40, 1), 1, true)
		assert.matches("box: half extent z 1e-200 is " .. range,
			error_of(collide.box, { 1, 1, 1e-200 }), 1, true)
		assert.matches("box: pose translation x 1e+155 is " .. range,
			error_of(function() return collide.box{ 1, 1, 1 }:moved_to{ position = { 1e155, 0, 0 } } end), 1, true)
		assert.matches("cga: sphere: point 1 x 1e+155 is " .. range,
			error_of(collide.cga.sphere, { 1e155, 0, 0 }, 1), 1, true)
	end)

	it("accepts 0 and both ends", function()
		local s = collide.sphere(1e30, -1e-30, 0, 1e-30)
		assert.are.equal(1e30, s.x)
	end)
end)

describe("shapes a gap of 1e-12 apart at scale 100", function()
	it("do not touch; touching and overlapping ones do", function()
		for _, gap in ipairs{ 1e-12, 0, -1e-12 } do
			local apart = gap > 0
			local boxes = {
				collide.box{ 100, 100, 100 },
				collide.box{ 100, 100, 100 }:moved_to{ position = { 200 + gap, 0, 0 } },
			}
			local spheres = { collide.sphere(0, 0, 0, 100), collide.sphere(0, 200 + gap, 0, 100) }
			local circles = { collide.circle(0, 0, 100), collide.circle(200 + gap, 0, 100) }
			for _, pair in ipairs{ boxes, spheres, circles } do
				local a, b = pair[1], pair[2]
				assert.are.equal(not apart, (collide.intersects(a, b)))
				local distance = collide.gjk(a, b)
				if apart then
					assert.is_true(distance > 0)
					assert.is_nil(collide.contact(a, b))
				else
					assert.are.equal(0, distance)
					assert.is_not_nil(collide.contact(a, b))
				end
			end
		end
	end)
end)
