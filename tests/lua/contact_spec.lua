-- Contact manifolds, ray casts and shape casts (contact.h) through the Lua API: a box resting on a
-- box (4 points), a tilted box (2), spheres, the general path, a 2D pair (2 points in the plane),
-- nil when apart, the margin, rays that hit, miss and start inside, shape casts that hit, miss and
-- start overlapping, and every error path with its message.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0
local tight = 1e-12

local function near_vec(expected, got, tolerance, what)
	support.near_vec(expected, got, tolerance or tight, what)
end

local function floor_box()
	return collide.box{ 5, 5, 1 }:moved_to{ position = { 0, 0, -1 } }
end

describe("collide.contact", function()
	it("gives a box resting on a box its four corners, deepest first", function()
		local top = collide.box{ 0.5, 0.5, 0.5 }:moved_to{ position = { 0.25, 0, 0.49 } }
		local m = collide.contact(floor_box(), top)
		assert.are.equal("boxes", m.method)
		assert.are.equal(4, m.count)
		assert.are.equal(4, #m.points)
		near_vec({ 0, 0, 1 }, m.normal, 1e-15, "normal")
		assert.is_near(0.01, m.depth, tight)
		for _, p in ipairs(m.points) do
			assert.is_near(0.01, p.depth, tight)
			-- point_a lies on the floor's top face, point_b on the box's bottom face, position midway
			assert.is_near(0, p.point_a[3], tight)
			assert.is_near(-0.01, p.point_b[3], tight)
			near_vec({ (p.point_a[1] + p.point_b[1]) / 2, (p.point_a[2] + p.point_b[2]) / 2, -0.005 }, p.position,
				tight, "position")
			assert.is_true(math.type(p.id) == "integer")
		end
		-- the general path finds the same four
		local g = collide.contact(floor_box(), top, { general = true })
		assert.are.equal("epa+clipping", g.method)
		assert.are.equal(4, g.count)
		assert.is_near(0.01, g.depth, tight)
	end)

	it("gives a box tilted onto an edge two points, and a sphere one", function()
		local box = collide.box{ 0.5, 0.5, 0.5 }:moved_to{
			position = { 0, 0, 0.5 * (math.cos(0.3) + math.sin(0.3)) - 0.01 },
			axis = { 1, 0, 0 },
			angle = 0.3,
		}
		local m = collide.contact(floor_box(), box)
		assert.are.equal(2, m.count)
		assert.is_near(0.01, m.points[1].depth, 1e-12)
		assert.is_near(0.01, m.points[2].depth, 1e-12)
		local a, b = collide.sphere({ 0, 0, 0 }, 1), collide.sphere({ 1.5, 0, 0 }, 1)
		m = collide.contact(a, b)
		assert.are.equal("spheres", m.method)
		assert.are.equal(1, m.count)
		near_vec({ 1, 0, 0 }, m.normal)
		assert.is_near(0.5, m.depth, tight)
		near_vec({ 1, 0, 0 }, m.points[1].point_a, tight, "point_a")
		near_vec({ 0.5, 0, 0 }, m.points[1].point_b, tight, "point_b")
	end)

	it("answers nil when apart, and negative depths within the margin", function()
		local a, b = collide.sphere({ 0, 0, 0 }, 1), collide.sphere({ 2.5, 0, 0 }, 1)
		assert.is_nil(collide.contact(a, b))
		assert.is_nil(collide.contact(a, b, { margin = 0.4 }))
		local m = collide.contact(a, b, { margin = 0.6 })
		assert.are.equal(1, m.count)
		assert.is_near(-0.5, m.depth, tight)
		-- touching counts
		m = collide.contact(a, collide.sphere({ 2, 0, 0 }, 1))
		assert.are.equal(0, m.depth)
	end)

	it("works on any pair: a cylinder standing on a polytope, a cone on a box", function()
		local pts = {}
		for i = 0, 7 do
			pts[#pts + 1] = { i & 1 ~= 0 and 2 or -2, i & 2 ~= 0 and 2 or -2, i & 4 ~= 0 and 0 or -1 }
		end
		local slab = collide.convex(pts)
		local cyl = collide.cylinder(0.5, 1):moved_to{ position = { 0, 0, 0.99 } }
		local m = collide.contact(slab, cyl)
		assert.are.equal(4, m.count)
		assert.is_near(0.01, m.depth, 1e-9)
		local cone = collide.cone(0.6, 0.8):moved_to{ position = { 0, 0, 0.79 } }
		m = collide.contact(floor_box(), cone)
		assert.are.equal(4, m.count)
		near_vec({ 0, 0, 1 }, m.normal, 1e-9)
	end)

	it("keeps a 2D pair in the plane with at most two points", function()
		local square = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }
		local p = collide.polygon2(square)
		local q = collide.polygon2(square):moved_to{ position = { 0.5, 1.95 } }
		local m = collide.contact(p, q)
		assert.are.equal("polygons-2d", m.method)
		assert.are.equal(2, m.count)
		near_vec({ 0, 1, 0 }, m.normal, 1e-15)
		assert.is_near(0.05, m.depth, tight)
		for _, point in ipairs(m.points) do
			assert.are.equal(0, point.position[3])
		end
		local circle = collide.circle({ 0.9, 0.2 }, 0.5)
		m = collide.contact(p, circle)
		assert.are.equal(1, m.count)
		near_vec({ 1, 0, 0 }, m.normal, 1e-15)
		assert.is_near(0.6, m.depth, tight)
	end)

	it("says what is wrong with its arguments", function()
		local a = collide.sphere({ 0, 0, 0 }, 1)
		assert.matches("bad argument #1 to 'collide.contact' %(convex shape expected", error_of(collide.contact, 1, a))
		assert.matches("bad argument #2 to 'collide.contact'", error_of(collide.contact, a, "box"))
		assert.matches("bad argument #3 to 'collide.contact' %(options table expected",
			error_of(collide.contact, a, a, 0.5))
		assert.matches("contact: margin must be a finite number >= 0",
			error_of(collide.contact, a, a, { margin = -1 }))
		assert.matches("contact: margin must be a finite number >= 0",
			error_of(collide.contact, a, a, { margin = nan }))
		assert.matches("contact: unknown option 'depth'", error_of(collide.contact, a, a, { depth = 1 }))
		assert.matches("contact: general must be a boolean", error_of(collide.contact, a, a, { general = 1 }))
	end)
end)

describe("collide.raycast", function()
	it("hits a sphere, a box and a rounded polytope where the ray first meets them", function()
		local ball = collide.sphere({ 0, 0, 0 }, 1)
		local h = collide.raycast(ball, { -5, 0, 0 }, { 1, 0, 0 })
		assert.are.equal("sphere", h.method)
		assert.is_near(4, h.t, tight)
		near_vec({ -1, 0, 0 }, h.point, tight, "point")
		near_vec({ -1, 0, 0 }, h.normal, tight, "normal")
		-- t is in units of the direction
		assert.is_near(2, collide.raycast(ball, { -5, 0, 0 }, { 2, 0, 0 }).t, tight)
		h = collide.raycast(collide.box{ 1, 2, 3 }, { 0, 0.5, 10 }, { 0, 0, -1 })
		assert.are.equal("box", h.method)
		assert.is_near(7, h.t, tight)
		near_vec({ 0, 0, 1 }, h.normal, tight, "box normal")
		h = collide.raycast(collide.box{ 1, 1, 1 }:rounded(0.5), { 0, 0, 5 }, { 0, 0, -1 })
		assert.are.equal("gjk", h.method)
		assert.is_near(3.5, h.t, 1e-9)
		assert.is_true(h.iterations > 0)
	end)

	it("answers nil for a miss or a ray stopped short, t = 0 from inside, and works in 2D", function()
		local ball = collide.sphere({ 0, 0, 0 }, 1)
		assert.is_nil(collide.raycast(ball, { -5, 0, 0 }, { -1, 0, 0 }))
		assert.is_nil(collide.raycast(ball, { -5, 2, 0 }, { 1, 0, 0 }))
		assert.is_nil(collide.raycast(ball, { -5, 0, 0 }, { 1, 0, 0 }, 3.9))
		assert.is_near(4, collide.raycast(ball, { -5, 0, 0 }, { 1, 0, 0 }, 4).t, tight)
		local inside = collide.raycast(ball, { 0.1, 0, 0 }, { 1, 0, 0 })
		assert.are.equal(0, inside.t)
		near_vec({ 0, 0, 0 }, inside.normal, 0, "no surface crossed")
		-- 2D: vectors as {x, y}
		local circle = collide.circle({ 0, 0 }, 1)
		local h = collide.raycast(circle, { 1, -2 }, { 0, 1 })
		assert.is_near(2, h.t, tight)
		near_vec({ 1, 0, 0 }, h.normal, tight, "tangent's normal")
	end)

	it("says what is wrong with its arguments", function()
		local ball = collide.sphere({ 0, 0, 0 }, 1)
		assert.matches("bad argument #1 to 'collide.raycast' %(convex shape expected", error_of(collide.raycast, {}, {}, {}))
		assert.matches("bad argument #2 to 'collide.raycast' %(origin: expected", error_of(collide.raycast, ball, 1, { 1, 0, 0 }))
		assert.matches("bad argument #3 to 'collide.raycast' %(direction", error_of(collide.raycast, ball, { 0, 0, 0 }, { nan, 0, 0 }))
		assert.matches("bad argument #4 to 'collide.raycast' %(max_t must be >= 0",
			error_of(collide.raycast, ball, { 0, 0, 0 }, { 1, 0, 0 }, -1))
		assert.matches("max_t must be >= 0 %(math.huge for no limit%), got nan",
			error_of(collide.raycast, ball, { 0, 0, 0 }, { 1, 0, 0 }, nan))
	end)
end)

describe("collide.shapecast", function()
	it("finds when a falling box first touches the floor, with the normal and the contact point", function()
		local box = collide.box{ 0.5, 0.5, 0.5 }:moved_to{ position = { 0, 0, 2.5 } }
		local h = collide.shapecast(floor_box(), box, { 0, 0, -4 })
		assert.is_near(0.5, h.t, 1e-9)
		near_vec({ 0, 0, 1 }, h.normal, 1e-9, "normal")
		assert.is_near(0, h.point[3], 1e-9)
		-- the same with the floor moving up and the box still
		h = collide.shapecast(floor_box(), box, { 0, 0, 0 }, { motion_a = { 0, 0, 4 } })
		assert.is_near(0.5, h.t, 1e-9)
		-- a sphere: its centre's ray against the grown shape
		h = collide.shapecast(collide.sphere({ -5, 0, 0 }, 1), collide.sphere({ 5, 0, 0 }, 1), { -10, 0, 0 })
		assert.is_near(0.8, h.t, tight)
		near_vec({ 1, 0, 0 }, h.normal, tight, "spheres' normal")
	end)

	it("answers nil for a miss, t = 0 when already touching, and works in 2D", function()
		local a, b = collide.sphere({ 0, 0, 0 }, 1), collide.box{ 1, 1, 1 }:moved_to{ position = { 5, 0, 0 } }
		assert.is_nil(collide.shapecast(a, b, { 0, 5, 0 }))
		assert.is_nil(collide.shapecast(a, b, { 1, 0, 0 }))
		local h = collide.shapecast(a, collide.box{ 1, 1, 1 }, { 1, 0, 0 })
		assert.are.equal(0, h.t)
		local square = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } }
		local p = collide.polygon2(square)
		local q = collide.polygon2(square):moved_to{ position = { 5, 0.5 } }
		h = collide.shapecast(p, q, { -6, 0 })
		assert.is_near(0.5, h.t, 1e-10)
		near_vec({ 1, 0, 0 }, h.normal, 1e-9, "2D normal")
	end)

	it("says what is wrong with its arguments", function()
		local a = collide.sphere({ 0, 0, 0 }, 1)
		assert.matches("bad argument #2 to 'collide.shapecast' %(convex shape expected", error_of(collide.shapecast, a, 2, { 1, 0, 0 }))
		assert.matches("bad argument #3 to 'collide.shapecast' %(motion_b", error_of(collide.shapecast, a, a, "up"))
		assert.matches("bad argument #3 to 'collide.shapecast' %(motion_b", error_of(collide.shapecast, a, a, { 1, nan, 0 }))
		assert.matches("bad argument #4 to 'collide.shapecast' %(options table expected",
			error_of(collide.shapecast, a, a, { 1, 0, 0 }, 3))
		assert.matches("shapecast: unknown option 'motion'",
			error_of(collide.shapecast, a, a, { 1, 0, 0 }, { motion = { 1, 0, 0 } }))
		assert.matches("motion_a", error_of(collide.shapecast, a, a, { 1, 0, 0 }, { motion_a = "x" }))
	end)
end)
