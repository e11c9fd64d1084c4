-- Convex shapes, GJK and penetration (shape.h, convex.h, hull.h, gjk.h, epa.h): every constructor
-- and shape method, the polytope's methods, source 004's worked examples through the Lua API
-- (Rabbitz's two squares, the cubes of check vector G1, Johnson's P1 and J2), EPA on overlapping boxes,
-- warm starts, the older collide.sphere / circle / segment as convex shapes, every error path with
-- its message, and that a shape keeps its polytope or polygon alive.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0
local tight = 1e-12

local function near_vec(expected, got, tolerance, what)
	support.near_vec(expected, got, tolerance or tight, what)
end

local function dot(a, b)
	return a[1] * b[1] + a[2] * b[2] + (a[3] or 0) * (b[3] or 0)
end

-- The unit cube in the check vectors' vertex order (docs/sources.md): for x in (0, 1), for y, for z.
local function unit_cube_points()
	local pts = {}
	for x = 0, 1 do
		for y = 0, 1 do
			for z = 0, 1 do
				pts[#pts + 1] = { x, y, z }
			end
		end
	end
	return pts
end

-- A cube of half extent h centred on the origin, as a polytope (the hull of its corners).
local function cube(h)
	local pts = {}
	for i = 0, 7 do
		pts[#pts + 1] = { i & 1 ~= 0 and h or -h, i & 2 ~= 0 and h or -h, i & 4 ~= 0 and h or -h }
	end
	return collide.convex(pts)
end

local square = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }

-- v turned by angle radians about axis (Rodrigues' formula), to check poses against.
local function rotate(v, axis, angle)
	local n = math.sqrt(dot(axis, axis))
	local k = { axis[1] / n, axis[2] / n, axis[3] / n }
	local c, s = math.cos(angle), math.sin(angle)
	local kv = dot(k, v)
	local cross = { k[2] * v[3] - k[3] * v[2], k[3] * v[1] - k[1] * v[3], k[1] * v[2] - k[2] * v[1] }
	local out = {}
	for i = 1, 3 do
		out[i] = v[i] * c + cross[i] * s + k[i] * kv * (1 - c)
	end
	return out
end

describe("convex shapes", function()
	it("are made by every constructor, each with its kind and dimension", function()
		local cases = {
			{ collide.box{ 1, 2, 3 }, "box", 3 },
			{ collide.box(1, 2, 3), "box", 3 },
			{ collide.capsule({ 0, 0, 0 }, { 0, 0, 1 }, 0.5), "capsule", 3 },
			{ collide.cylinder(1, 2), "cylinder", 3 },
			{ collide.cone(1, 2), "cone", 3 },
			{ collide.segment3({ 0, 0, 0 }, { 1, 1, 1 }), "segment", 3 },
			{ collide.triangle({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }), "triangle", 3 },
			{ collide.point3{ 1, 2, 3 }, "point", 3 },
			{ collide.sphere({ 1, 2, 3 }, 4), "sphere", 3 },
			{ collide.sphere(1, 2, 3, 4), "sphere", 3 },
			{ collide.convex(unit_cube_points()), "convex", 3 },
			{ collide.circle({ 1, 2 }, 3), "circle", 2 },
			{ collide.capsule2({ 0, 0 }, { 1, 0 }, 0.5), "capsule", 2 },
			{ collide.capsule2({ 0, 0 }, { 1, 0 }, 0), "segment", 2 },
			{ collide.segment(0, 0, 1, 0), "segment", 2 },
			{ collide.polygon2(square), "polygon", 2 },
		}
		for i, case in ipairs(cases) do
			assert.are.equal(case[2], case[1]:kind(), "case " .. i)
			assert.are.equal(case[3], case[1]:dimension(), "case " .. i)
		end
		assert.are.equal("box(half extents (1.0, 2.0, 3.0))", tostring(collide.box{ 1, 2, 3 }))
		assert.are.equal("capsule((0.0, 0.0, 0.0), (0.0, 0.0, 1.0), r=0.5)",
			tostring(collide.capsule({ 0, 0, 0 }, { 0, 0, 1 }, 0.5)))
		assert.are.equal("cone(radius 1.0, half height 2.0)", tostring(collide.cone(1, 2)))
		assert.are.equal("convex(8 vertices, 6 faces)", tostring(collide.convex(unit_cube_points())))
		assert.are.equal("polygon(4 vertices, at (1.0, 2.0))",
			tostring(collide.polygon2(square):moved_to{ position = { 1, 2 } }))
		assert.are.equal("rounded box(half extents (1.0, 1.0, 1.0), r=0.5, at (0.0, 0.0, 1.0), turned)",
			tostring(collide.box{ 1, 1, 1 }:rounded(0.5):moved_to{ position = { 0, 0, 1 }, axis = { 1, 0, 0 }, angle = 1 }))
	end)

	it("answer support points on their boundary, in the shape's dimension", function()
		near_vec({ 1, 2, 3 }, collide.box{ 1, 2, 3 }:support{ 1, 1, 1 })
		near_vec({ -1, 2, -3 }, collide.box{ 1, 2, 3 }:support(-1, 1, -1))
		near_vec({ 0, 0, 1.5 }, collide.capsule({ 0, 0, 0 }, { 0, 0, 1 }, 0.5):support{ 0, 0, 1 })
		near_vec({ 1, 0, 2 }, collide.cylinder(1, 2):support{ 1, 0, 1 })
		near_vec({ 0, 0, 2 }, collide.cone(1, 2):support{ 0, 0, 1 })
		near_vec({ 1, 0, -2 }, collide.cone(1, 2):support{ 1, 0, -1 })
		near_vec({ 1, 1, 1 }, collide.segment3({ 0, 0, 0 }, { 1, 1, 1 }):support{ 1, 2, 3 })
		near_vec({ 0, 1, 0 }, collide.triangle({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }):support{ -1, 1, 0 })
		near_vec({ 1, 2, 3 }, collide.point3{ 1, 2, 3 }:support{ 5, 5, 5 })
		near_vec({ 1, 2, 7 }, collide.sphere({ 1, 2, 3 }, 4):support{ 0, 0, 2 })
		near_vec({ 1, 1, 1 }, collide.convex(unit_cube_points()):support{ 1, 1, 1 })
		near_vec({ 4, 2 }, collide.circle(1, 2, 3):support{ 1, 0 })
		near_vec({ 1.5, 0 }, collide.capsule2({ 0, 0 }, { 1, 0 }, 0.5):support(1, 0))
		near_vec({ 1, 1 }, collide.polygon2(square):support{ 1, 1 })
		near_vec({ 0, 1 }, collide.segment(0, 0, 0, 1):support{ 0, 1 })
		-- a zero direction answers some point of the shape
		assert.are.equal(3, #collide.box{ 1, 1, 1 }:support(0, 0, 0))
	end)

	it("have bounds: six numbers in 3D, four in 2D, grown by the rounding", function()
		assert.are.same({ -1, -2, -3, 1, 2, 3 }, { collide.box{ 1, 2, 3 }:bounds() })
		assert.are.same({ -1.5, -1.5, -1.5, 1.5, 1.5, 1.5 }, { collide.box{ 1, 1, 1 }:rounded(0.5):bounds() })
		assert.are.same({ 0, 0, 1, 1 }, { collide.polygon2(square):bounds() })
		assert.are.same({ -2, -1, 4, 5 }, { collide.circle(1, 2, 3):bounds() })
		assert.are.same({ 0, 0, 0, 1, 1, 1 }, { collide.convex(unit_cube_points()):bounds() })
	end)

	it("have balls about their centre: one holding them, one they hold", function()
		local centre, outer, inner = collide.box{ 1, 2, 3 }:spheres()
		assert.are.same({ 0, 0, 0 }, centre)
		assert.is_true(math.abs(outer - math.sqrt(14)) < 1e-10 and outer >= math.sqrt(14))
		assert.is_true(inner <= 1 and inner > 1 - 1e-10)
		local _, o2, i2 = collide.box{ 1, 2, 3 }:rounded(0.5):spheres()
		assert.is_true(math.abs(o2 - outer - 0.5) < 1e-10 and math.abs(i2 - inner - 0.5) < 1e-10)
		local c2, o3, i3 = collide.circle(1, 2, 3):spheres()
		assert.are.same({ 1, 2 }, c2)
		assert.are.same({ 3, 3 }, { o3, i3 })
		local c4, o4, i4 = collide.convex(unit_cube_points()):spheres()
		assert.are.same({ 0.5, 0.5, 0.5 }, c4)
		assert.is_true(math.abs(o4 - math.sqrt(0.75)) < 1e-10 and math.abs(i4 - 0.5) < 1e-10)
	end)

	it("round into new shapes, leaving the original sharp", function()
		local box = collide.box{ 1, 1, 1 }
		local round = box:rounded(0.25)
		assert.are.equal("rounded box", round:kind())
		assert.are.equal(0.25, round:rounding())
		assert.are.equal(0, box:rounding())
		assert.are.equal("box", box:kind())
		assert.are.equal(0.5, round:rounded(0.25):rounding())
		-- a rounded point is a sphere (a circle in 2D), with the fields of one
		local ball = collide.point3{ 1, 2, 3 }:rounded(2)
		assert.are.equal("sphere((1.0, 2.0, 3.0), r=2.0)", tostring(ball))
		assert.are.same({ 1, 2, 3, 2 }, { ball.x, ball.y, ball.z, ball.r })
		assert.is_true(ball:intersects(collide.mesh.box(1, 2, 2)))
		assert.is_false(ball:intersects(collide.mesh.box(1, 1, 1)))
		local disc = collide.circle(0, 0, 1):rounded(1)
		assert.are.equal(2, disc.r)
		assert.are.equal("capsule", collide.segment(0, 0, 1, 0):rounded(1):kind())
		assert.are.equal("rounded polygon", collide.polygon2(square):rounded(0.1):kind())
	end)

	it("are placed by a pose: position, rotation or axis and angle; 2D by position and angle", function()
		local box = collide.box{ 1, 2, 3 }
		assert.is_true(box:set_pose{ position = { 10, 0, 0 } } == box)
		assert.are.same({ 9, -2, -3, 11, 2, 3 }, { box:bounds() })
		assert.are.same({ position = { 10, 0, 0 }, rotation = { 0, 0, 0, 1 } }, box:pose())
		-- a quarter turn about z swaps the x and y extents
		box:set_pose{ position = { 1, 0, 0 }, axis = { 0, 0, 1 }, angle = math.pi / 2 }
		local b = { box:bounds() }
		near_vec({ -1, -1, -3, 3, 1, 3 }, b, 1e-12, "bounds")
		local q = box:pose().rotation
		near_vec({ 0, 0, math.sin(math.pi / 4), math.cos(math.pi / 4) }, q, 1e-15, "rotation")
		-- the same turn as a quaternion (normalised for us)
		local turned = box:moved_to{ rotation = { 0, 0, 1, 1 } }
		near_vec({ -2, -1, -3, 2, 1, 3 }, { turned:bounds() }, 1e-12, "moved bounds")
		near_vec({ -1, -1, -3, 3, 1, 3 }, { box:bounds() }, 1e-12, "the original stays")
		-- set_pose replaces the whole pose: what is left out is the identity's
		box:set_pose{}
		assert.are.same({ -1, -2, -3, 1, 2, 3 }, { box:bounds() })
		-- 2D: a quarter turn of the unit square about the origin, then a move
		local poly = collide.polygon2(square):moved_to{ position = { 5, 0 }, angle = math.pi / 2 }
		local v = poly:vertices()
		near_vec({ 5, 0 }, v[1], tight, "vertex 1")
		near_vec({ 5, 1 }, v[2], tight, "vertex 2")
		near_vec({ 4, 1 }, v[3], tight, "vertex 3")
		assert.is_near(math.pi / 2, poly:pose().angle, 1e-15)
		assert.are.same({ 5, 0 }, poly:pose().position)
		-- pose() gives back what set_pose takes
		local copy = collide.polygon2(square):set_pose(poly:pose())
		near_vec({ poly:bounds() }, { copy:bounds() }, tight, "round trip")
	end)

	it("move a sphere's or circle's centre with the pose, and the fields with it", function()
		local s = collide.sphere(0, 0, 0, 1)
		s:set_pose{ position = { 1, 2, 3 } }
		assert.are.same({ 1, 2, 3, 1 }, { s:unpack() })
		s.x = 5
		assert.are.same({ 5, 2, 3 }, s:pose().position)
		s:move_to(0, 0, 0)
		assert.are.same({ 0, 0, 0 }, s:pose().position)
		local c = collide.circle(1, 2, 3)
		assert.are.same({ position = { 1, 2 }, angle = 0 }, c:pose())
		c:set_pose{ position = { 4, 5 }, angle = 1 }
		assert.are.same({ 4, 5, 3 }, { c:unpack() })
		-- a segment's fields are its ends in the world: assigning one makes the pose the identity
		local seg = collide.segment(0, 0, 1, 0):moved_to{ position = { 0, 2 } }
		assert.are.same({ 0, 2, 1, 2 }, { seg:unpack() })
		seg.x1 = -1
		assert.are.same({ -1, 2, 1, 2 }, { seg:unpack() })
		assert.are.same({ 0, 0 }, seg:pose().position)
	end)
end)

describe("polytopes (collide.convex)", function()
	it("are the hull of a point set: interior points dropped, whole faces", function()
		local pts = unit_cube_points()
		pts[#pts + 1] = { 0.5, 0.5, 0.5 }
		pts[#pts + 1] = { 0.5, 0.5, 1 } -- inside a face
		local c = collide.convex(pts)
		assert.are.equal(8, c:vertex_count())
		assert.are.equal(6, c:face_count())
		assert.are.equal(6, #c:faces())
		for _, face in ipairs(c:faces()) do
			assert.are.equal(4, #face)
		end
		assert.are.same(unit_cube_points(), c:vertices())
		assert.is_near(1, c:volume(), tight)
		assert.is_near(6, c:area(), tight)
		near_vec({ 0.5, 0.5, 0.5 }, c:centroid())
		assert.is_false(c:is_flat())
		assert.is_true(c:contains(0.5, 0.5, 0.5))
		assert.is_true(c:contains{ 1, 1, 1 }) -- on a vertex
		assert.is_true(c:contains(1, 0.5, 0.5)) -- on a face
		assert.is_false(c:contains(1.0000001, 0.5, 0.5))
		-- a points buffer works too
		assert.are.equal(8, collide.convex(collide.points(unit_cube_points())):vertex_count())
	end)

	it("are built from vertices and faces, checked exactly", function()
		local t = collide.convex{
			vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
			faces = { { 1, 3, 2 }, { 1, 2, 4 }, { 2, 3, 4 }, { 1, 4, 3 } },
		}
		assert.are.equal("convex", t:kind())
		assert.is_near(1 / 6, t:volume(), tight)
		assert.are.same({ { 1, 3, 2 }, { 1, 2, 4 }, { 2, 3, 4 }, { 1, 4, 3 } }, t:faces())
		assert.is_true(t:contains(0.1, 0.1, 0.1))
		assert.is_false(t:contains(0.5, 0.5, 0.5))
	end)

	it("may be flat: one polygon seen from both sides", function()
		local flat = collide.convex{ { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } }
		assert.is_true(flat:is_flat())
		assert.are.equal(2, flat:face_count())
		assert.are.equal(0, flat:volume())
		assert.is_near(2, flat:area(), tight)
		assert.is_true(flat:contains(0.5, 0.5, 0))
		assert.is_false(flat:contains(0.5, 0.5, 0.1))
	end)

	it("answer in world coordinates once placed", function()
		local c = collide.convex(unit_cube_points()):moved_to{ position = { 10, 0, 0 } }
		assert.are.same({ 10, 0, 0 }, c:vertices()[1])
		near_vec({ 10.5, 0.5, 0.5 }, c:centroid())
		assert.is_true(c:contains(10.5, 0.5, 0.5))
		assert.is_false(c:contains(0.5, 0.5, 0.5))
		assert.is_near(1, c:volume(), tight)
	end)

	it("keep their polytope (and a polygon its points) alive after the variables are collected", function()
		local rounded, moved, poly
		do
			local pts = unit_cube_points()
			local c = collide.convex(pts)
			rounded = c:rounded(0.1)
			moved = c:moved_to{ position = { 0, 0, 5 } }
			local buffer = collide.points{ { 0, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 } }
			poly = collide.polygon2(buffer)
			pts, c, buffer = nil, nil, nil
		end
		for _ = 1, 3 do
			collectgarbage("collect")
		end
		-- churn the allocator so that a freed polytope would be overwritten
		for _ = 1, 200 do
			collide.convex(unit_cube_points())
			collide.points(64, 3)
		end
		collectgarbage("collect")
		assert.is_near(1, rounded:volume(), tight)
		assert.are.same(unit_cube_points(), rounded:vertices())
		assert.are.same({ 1, 1, 6 }, moved:vertices()[8])
		assert.are.same({ { 0, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 } }, poly:vertices())
		local distance = collide.gjk(rounded, moved)
		assert.is_near(4 - 0.1, distance, 1e-9)
	end)
end)

describe("collide.gjk", function()
	it("reproduces source 004's Example 2: two unit squares, sqrt(2), in two steps", function()
		local a = collide.polygon2{ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }
		local b = collide.polygon2{ { 2, 2 }, { 3, 2 }, { 3, 3 }, { 2, 3 } }
		local distance, pa, pb, info = collide.gjk(a, b, { paper = true, trace = true })
		assert.is_near(math.sqrt(2), distance, tight)
		assert.are.same({ 1, 1, 0 }, pa)
		assert.are.same({ 2, 2, 0 }, pb)
		assert.are.equal("separated", info.status)
		assert.is_false(info.overlap)
		assert.are.equal(2, info.iterations)
		assert.is_false(info.backup)
		near_vec({ math.sqrt(0.5), math.sqrt(0.5), 0 }, info.normal)
		assert.is_true(info.lower <= distance + tight and distance <= info.upper + tight)
		assert.are.equal(1, #info.simplex)
		assert.are.same({ w = { -1, -1, 0 }, a = { 1, 1, 0 }, b = { 2, 2, 0 } }, info.simplex[1])
		assert.are.same({ 1 }, info.simplex.lambda)
		local trace = info.trace
		assert.are.equal(2, #trace)
		-- k = 0: v0 = a0 - b0, the supports and their values, w0, g0 = 4, Johnson keeps {w0}
		local s = trace[1]
		assert.are.same({ -2, -2, 0 }, s.v)
		assert.are.equal(8, s.vv)
		assert.are.same({ 1, 1, 0 }, s.support_a)
		assert.are.same({ 2, 2, 0 }, s.support_b)
		assert.are.equal(4, s.h_a)
		assert.are.equal(-8, s.h_b)
		assert.are.same({ -1, -1, 0 }, s.w)
		assert.are.equal(4, s.g)
		assert.are.equal(s.vv + s.h_a + s.h_b, s.g)
		assert.is_false(s.stop)
		assert.are.equal(2, #s.candidates)
		assert.are.same({ -2, -2, 0 }, s.candidates[1].w)
		assert.are.same({ -1, -1, 0 }, s.candidates[2].w)
		assert.are.same({ [1] = 1 }, s.deltas[1])
		assert.are.same({ [2] = 1 }, s.deltas[2])
		assert.are.same({ -2, 4 }, s.deltas[3])
		assert.are.same({ 2 }, s.kept)
		assert.are.same({ 0, 1 }, s.lambda)
		assert.are.same({ -1, -1, 0 }, s.next_v)
		assert.is_false(s.backup)
		-- k = 1: g = 0, the end
		s = trace[2]
		assert.are.same({ -1, -1, 0 }, s.v)
		assert.are.equal(2, s.vv)
		assert.are.equal(2, s.h_a)
		assert.are.equal(-4, s.h_b)
		assert.are.equal(0, s.g)
		assert.is_true(s.stop)
		assert.are.same({}, s.candidates)
		assert.are.same({}, s.kept)
		assert.is_near(math.sqrt(2), s.lower, tight)
		assert.is_near(math.sqrt(2), s.upper, tight)
	end)

	it("reproduces check vector G1 on cubes made by collide.convex: corner to corner, sqrt(3)", function()
		local a = collide.convex(unit_cube_points())
		local b = collide.convex{ { 2, 2, 2 }, { 3, 2, 2 }, { 2, 3, 2 }, { 2, 2, 3 } }
		local distance, pa, pb, info = collide.gjk(a, b, { paper = true, trace = true })
		assert.is_near(math.sqrt(3), distance, tight)
		near_vec({ 1, 1, 1 }, pa)
		near_vec({ 2, 2, 2 }, pb)
		assert.are.equal(2, #info.trace)
		assert.are.same({ -2, -2, -2 }, info.trace[1].v)
		assert.are.equal(6, info.trace[1].g)
		assert.are.same({ -1, -1, -1 }, info.trace[1].w)
		assert.are.same({ -3, 6 }, info.trace[1].deltas[3])
		assert.are.same({ 2 }, info.trace[1].kept)
		assert.are.equal(0, info.trace[2].g)
		-- without the paper's rules: the same distance
		local d2 = collide.gjk(a, b)
		assert.is_near(math.sqrt(3), d2, 1e-12)
	end)

	it("answers overlap, rounded shapes and mixed kinds", function()
		local c = collide.convex(unit_cube_points())
		local distance, pa, pb, info = collide.gjk(c, c:moved_to{ position = { 0.5, 0.5, 0.5 } })
		assert.are.equal(0, distance)
		assert.are.equal("intersecting", info.status)
		assert.is_true(info.overlap)
		assert.are.same(pa, pb)
		-- spheres: the cores are points, the radii added at the end
		distance, pa, pb, info = collide.gjk(collide.sphere(0, 0, 0, 1), collide.sphere({ 3, 0, 0 }, 1))
		assert.is_near(1, distance, tight)
		near_vec({ 1, 0, 0 }, pa)
		near_vec({ 2, 0, 0 }, pb)
		assert.is_near(3, info.core_distance, tight)
		near_vec({ 1, 0, 0 }, info.normal)
		-- touching rounded shapes overlap
		distance, _, _, info = collide.gjk(collide.box{ 1, 1, 1 }:rounded(0.5), collide.sphere(3, 0, 0, 1.5))
		assert.is_true(info.overlap)
		assert.are.equal(0, distance)
		-- a circle and a segment, a capsule and a polygon
		assert.is_near(1, (collide.gjk(collide.circle(0, 0, 1), collide.segment(2, -1, 2, 1))), tight)
		assert.is_near(1.5, (collide.gjk(collide.capsule2({ -1, 3 }, { 1, 3 }, 0.5), collide.polygon2(square))), tight)
		-- a box and a cylinder, turned
		local cyl = collide.cylinder(0.5, 1):moved_to{ position = { 3, 0, 0 }, axis = { 0, 1, 0 }, angle = math.pi / 2 }
		assert.is_near(1, (collide.gjk(collide.box{ 1, 1, 1 }, cyl)), 1e-9)
	end)

	it("stops at max_iterations with the interval it reached", function()
		-- a box against a turned cylinder needs about ten iterations; one is not enough
		local _, _, _, info = collide.gjk(collide.box{ 1, 2, 0.5 }, collide.cylinder(1, 1):moved_to{
			position = { 5, 1, 1 }, axis = { 1, 1, 0 }, angle = 0.3 }, { max_iterations = 1, trace = true })
		assert.are.equal("max_iterations", info.status)
		assert.are.equal(1, info.iterations)
		assert.are.equal(1, #info.trace)
		assert.is_true(info.lower <= info.upper)
	end)

	it("warm-starts from a cache, and a traced run leaves the cache as an untraced one does", function()
		local a = collide.convex(unit_cube_points())
		local b = collide.cylinder(0.5, 0.5):moved_to{ position = { 3, 0.2, 0.4 }, axis = { 1, 1, 1 }, angle = 0.4 }
		local cache = collide.gjk_cache()
		assert.are.equal(0, cache:count())
		assert.are.equal("gjk_cache(0 points)", tostring(cache))
		local d1, _, _, first = collide.gjk(a, b, { cache = cache })
		assert.is_true(cache:count() > 0)
		b:set_pose{ position = { 3.01, 0.2, 0.4 }, axis = { 1, 1, 1 }, angle = 0.4 }
		local d2, _, _, second = collide.gjk(a, b, { cache = cache })
		assert.is_true(second.iterations <= first.iterations)
		assert.is_near(d1 + 0.01, d2, 1e-3)
		assert.is_true(cache:reset() == cache)
		assert.are.equal(0, cache:count())
		local traced, plain = collide.gjk_cache(), collide.gjk_cache()
		local _, _, _, t = collide.gjk(a, b, { cache = traced, trace = true })
		local _, _, _, p = collide.gjk(a, b, { cache = plain })
		assert.are.equal(p.iterations, t.iterations)
		assert.are.equal(t.iterations, #t.trace)
		assert.are.equal(plain:count(), traced:count())
		-- intersects takes a cache too
		assert.is_false((collide.intersects(a, b, traced)))
	end)
end)

describe("collide.intersects", function()
	it("answers overlap, or a separating axis", function()
		local box = collide.box{ 1, 1, 1 }
		local hit, axis = collide.intersects(box, box:moved_to{ position = { 1.5, 0, 0 } })
		assert.is_true(hit)
		assert.is_nil(axis)
		assert.is_true((collide.intersects(box, box:moved_to{ position = { 2, 0, 0 } }))) -- touching
		local other = collide.sphere(3, 1, 0.5, 0.5)
		hit, axis = collide.intersects(box, other)
		assert.is_false(hit)
		-- max over A of d.x < min over B of d.x
		local neg = { -axis[1], -axis[2], -axis[3] }
		assert.is_true(dot(axis, box:support(axis)) < dot(axis, other:support(neg)))
		-- 2D
		assert.is_true((collide.intersects(collide.circle(0, 0, 1), collide.polygon2(square))))
		assert.is_false((collide.intersects(collide.circle(-2, 0, 1), collide.polygon2(square))))
	end)
end)

describe("collide.johnson", function()
	it("reproduces P1: two points on a line through the origin", function()
		local v, lambda, kept, deltas, backup = collide.johnson{ { -2, -2, 0 }, { -1, -1, 0 } }
		assert.are.same({ -1, -1, 0 }, v)
		assert.are.same({ 0, 1 }, lambda)
		assert.are.same({ 2 }, kept)
		assert.are.same({ { 1 }, { [2] = 1 }, { -2, 4 } }, deltas)
		assert.is_false(backup)
	end)

	it("reproduces J2: a tetrahedron holding the origin keeps all four", function()
		local v, lambda, kept, deltas = collide.johnson{ { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } }
		assert.are.same({ 0, 0, 0 }, v)
		assert.are.same({ 0.25, 0.25, 0.25, 0.25 }, lambda)
		assert.are.same({ 1, 2, 3, 4 }, kept)
		assert.are.same({ 64, 64, 64, 64 }, deltas[15])
		assert.are.same({ [1] = 16, [2] = 16, [3] = 16 }, deltas[7])
		assert.are.equal(15, #deltas)
	end)
end)

describe("collide.penetration", function()
	it("finds how far two overlapping cubes reach into each other", function()
		local a = cube(0.5)
		local b = a:moved_to{ position = { 0.5, 0.1, 0.2 } }
		local depth, normal, pa, pb, info = collide.penetration(a, b)
		assert.is_near(0.5, depth, tight)
		near_vec({ 1, 0, 0 }, normal)
		near_vec({ pa[1] - pb[1], pa[2] - pb[2], pa[3] - pb[3] }, { depth * normal[1], depth * normal[2], depth * normal[3] })
		assert.are.equal("converged", info.status)
		assert.is_true(info.iterations >= 1)
		assert.is_true(info.lower_bound <= depth + tight)
		-- boxes, both turned by one rotation: the depth does not depend on the frame
		local axis, angle = { 1, 2, 3 }, 0.7
		local box_a = collide.box{ 0.5, 0.5, 0.5 }:moved_to{ axis = axis, angle = angle }
		local offset = rotate({ 0.1, -0.3, 0.5 }, axis, angle)
		local box_b = collide.box{ 0.5, 0.5, 0.5 }:moved_to{ position = offset, axis = axis, angle = angle }
		depth, normal = collide.penetration(box_a, box_b)
		assert.is_near(0.5, depth, 1e-12)
		near_vec(rotate({ 0, 0, 1 }, axis, angle), normal, 1e-12)
	end)

	it("traces EPA's polytope step by step", function()
		local box = collide.box{ 1, 1, 1 }
		local cyl = collide.cylinder(0.5, 1):moved_to{ position = { 0.3, 0.2, 1.5 } }
		local depth, _, _, _, info = collide.penetration(box, cyl, { trace = true })
		assert.is_near(0.5, depth, 1e-9)
		assert.is_true(#info.trace >= 1)
		for k, step in ipairs(info.trace) do
			assert.are.equal(3, #step.nearest, "step " .. k)
			assert.is_true(#step.faces >= 4, "step " .. k)
			assert.are.equal(3, #step.faces[1])
			assert.is_true(step.distance <= step.reach + 1e-12, "step " .. k)
			assert.is_near(1, dot(step.normal, step.normal), 1e-12)
		end
		-- the trace does not change the answer
		assert.are.equal(depth, (collide.penetration(box, cyl)))
	end)

	it("adds the radii of rounded shapes, and says when shapes are apart or flat", function()
		local depth, normal, pa, pb, info = collide.penetration(collide.sphere(0, 0, 0, 1), collide.sphere(1.5, 0, 0, 1))
		assert.is_near(0.5, depth, 1e-15)
		near_vec({ 1, 0, 0 }, normal, 1e-15)
		near_vec({ 1, 0, 0 }, pa, 1e-15)
		near_vec({ 0.5, 0, 0 }, pb, 1e-15)
		assert.are.equal("converged", info.status)
		depth, normal, pa, pb, info = collide.penetration(collide.box{ 1, 1, 1 }, collide.sphere(0, 0, 3, 1))
		assert.are.equal(0, depth)
		assert.is_nil(normal)
		assert.is_nil(pa)
		assert.is_nil(pb)
		assert.are.equal("apart", info.status)
		-- 2D: two squares overlapping by 0.25 along x
		depth, normal = collide.penetration(collide.polygon2(square), collide.polygon2(square):moved_to{ position = { 0.75, 0.4 } })
		assert.is_near(0.25, depth, 1e-12)
		near_vec({ 1, 0, 0 }, normal, 1e-12)
		-- flat shapes in 3D have no volume to grow
		local t = collide.triangle({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 })
		local u = collide.triangle({ 0.2, 0.2, 0 }, { 1, 0.2, 0 }, { 0.2, 1, 0 })
		depth, _, _, _, info = collide.penetration(t, u)
		assert.are.equal("flat", info.status)
		assert.are.equal(0, depth)
	end)

	it("bounds the depth from below by eq. 1.14, at no cost beyond GJK", function()
		local bound, normal, status = collide.penetration_bound(collide.sphere(0, 0, 0, 1), collide.sphere(1.5, 0, 0, 1))
		assert.is_near(0.5, bound, 1e-15)
		near_vec({ 1, 0, 0 }, normal, 1e-15)
		assert.are.equal("converged", status)
		local a = cube(0.5)
		for _, offset in ipairs{ { 0.5, 0.1, 0.2 }, { 0.1, 0.2, 0.3 }, { -0.3, 0.6, 0.1 } } do
			local b = a:moved_to{ position = offset, axis = { 1, 1, 0 }, angle = 0.3 }
			local depth = collide.penetration(a, b)
			bound = collide.penetration_bound(a, b)
			assert.is_true(bound >= 0 and bound <= depth + 1e-12)
		end
		bound, normal, status = collide.penetration_bound(a, a:moved_to{ position = { 3, 0, 0 } })
		assert.are.equal(0, bound)
		assert.is_nil(normal)
		assert.are.equal("apart", status)
	end)
end)

describe("errors", function()
	local box = collide.box{ 1, 1, 1 }

	it("name wrong types and values in constructors", function()
		local checks = {
			{ function() return collide.box{ -1, 1, 1 } end, "bad argument #1 to 'box' (box: half extents (-1, 1, 1) must be >= 0)" },
			{ function() return collide.box{ 1, nan, 1 } end, "bad argument #1 to 'box' (half extents: y is nan)" },
			{ function() return collide.box("x") end, "half extents: expected {x, y, z} or x, y, z, got string" },
			{ function() return collide.capsule({ 0, 0, 0 }, { 1, 0, 0 }, -1) end, "bad argument #3 to 'capsule' (radius must be >= 0, got -1.0)" },
			{ function() return collide.capsule({ 0, 0, 0 }, { 1, 0, 0 }, nan) end, "bad argument #3 to 'capsule' (expected a finite number, got nan)" },
			{ function() return collide.capsule({ 0, 0, 0 }, { 1, 0 }, 1) end, "b: expected a point {x, y, z}, got a table of length 2" },
			{ function() return collide.cylinder(-1, 1) end, "bad argument #1 to 'cylinder' (cylinder: radius -1 and half height 1 must be >= 0)" },
			{ function() return collide.cone(1, -1) end, "cone: radius 1 and half height -1 must be >= 0" },
			{ function() return collide.cone(1) end, "bad argument #2 to 'cone' (number expected, got no value)" },
			{ function() return collide.cylinder(1, math.huge) end, "bad argument #2 to 'cylinder' (expected a finite number, got inf)" },
			{ function() return collide.segment3({ 0, 0, 0 }) end, "bad argument #2 to 'segment3' (b: expected {x, y, z} or x, y, z, got no value)" },
			{ function() return collide.triangle({ 0, 0, 0 }, { 1, 0, 0 }, { 0, nan, 0 }) end, "c: y is nan" },
			{ function() return collide.point3("a") end, "point: expected {x, y, z} or x, y, z, got string" },
			{ function() return collide.sphere({ 0, 0, 0 }, -1) end, "bad argument #2 to 'sphere' (sphere: radius -1 is negative)" },
			{ function() return collide.sphere({ 0, nan, 0 }, 1) end, "bad argument #1 to 'sphere' (center: y is nan)" },
			{ function() return collide.circle({ 0, 0 }, -1) end, "bad argument #2 to 'circle' (circle: negative radius (-1))" },
			{ function() return collide.capsule2({ 0, 0 }, { 1, 0 }, -1) end, "bad argument #3 to 'capsule2' (radius must be >= 0, got -1.0)" },
			{ function() return collide.capsule2({ 0, 0 }, 5) end, "bad argument #3 to 'capsule2' (number expected, got no value)" },
			{ function() return collide.capsule2({ 0, 0 }, "b", 1) end, "b: expected {x, y} or x, y, got string" },
			-- polygons: convex, counter-clockwise, at least 3 corners, finite
			{ function() return collide.polygon2{ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } } end, "bad argument #1 to 'polygon2' (polygon: turns clockwise at point 3: give a convex polygon counter-clockwise)" },
			{ function() return collide.polygon2{ { 0, 0 }, { 0, 1 }, { 1, 0 } } end, "polygon: turns clockwise at point 2" },
			{ function() return collide.polygon2{ { 0, 0 }, { 1, 0 }, { 2, 0 } } end, "polygon: points 1, 2 and 3 are collinear" },
			{ function() return collide.polygon2{ { 0, 0 }, { 1, 0 } } end, "polygon: 2 points, a convex polygon needs at least 3" },
			{ function() return collide.polygon2{ { 0, 0 }, { 1, 0 }, { nan, 1 } } end, "row 3: x is nan" },
			{ function() return collide.polygon2(collide.points(3, 3)) end, "expected 2D points, got 3D points" },
			{ function() return collide.polygon2(7) end, "collide.points or table of points expected, got number" },
			-- hulls
			{ function() return collide.convex{ { 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 } } end, "bad argument #1 to 'convex' (hull: the points are collinear: use a segment)" },
			{ function() return collide.convex{ { 1, 1, 1 }, { 1, 1, 1 } } end, "hull: the points coincide: use a point" },
			{ function() return collide.convex{} end, "hull: 0 points" },
			{ function() return collide.convex{ { 0, 0, 0 }, { 1, 0, 0 }, { 0, nan, 1 } } end, "point 3: y is nan" },
			{ function() return collide.convex{ { 0, 0, 0 }, { 1, 0 } } end, "point 2: expected a point {x, y, z}, got a table of length 2" },
			{ function() return collide.convex(collide.points(4, 2)) end, "points: expected 3D points, got 2D points" },
			{ function() return collide.convex(5) end, "table of points or {vertices =, faces =} expected, got number" },
			-- checked polytopes
			{ function() return collide.convex{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
				faces = { { 1, 3, 2 }, { 1, 2, 4 }, { 2, 3, 4 }, { 1, 4, 9 } } } end, "faces: face 4: vertex index 9 out of range 1..4" },
			{ function() return collide.convex{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
				faces = { { 1, 2, 3 }, { 1, 2, 4 }, { 2, 3, 4 }, { 1, 4, 3 } } } end, "bad argument #1 to 'convex' (convex: edge 1-2 is used twice in the same direction (faces 1 and 2))" },
			{ function() return collide.convex{ vertices = { { 0, 0, 0 } }, face = {} } end, "convex: unknown option 'face' (expected vertices, faces)" },
			{ function() return collide.convex{ vertices = { { 0, 0, 0 } } } end, "faces: expected a table of faces, got nil" },
			{ function() return collide.convex{ vertices = { { 0, 0, 0 } }, faces = { { 1, 1.5, 1 } } } end, "faces: face 1: index 2 must be an integer, got a fraction" },
			{ function() return collide.convex{ vertices = { { 0, 0, 0 } }, faces = { 5 } } end, "faces: face 1: expected a list of vertex indices, got number" },
			{ function() return collide.convex{ vertices = { { 0, 0, nan } }, faces = {} } end, "vertex 1: z is nan" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("name bad arguments to the shape methods", function()
		local poly = collide.polygon2(square)
		local checks = {
			{ function() return box:rounded(-1) end, "bad argument #1 to 'rounded' (radius must be >= 0, got -1.0)" },
			{ function() return box:rounded(nan) end, "bad argument #1 to 'rounded' (expected a finite number, got nan)" },
			{ function() return box:set_pose{ position = { 0, 0, nan } } end, "bad argument #1 to 'set_pose' (pose: position: z is nan)" },
			{ function() return box:set_pose{ positon = { 0, 0, 0 } } end, "pose: unknown option 'positon' (expected position, rotation, axis, angle)" },
			{ function() return box:set_pose{ rotation = { 0, 0, 0, 0 } } end, "pose: rotation: the zero quaternion is not a rotation" },
			{ function() return box:set_pose{ rotation = { 0, 0, 1 } } end, "pose: rotation: expected a quaternion {x, y, z, w}, got a table of another length" },
			{ function() return box:set_pose{ rotation = { 0, 0, nan, 1 } } end, "pose: rotation: z must be a finite number, got nan or inf" },
			{ function() return box:set_pose{ axis = { 0, 0, 0 }, angle = 1 } end, "pose: axis: the zero vector has no direction" },
			{ function() return box:set_pose{ axis = { 0, 0, 1 } } end, "pose: axis needs an angle (radians)" },
			{ function() return box:set_pose{ angle = 1 } end, "pose: angle needs an axis in 3D" },
			{ function() return box:set_pose{ axis = { 0, 0, 1 }, angle = nan } end, "pose: angle is nan" },
			{ function() return box:set_pose{ rotation = { 0, 0, 0, 1 }, angle = 1 } end, "pose: angle goes with axis, not with rotation" },
			{ function() return box:set_pose{ rotation = { 0, 0, 0, 1 }, axis = { 0, 0, 1 }, angle = 1 } end, "pose: give rotation, or axis and angle, not both" },
			{ function() return box:moved_to(5) end, "bad argument #1 to 'moved_to' (pose {position =, rotation = | axis =, angle =} expected, got number)" },
			{ function() return poly:set_pose{ rotation = { 0, 0, 0, 1 } } end, "pose: unknown option 'rotation' (expected position, angle)" },
			{ function() return poly:set_pose{ position = { 1, 2, 3 } } end, "pose: position: expected a point {x, y}, got a table of length 3" },
			{ function() return box:support{ nan, 0, 0 } end, "bad argument #1 to 'support' (direction: x is nan)" },
			{ function() return box:support("up") end, "direction: expected {x, y, z} or x, y, z, got string" },
			{ function() return poly:support{ 1, 0, 0 } end, "direction: expected a point {x, y}, got a table of length 3" },
			{ function() return collide.convex(unit_cube_points()):rounded(0.1):contains(0, 0, 0) end, "contains: a rounded polytope's rounding is not a polytope" },
			{ function() return collide.convex(unit_cube_points()):contains(0, nan, 0) end, "expected a finite number, got nan" },
			{ function() return collide.convex(unit_cube_points()).volume(box) end, "convex polytope (collide.convex) expected, got collide.shape" },
			{ function() return poly.vertices(box) end, "convex polygon (collide.polygon2) expected, got collide.shape" },
			{ function() return box.kind(5) end, "convex shape expected, got number" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
		-- failed writes leave the shape as it was
		assert.are.same({ -1, -1, -1, 1, 1, 1 }, { box:bounds() })
		-- a box has no polytope methods
		assert.is_nil(box.volume)
		assert.is_nil(box.vertices)
	end)

	it("name bad arguments and options of the queries", function()
		local checks = {
			{ function() return collide.gjk(box, 5) end, "bad argument #2 to 'gjk' (convex shape expected, got number)" },
			{ function() return collide.gjk(collide.polygon(square), box) end, "convex shape expected, got collide.polygon" },
			{ function() return collide.gjk(box, collide.mesh.box(1, 1, 1)) end, "convex shape expected, got collide.mesh" },
			{ function() return collide.gjk(box, box, 5) end, "bad argument #3 to 'gjk' (options table expected, got number)" },
			{ function() return collide.gjk(box, box, { paper = 1 }) end, "gjk: paper must be a boolean, got number" },
			{ function() return collide.gjk(box, box, { trace = "yes" }) end, "gjk: trace must be a boolean, got string" },
			{ function() return collide.gjk(box, box, { tolerance = -1 }) end, "gjk: tolerance must be a finite number >= 0, got -1.0" },
			{ function() return collide.gjk(box, box, { tolerance = nan }) end, "gjk: tolerance must be a finite number >= 0, got nan" },
			{ function() return collide.gjk(box, box, { absolute_tolerance = "0" }) end, "gjk: absolute_tolerance must be a number, got string" },
			{ function() return collide.gjk(box, box, { max_iterations = 0 }) end, "gjk: max_iterations must be in 1..1000000, got 0" },
			{ function() return collide.gjk(box, box, { max_iterations = 1.5 }) end, "gjk: max_iterations must be an integer, got 1.5" },
			{ function() return collide.gjk(box, box, { cache = {} }) end, "gjk: cache must be a collide.gjk_cache, got table" },
			{ function() return collide.gjk(box, box, { trac = true }) end, "gjk: unknown option 'trac' (expected paper, tolerance, absolute_tolerance, max_iterations, trace, cache)" },
			{ function() return collide.intersects(box, box, 5) end, "bad argument #3 to 'intersects' (collide.gjk_cache expected, got number)" },
			{ function() return collide.intersects(nil, box) end, "bad argument #1 to 'intersects' (convex shape expected, got nil)" },
			{ function() return collide.penetration(box, box, { max_iterations = -3 }) end, "penetration: max_iterations must be in 1..1000000, got -3" },
			{ function() return collide.penetration(box, box, { paper = true }) end, "penetration: unknown option 'paper' (expected tolerance, max_iterations, trace)" },
			{ function() return collide.penetration(box, box, { tolerance = -0.5 }) end, "penetration: tolerance must be a finite number >= 0, got -0.5" },
			{ function() return collide.penetration_bound(box, "x") end, "bad argument #2 to 'penetration_bound' (convex shape expected, got string)" },
			{ function() return collide.johnson{} end, "points: Johnson's sub-algorithm needs 1 to 4 points, got 0" },
			{ function() return collide.johnson{ { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } } end, "points: too many (5, at most 4)" },
			{ function() return collide.johnson{ { 0, 0 } } end, "point 1: expected a point {x, y, z}, got a table of length 2" },
			{ function() return collide.johnson{ { 0, 0, nan } } end, "point 1: z is nan" },
			{ function() return collide.johnson(3) end, "bad argument #1 to 'johnson' (table expected, got number)" },
			{ function() return collide.gjk_cache().reset(box) end, "collide.gjk_cache expected, got collide.shape" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("never crash on junk arguments to any shape method", function()
		local shapes = { box, collide.sphere(0, 0, 0, 1), collide.circle(0, 0, 1), collide.segment(0, 0, 1, 1),
			collide.convex(unit_cube_points()), collide.polygon2(square), collide.capsule2({ 0, 0 }, { 1, 0 }, 1),
			collide.gjk_cache() }
		local junk = table.pack(nil, true, 0, -1, nan, math.huge, "x", {}, { 1 }, { 1, 2 }, { 1, 2, 3 }, { 1, 2, 3, 4 },
			print, { position = 1 }, { angle = nan }, box, collide.points(2))
		local names = { "rounded", "set_pose", "moved_to", "pose", "support", "bounds", "kind", "dimension",
			"rounding", "vertices", "faces", "volume", "area", "centroid", "contains", "vertex_count", "face_count",
			"is_flat", "reset", "count", "move_to", "unpack", "intersects" }
		local calls = 0
		for _, shape in ipairs(shapes) do
			for _, name in ipairs(names) do
				local f = shape[name]
				if type(f) == "function" then
					for i = 1, junk.n do
						local a = junk[i]
						pcall(f, shape, a)
						pcall(f, a, shape)
						calls = calls + 2
					end
				end
			end
		end
		for _, f in ipairs{ collide.gjk, collide.intersects, collide.penetration, collide.penetration_bound } do
			for i = 1, junk.n do
				local a = junk[i]
				pcall(f, box, a)
				pcall(f, box, box, a)
				calls = calls + 2
			end
		end
		assert.is_true(calls > 500)
		collectgarbage("collect")
	end)
end)

describe("the older shapes as convex shapes", function()
	it("keep their constructors and fields, and gain the shape methods", function()
		local s = collide.sphere({ 1, 2, 3 }, 4)
		assert.are.equal(collide.sphere(1, 2, 3, 4), s)
		assert.are.same({ 1, 2, 3, 4 }, { s.x, s.y, s.z, s.r })
		assert.are.same({ position = { 1, 2, 3 }, rotation = { 0, 0, 0, 1 } }, s:pose())
		local c = collide.circle({ 1, 2 }, 3)
		assert.are.equal(collide.circle(1, 2, 3), c)
		assert.are.same({ -2, -1, 4, 5 }, { c:bounds() })
		-- a capsule2 of radius 0 is a collide.segment, with its fields
		local seg = collide.capsule2({ 0, 0 }, { 3, 4 }, 0)
		assert.are.equal(collide.segment(0, 0, 3, 4), seg)
		assert.are.equal(5, seg:length())
		-- the structures that hand out circles and spheres hand out shapes
		local cov = collide.covering(collide.polygon(square))
		assert.are.equal("circle", cov:bounding_circle():kind())
		local cov3 = collide.covering3d(collide.mesh.box(1, 1, 1))
		assert.are.equal("sphere", cov3:bounding_sphere():kind())
	end)

	it("are still what the mesh, tree and 2D queries take", function()
		local mesh = collide.mesh.box(1, 1, 1)
		local ball = collide.point3{ 0, 0, 1.5 }:rounded(0.6)
		assert.is_true(ball:intersects(mesh))
		assert.is_true(collide.bvh(mesh):intersects_sphere(ball))
		assert.is_true(collide.tetratree(mesh):intersects(ball))
		assert.is_false(collide.bvh(mesh):intersects_sphere(ball:moved_to{ position = { 0, 0, 3 } }))
		local poly = collide.polygon(square)
		local disc = collide.circle(0, 0, 0.1):moved_to{ position = { 2, 0.5 } }
		assert.is_false(poly:intersects(disc))
		disc:set_pose{ position = { 1.05, 0.5 } }
		assert.is_true(poly:intersects(disc))
		assert.is_true(collide.tritree(poly):collides(disc))
		local seg = collide.segment(-1, 0.5, 0.5, 0.5)
		assert.is_true(poly:intersects(seg))
		assert.is_true(seg:intersects(disc:moved_to{ position = { 0.5, 0.55 } }))
	end)
end)
