-- The bounded CGA tests through the Lua API (cga_collide.h, lua/wrap_cga_collide.c): the six pairs
-- on hand-made cases (touching counts; segments in a triangle's plane; nested spheres and segments
-- inside a sphere, surface against solid), each against the engine's Euclidean answers on random
-- cases (collide.intersects, the 2D segments, sphere:intersects, a one-triangle mesh queried by
-- method "euclidean"), the brute-force mesh queries by both methods giving the same triangles, every
-- argument error, and the example of docs/lua-api.md.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of
local cga = collide.cga

local nan = 0 / 0
local T = { { 0, 0, 0 }, { 2, 0, 0 }, { 0, 2, 0 } } -- a right triangle in the plane z = 0

-- Asserts that f() raises an error whose message contains text (plainly). f calls the function by
-- its field (cga.x(...)), so that the message names it as a script sees it.
local function fails_with(text, f)
	local message = error_of(f)
	assert.is_truthy(message:find(text, 1, true), ("expected %q in the error, got %q"):format(text, message))
end

local function fmt(p) return ("{%.17g, %.17g, %.17g}"):format(p[1], p[2], p[3]) end
local function fmt_all(list)
	local out = {}
	for i, p in ipairs(list) do out[i] = fmt(p) end
	return table.concat(out, ", ")
end

-- A random point with coordinates uniform in [-scale, scale], or integers in -n..n (a stream).
local function random_point(random, scale) return { scale * (2 * random() - 1), scale * (2 * random() - 1), scale * (2 * random() - 1) } end
local function grid_point(random, n)
	local function k() return math.floor(random() * (2 * n + 1)) - n end
	return { k(), k(), k() }
end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b) return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] } end
local function degenerate(t) local n = cross(sub(t[2], t[1]), sub(t[3], t[1])) return dot(n, n) == 0 end

-- Strictly inside the ball (the surface rule: a figure whose points are all strictly inside misses the sphere).
local function strictly_inside(p, c, r) local d = sub(p, c) return dot(d, d) < r * r end

-- The engine's exact Euclidean answer for one triangle: a mesh of it queried by method "euclidean".
local function euclidean_one(t, query)
	local m = collide.mesh{ vertices = t, triangles = { { 1, 2, 3 } } }
	local n = cga.mesh_query(m, query, { method = "euclidean" })
	return n == 1
end

-- The sorted-as-given list as one string, for comparing hit lists in one assertion.
local function list_text(list) return "{" .. table.concat(list, ",") .. "}" end

describe("collide.cga bounded tests", function()
	describe("segment_segment", function()
		it("meets when the segments cross, touch or overlap, and not when parallel, skew or apart", function()
			assert.is_true(cga.segment_segment({ 0, 0, 0 }, { 2, 2, 0 }, { 0, 2, 0 }, { 2, 0, 0 }), "crossing")
			assert.is_true(cga.segment_segment({ 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }), "end to end")
			assert.is_true(cga.segment_segment({ 0, 0, 0 }, { 2, 0, 0 }, { 1, 0, 0 }, { 1, 1, 1 }), "end on the other's inside")
			assert.is_true(cga.segment_segment({ 0, 0, 0 }, { 2, 0, 0 }, { 1, 0, 0 }, { 3, 0, 0 }), "collinear, overlapping")
			assert.is_false(cga.segment_segment({ 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 }), "collinear, apart")
			assert.is_false(cga.segment_segment({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }), "parallel")
			assert.is_false(cga.segment_segment({ 0, 0, 0 }, { 1, 0, 0 }, { 0.5, -1, 1 }, { 0.5, 1, 1 }), "skew")
			assert.is_true(cga.segment_segment({ 1, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, { 2, 0, 0 }), "a point on the other")
			-- the points may also be three numbers each
			assert.is_true(cga.segment_segment(0, 0, 0, 2, 2, 0, { 0, 2, 0 }, 2, 0, 0))
			assert.is_true(cga.segment_segment({ x = 0, y = 0, z = 5 }, { 2, 2, 5 }, { 0, 2, 5 }, { 2, 0, 5 }))
		end)

		it("agrees with the 2D segments on random grid segments in two planes (collinear and touching cases included)", function()
			local random = support.generator(101)
			local lifts = {
				function(x, y) return { x, y, 0 } end,
				-- an exact linear map of the plane onto z = x + 2y: it keeps every meeting and every tie
				function(x, y) return { x, y, x + 2 * y } end,
			}
			local met, count = 0, support.cases(4000)
			for i = 1, count do
				local p = {}
				for k = 1, 8 do p[k] = math.floor(random() * 7) - 3 end
				local lift = lifts[i % 2 + 1]
				local expected = collide.segment(p[1], p[2], p[3], p[4]):intersects(collide.segment(p[5], p[6], p[7], p[8]))
				local got = cga.segment_segment(lift(p[1], p[2]), lift(p[3], p[4]), lift(p[5], p[6]), lift(p[7], p[8]))
				assert.are.equal(expected, got, ("seed 101 case %d: segments (%d, %d)-(%d, %d) and (%d, %d)-(%d, %d)"):format(i, table.unpack(p)))
				if got then met = met + 1 end
			end
			assert.is_true(met > count // 10 and met < count - count // 10, "the cases are mixed")
		end)

		it("agrees with collide.intersects on random segments in space", function()
			local random = support.generator(102)
			for i = 1, support.cases(1000) do
				local a, b, c, d = random_point(random, 1), random_point(random, 1), random_point(random, 1), random_point(random, 1)
				local expected = collide.intersects(collide.segment3(a, b), collide.segment3(c, d))
				assert.are.equal(expected, cga.segment_segment(a, b, c, d), "seed 102 case " .. i .. ": " .. fmt_all{ a, b, c, d })
			end
		end)
	end)

	describe("segment_triangle", function()
		it("meets through the face, an edge or a vertex, and in the triangle's plane", function()
			assert.is_true(cga.segment_triangle({ 0.5, 0.5, -1 }, { 0.5, 0.5, 1 }, T), "through the face")
			assert.is_false(cga.segment_triangle({ 1.5, 1.5, -1 }, { 1.5, 1.5, 1 }, T), "past the hypotenuse")
			assert.is_true(cga.segment_triangle({ 1, 0, -1 }, { 1, 0, 1 }, T), "through an edge")
			assert.is_true(cga.segment_triangle({ 2, 0, 1 }, { 2, 0, 0 }, T), "ending at a vertex")
			assert.is_true(cga.segment_triangle({ 0.5, 0.5, 0 }, { 0.5, 0.5, 3 }, T), "starting on the face")
			assert.is_false(cga.segment_triangle({ 0.5, 0.5, 1e-9 }, { 0.5, 0.5, 3 }, T), "just above the face")
			-- a segment in the triangle's plane
			assert.is_true(cga.segment_triangle({ -1, 0.5, 0 }, { 3, 0.5, 0 }, T), "in the plane, across")
			assert.is_true(cga.segment_triangle({ 0.2, 0.2, 0 }, { 0.4, 0.3, 0 }, T), "in the plane, inside")
			assert.is_true(cga.segment_triangle({ -1, 1, 0 }, { 0, 1, 0 }, T), "in the plane, touching an edge")
			assert.is_false(cga.segment_triangle({ -1, 3, 0 }, { 3, 3, 0 }, T), "in the plane, beside it")
			assert.is_false(cga.segment_triangle({ 0.5, 0.5, 1 }, { 3, 0.5, 1 }, T), "parallel to the plane")
		end)

		it("agrees with collide.intersects on random segments and triangles", function()
			local random = support.generator(201)
			local met, count = 0, support.cases(5000)
			for i = 1, count do
				local q1, q2 = random_point(random, 1), random_point(random, 1)
				local t = { random_point(random, 1), random_point(random, 1), random_point(random, 1) }
				local expected = collide.intersects(collide.segment3(q1, q2), collide.triangle(t[1], t[2], t[3]))
				local got = cga.segment_triangle(q1, q2, t)
				assert.are.equal(expected, got, "seed 201 case " .. i .. ": " .. fmt_all{ q1, q2, t[1], t[2], t[3] })
				if got then met = met + 1 end
			end
			assert.is_true(met > count // 50 and met < count * 19 // 50, "the cases are mixed")
		end)

		it("agrees with the engine's exact Euclidean test on random grid cases (ties in plenty)", function()
			local random = support.generator(202)
			for i = 1, support.cases(5000) do
				local q1, q2 = grid_point(random, 2), grid_point(random, 2)
				local t = { grid_point(random, 2), grid_point(random, 2), grid_point(random, 2) }
				if not degenerate(t) then
					local expected = euclidean_one(t, { segment = { q1, q2 } })
					assert.are.equal(expected, cga.segment_triangle(q1, q2, t), "seed 202 case " .. i .. ": " .. fmt_all{ q1, q2, t[1], t[2], t[3] })
				end
			end
		end)
	end)

	describe("segment_sphere", function()
		it("counts a segment strictly inside as meeting the solid ball only", function()
			assert.is_false(cga.segment_sphere({ -0.5, 0, 0 }, { 0.5, 0, 0 }, { 0, 0, 0 }, 1), "surface (the default)")
			assert.is_false(cga.segment_sphere({ -0.5, 0, 0 }, { 0.5, 0, 0 }, { 0, 0, 0 }, 1, "surface"))
			assert.is_true(cga.segment_sphere({ -0.5, 0, 0 }, { 0.5, 0, 0 }, { 0, 0, 0 }, 1, "solid"))
		end)

		it("meets when the segment crosses, touches or ends on the sphere", function()
			for _, mode in ipairs{ "surface", "solid" } do
				assert.is_true(cga.segment_sphere({ -2, 0, 0 }, { 2, 0, 0 }, { 0, 0, 0 }, 1, mode), "across, " .. mode)
				assert.is_true(cga.segment_sphere({ 0, 0, 0 }, { 2, 0, 0 }, { 0, 0, 0 }, 1, mode), "from the centre out, " .. mode)
				assert.is_true(cga.segment_sphere({ -1, 1, 0 }, { 1, 1, 0 }, { 0, 0, 0 }, 1, mode), "tangent, " .. mode)
				assert.is_true(cga.segment_sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, 1, mode), "ending on the sphere, " .. mode)
				assert.is_false(cga.segment_sphere({ -1, 1.01, 0 }, { 1, 1.01, 0 }, { 0, 0, 0 }, 1, mode), "just above, " .. mode)
				assert.is_false(cga.segment_sphere({ 1.5, 0, 0 }, { 3, 0, 0 }, { 0, 0, 0 }, 1, mode), "on the line, beyond, " .. mode)
				assert.is_true(cga.segment_sphere({ 0, 0, 0 }, { 2, 0, 0 }, { 1, 0, 0 }, 0, mode), "a point on the segment, " .. mode)
			end
		end)

		it("reads the sphere in every form", function()
			local a, b = { -2, 0.5, 0 }, { 2, 0.5, 0 }
			assert.is_true(cga.segment_sphere(a, b, collide.sphere(0, 0, 0, 1)))
			assert.is_true(cga.segment_sphere(a, b, { { 0, 0, 0 }, 1 }))
			assert.is_true(cga.segment_sphere(a, b, { center = { 0, 0, 0 }, radius = 1 }, "solid"))
			assert.is_true(cga.segment_sphere(a, b, 0, 0, 0, 1, "solid"))
			assert.is_false(cga.segment_sphere(a, b, { 0, 0, 0 }, 0.4))
		end)

		it("agrees with collide.intersects on random segments and balls (the surface rule added)", function()
			local random = support.generator(301)
			local inside, count = 0, support.cases(5000)
			for i = 1, count do
				local a, b, c = random_point(random, 1), random_point(random, 1), random_point(random, 1)
				local r = 1.5 * random()
				local solid = collide.intersects(collide.segment3(a, b), collide.sphere(c, r))
				local surface = solid and not (strictly_inside(a, c, r) and strictly_inside(b, c, r))
				local got_solid, got_surface = cga.segment_sphere(a, b, c, r, "solid"), cga.segment_sphere(a, b, c, r)
				if got_solid ~= solid or got_surface ~= surface then -- (the message only for a failure)
					local where = "seed 301 case " .. i .. ": " .. fmt_all{ a, b, c } .. (" r = %.17g"):format(r)
					assert.are.equal(solid, got_solid, where .. " solid")
					assert.are.equal(surface, got_surface, where .. " surface")
				end
				if solid ~= surface then inside = inside + 1 end
			end
			assert.is_true(inside > count // 500, "some segments lie inside")
		end)
	end)

	describe("triangle_triangle", function()
		it("meets crossing, touching and coplanar, and not apart", function()
			assert.is_true(cga.triangle_triangle(T, { { 0.5, 0.5, -1 }, { 0.5, 0.5, 1 }, { 3, 3, 0 } }), "crossing")
			assert.is_true(cga.triangle_triangle(T, { { 2, 0, 0 }, { 3, 0, 1 }, { 3, 1, -1 } }), "sharing a vertex")
			assert.is_true(cga.triangle_triangle(T, { { 1, 1, 0 }, { 2, 2, 1 }, { 2, 2, -1 } }), "a vertex on the hypotenuse")
			assert.is_true(cga.triangle_triangle(T, { { 0.2, 0.2, 0 }, { 0.5, 0.2, 0 }, { 0.2, 0.5, 0 } }), "coplanar, one inside the other")
			assert.is_true(cga.triangle_triangle(T, { { 1, -1, 0 }, { 1, 3, 0 }, { 3, 1, 0 } }), "coplanar, overlapping")
			assert.is_true(cga.triangle_triangle(T, { { 2, 0, 0 }, { 4, 0, 0 }, { 3, 1, 0 } }), "coplanar, sharing a vertex")
			assert.is_false(cga.triangle_triangle(T, { { 2, 1, 0 }, { 4, 0, 0 }, { 3, 2, 0 } }), "coplanar, apart")
			assert.is_false(cga.triangle_triangle(T, { { 0, 0, 1 }, { 2, 0, 1 }, { 0, 2, 1 } }), "parallel planes")
			assert.is_false(cga.triangle_triangle(T, { { 1.5, 1.5, -1 }, { 1.5, 1.5, 1 }, { 3, 3, 0 } }), "past the hypotenuse")
		end)

		it("agrees with collide.intersects on random triangles", function()
			local random = support.generator(401)
			local met, count = 0, support.cases(5000)
			for i = 1, count do
				local t = { random_point(random, 1), random_point(random, 1), random_point(random, 1) }
				local u = { random_point(random, 1), random_point(random, 1), random_point(random, 1) }
				local expected = collide.intersects(collide.triangle(t[1], t[2], t[3]), collide.triangle(u[1], u[2], u[3]))
				local got = cga.triangle_triangle(t, u)
				assert.are.equal(expected, got, "seed 401 case " .. i .. ": " .. fmt_all(t) .. " / " .. fmt_all(u))
				if got then met = met + 1 end
			end
			assert.is_true(met > count // 50 and met < count * 19 // 50, "the cases are mixed")
		end)

		it("agrees with the engine's exact Euclidean test on random grid triangles (coplanar ones included)", function()
			local random = support.generator(402)
			for i = 1, support.cases(5000) do
				local t = { grid_point(random, 1), grid_point(random, 1), grid_point(random, 1) }
				local u = { grid_point(random, 1), grid_point(random, 1), grid_point(random, 1) }
				if i % 3 == 0 then -- in the plane z = 0
					for k = 1, 3 do t[k][3], u[k][3] = 0, 0 end
				end
				if not degenerate(t) and not degenerate(u) then
					assert.are.equal(euclidean_one(t, { triangle = u }), cga.triangle_triangle(t, u),
						"seed 402 case " .. i .. ": " .. fmt_all(t) .. " / " .. fmt_all(u))
				end
			end
		end)
	end)

	describe("triangle_sphere", function()
		it("counts a triangle strictly inside as meeting the solid ball only", function()
			local small = { { -0.2, -0.2, 0.1 }, { 0.3, 0, 0 }, { 0, 0.3, -0.1 } }
			assert.is_false(cga.triangle_sphere(small, { 0, 0, 0 }, 1))
			assert.is_true(cga.triangle_sphere(small, { 0, 0, 0 }, 1, "solid"))
		end)

		it("meets at a touching point, through the face and at a vertex", function()
			for _, mode in ipairs{ "surface", "solid" } do
				assert.is_true(cga.triangle_sphere(T, { 0.5, 0.5, 1 }, 1, mode), "touching the face, " .. mode)
				assert.is_false(cga.triangle_sphere(T, { 0.5, 0.5, 1.001 }, 1, mode), "just above, " .. mode)
				assert.is_true(cga.triangle_sphere(T, { 0.5, 0.5, 0.5 }, 1, mode), "the cap through the face, " .. mode)
				assert.is_true(cga.triangle_sphere(T, { 3, 0, 0 }, 1, mode), "touching a vertex, " .. mode)
				assert.is_true(cga.triangle_sphere(T, { 1, -1, 0 }, 1, mode), "touching an edge in the plane, " .. mode)
				assert.is_true(cga.triangle_sphere(T, { 0.5, 0.5, 0 }, 0.1, mode), "a small ball on the face, " .. mode)
				assert.is_false(cga.triangle_sphere(T, { 5, 5, 5 }, 1, mode), "far, " .. mode)
			end
		end)

		it("agrees with collide.intersects on random triangles and balls (the surface rule added)", function()
			local random = support.generator(501)
			local inside, count = 0, support.cases(5000)
			for i = 1, count do
				local t = { random_point(random, 1), random_point(random, 1), random_point(random, 1) }
				local c, r = random_point(random, 1), 1.5 * random()
				local solid = collide.intersects(collide.triangle(t[1], t[2], t[3]), collide.sphere(c, r))
				local surface = solid and not (strictly_inside(t[1], c, r) and strictly_inside(t[2], c, r) and strictly_inside(t[3], c, r))
				local got_solid, got_surface = cga.triangle_sphere(t, c, r, "solid"), cga.triangle_sphere(t, { c, r })
				if got_solid ~= solid or got_surface ~= surface then -- (the message only for a failure)
					local where = "seed 501 case " .. i .. ": " .. fmt_all(t) .. " ball " .. fmt(c) .. (" r = %.17g"):format(r)
					assert.are.equal(solid, got_solid, where .. " solid")
					assert.are.equal(surface, got_surface, where .. " surface")
				end
				if solid ~= surface then inside = inside + 1 end
			end
			assert.is_true(inside > count // 1000, "some triangles lie inside")
		end)
	end)

	describe("sphere_sphere", function()
		it("counts nested spheres as meeting as solids only, and tangent ones as meeting", function()
			local big, small = { { 0, 0, 0 }, 3 }, { center = { 0.5, 0, 0 }, radius = 1 }
			assert.is_false(cga.sphere_sphere(big, small), "nested, surface")
			assert.is_true(cga.sphere_sphere(big, small, "solid"), "nested, solid")
			assert.is_false(cga.sphere_sphere(small, big), "nested the other way")
			for _, mode in ipairs{ "surface", "solid" } do
				assert.is_true(cga.sphere_sphere({ 0, 0, 0 }, 2, { 1, 0, 0 }, 1, mode), "internally tangent, " .. mode)
				assert.is_true(cga.sphere_sphere({ 0, 0, 0 }, 1, { 2, 0, 0 }, 1, mode), "externally tangent, " .. mode)
				assert.is_true(cga.sphere_sphere({ 0, 0, 0 }, 1, { 1, 0, 0 }, 1, mode), "a real circle, " .. mode)
				assert.is_false(cga.sphere_sphere({ 0, 0, 0 }, 1, { 2.001, 0, 0 }, 1, mode), "apart, " .. mode)
				assert.is_true(cga.sphere_sphere({ 1, 2, 3 }, 1, { 1, 2, 3 }, 1, mode), "the same sphere, " .. mode)
			end
			assert.is_false(cga.sphere_sphere({ 0, 0, 0 }, 1, { 0, 0, 0 }, 2), "concentric, surface")
			assert.is_true(cga.sphere_sphere(collide.sphere(0, 0, 0, 1), collide.sphere(0, 0, 0, 2), "solid"), "concentric, solid")
		end)

		it("agrees with sphere:intersects and exact arithmetic on random grid spheres (tangent ones in plenty)", function()
			local random = support.generator(601)
			local tangent, count = 0, support.cases(4000)
			for i = 1, count do
				local c1, c2 = grid_point(random, 2), grid_point(random, 2)
				local r1, r2 = math.floor(random() * 4), math.floor(random() * 4)
				local d = sub(c1, c2)
				local d2 = dot(d, d)
				local solid = collide.sphere(c1, r1):intersects(collide.sphere(c2, r2))
				-- small integers: every square below is exact
				assert.are.equal(d2 <= (r1 + r2) ^ 2, solid, "sphere:intersects, case " .. i)
				local surface = solid and d2 >= (r1 - r2) ^ 2
				local where = ("seed 601 case %d: %s r %d, %s r %d"):format(i, fmt(c1), r1, fmt(c2), r2)
				assert.are.equal(solid, cga.sphere_sphere(c1, r1, c2, r2, "solid"), where .. " solid")
				assert.are.equal(surface, cga.sphere_sphere(c1, r1, c2, r2), where .. " surface")
				if d2 == (r1 + r2) ^ 2 or d2 == (r1 - r2) ^ 2 then tangent = tangent + 1 end
			end
			assert.is_true(tangent > count // 80, "tangent cases came up")
		end)
	end)
end)

describe("collide.cga mesh queries", function()
	local bumpy, ico = collide.mesh.bumpy_sphere(2), collide.mesh.icosphere(2)
	local meshes = { { "bumpy sphere", bumpy }, { "icosphere", ico } }

	-- A random query near a mesh of radius about 1.
	local function random_query(random, kind)
		local c = random_point(random, 1.1)
		if kind == "segment" then
			return { segment = { c, random_point(random, 1.3) } }
		elseif kind == "triangle" then
			local s = 0.4
			return { triangle = { c, { c[1] + s * random(), c[2] + s * random(), c[3] }, { c[1], c[2] + s * random(), c[3] + s * random() } } }
		end
		return { sphere = { c, 0.6 * random() }, mode = random() < 0.5 and "solid" or "surface" }
	end

	it("answers count, hits and stats, with 1-based triangles that the pairwise tests confirm", function()
		local triangles, vertices = ico:triangles(), ico:vertices()
		local function triangle(i) local t = triangles[i] return { vertices[t[1]], vertices[t[2]], vertices[t[3]] } end
		local cases = {
			{ { segment = { { 0, 0, -2 }, { 0, 0, 2 } } }, function(t) return cga.segment_triangle({ 0, 0, -2 }, { 0, 0, 2 }, t) end },
			{ { triangle = { { -2, 0.1, 0.05 }, { 2, 0.1, 0.05 }, { 0, 0.2, 2 } } },
				function(t) return cga.triangle_triangle({ { -2, 0.1, 0.05 }, { 2, 0.1, 0.05 }, { 0, 0.2, 2 } }, t) end },
			{ { sphere = { { 0.9, 0.3, 0 }, 0.3 } }, function(t) return cga.triangle_sphere(t, { 0.9, 0.3, 0 }, 0.3) end },
			{ { sphere = collide.sphere(0, 0, 0, 0.99), mode = "solid" }, function(t) return cga.triangle_sphere(t, { 0, 0, 0 }, 0.99, "solid") end },
			{ { sphere = { center = { 0, 0, 0 }, radius = 0.5 } }, function() return false end },
		}
		for k, case in ipairs(cases) do
			local count, hits, stats = cga.mesh_query(ico, case[1], { hits = true })
			local expected = {}
			for i = 1, #triangles do
				if case[2](triangle(i)) then expected[#expected + 1] = i end
			end
			assert.are.equal(list_text(expected), list_text(hits), "case " .. k)
			assert.are.equal(#expected, count, "case " .. k)
			assert.are.equal(#triangles, stats.pairs, "case " .. k)
			assert.are.equal(count, stats.hits, "case " .. k)
			for _, key in ipairs{ "plane_rejects", "coplanar", "exact_fallbacks" } do
				assert.are.equal("number", type(stats[key]), key)
			end
			local plain, none = cga.mesh_query(ico, case[1])
			assert.are.equal(count, plain)
			assert.is_nil(none, "no list unless asked")
		end
		assert.is_true(#select(2, cga.mesh_query(ico, cases[4][1], { hits = true })) == #triangles, "the solid ball holds every triangle")
	end)

	it("gives the same triangles by method cga and euclidean on random queries", function()
		local random = support.generator(701)
		for _, entry in ipairs(meshes) do
			local name, m = entry[1], entry[2]
			local met = 0
			for i = 1, support.cases(300) do
				for _, kind in ipairs{ "segment", "triangle", "sphere" } do
					local query = random_query(random, kind)
					local n1, h1, s1 = cga.mesh_query(m, query, { method = "cga", hits = true })
					local n2, h2, s2 = cga.mesh_query(m, query, { method = "euclidean", hits = true })
					local where = ("seed 701 %s case %d %s"):format(name, i, kind)
					assert.are.equal(list_text(h2), list_text(h1), where)
					assert.are.equal(n2, n1, where)
					assert.are.equal(s2.pairs, s1.pairs, where)
					assert.are.equal(n1, s1.hits, where)
					met = met + n1
				end
			end
			assert.is_true(met > 0, name .. ": some queries met the mesh")
		end
		-- "default" is cga
		local query = { segment = { { -2, 0.1, 0 }, { 2, 0.1, 0.1 } } }
		local _, h1 = cga.mesh_query(bumpy, query, { method = "default", hits = true })
		local _, h2 = cga.mesh_query(bumpy, query, { hits = true })
		assert.are.equal(list_text(h2), list_text(h1))
	end)

	it("meets meshes pair by pair, the same by both methods, a pose moving b", function()
		local small = collide.mesh.icosphere(1, 0.3)
		local random = support.generator(801)
		local hits = 0
		for i = 1, 40 do
			local d = random_point(random, 1)
			local n = math.sqrt(dot(d, d))
			-- from well inside the shell (no triangle met) to clear of it
			local reach = 0.4 + 1.2 * random()
			local at = { d[1] / n * reach, d[2] / n * reach, d[3] / n * reach }
			local pose = { position = at, rotation = { random(), random(), random(), 1 } }
			local p1, a1, b1, s1 = cga.mesh_mesh(bumpy, small, { pose = pose })
			local p2, a2, b2, s2 = cga.mesh_mesh(bumpy, small, { pose = pose, method = "euclidean" })
			local where = "seed 801 case " .. i .. " at " .. fmt(at)
			assert.are.equal(p2, p1, where)
			assert.are.equal(list_text(a2), list_text(a1), where .. " triangles of a")
			assert.are.equal(list_text(b2), list_text(b1), where .. " triangles of b")
			assert.are.equal(bumpy:triangle_count() * small:triangle_count(), s1.pairs, where)
			assert.are.equal(s2.pairs, s1.pairs, where)
			assert.are.equal(p1, s1.hits, where)
			-- surfaces meeting means the solids meet; lists and pairs go together
			if p1 > 0 then assert.is_true(bumpy:intersects(small, pose), where) end
			assert.are.equal(p1 > 0, #a1 > 0, where)
			assert.are.equal(p1 > 0, #b1 > 0, where)
			hits = hits + (p1 > 0 and 1 or 0)
		end
		assert.is_true(hits > 5 and hits < 35, "the cases are mixed: " .. hits .. " of 40 met")
	end)

	it("moves b by the pose as a moved copy of b would be", function()
		local small = collide.mesh.icosphere(1, 0.3)
		local at = { 0.95, 0.1, -0.05 }
		local moved = {}
		for i, v in ipairs(small:vertices()) do moved[i] = { v[1] + at[1], v[2] + at[2], v[3] + at[3] } end
		local copy = collide.mesh{ vertices = moved, triangles = small:triangles() }
		local p1, a1, b1 = cga.mesh_mesh(bumpy, small, { pose = { position = at } })
		local p2, a2, b2 = cga.mesh_mesh(bumpy, copy)
		assert.is_true(p1 > 0)
		assert.are.equal(p2, p1)
		assert.are.equal(list_text(a2), list_text(a1))
		assert.are.equal(list_text(b2), list_text(b1))
		-- apart: nothing; the whole mesh against itself: every triangle meets a neighbour
		assert.are.equal(0, (cga.mesh_mesh(bumpy, small, { pose = { position = { 5, 0, 0 } } })))
		local p, a = cga.mesh_mesh(ico, ico)
		assert.is_true(p >= ico:triangle_count())
		assert.are.equal(ico:triangle_count(), #a)
	end)
end)

describe("collide.cga bounded tests: errors", function()
	local m = collide.mesh.icosphere(1)

	it("refuses bad points and triangles", function()
		fails_with("bad argument #2 to 'segment_segment' (point b: y is nan)", function() return cga.segment_segment({ 0, 0, 0 }, { 1, nan, 0 }, { 0, 0, 0 }, { 1, 1, 1 }) end)
		fails_with("bad argument #1 to 'segment_segment' (expected a finite number, got inf)", function() return cga.segment_segment(math.huge, 0, 0, { 1, 0, 0 }, { 0, 0, 0 }, { 1, 1, 1 }) end)
		fails_with("(point d: expected {x, y, z} or x, y, z, got no value)", function() return cga.segment_segment({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }) end)
		fails_with("(point a: expected a point {x, y, z}, got a table of length 2)", function() return cga.segment_segment({ 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, { 1, 1, 1 }) end)
		fails_with("bad argument #3 to 'segment_triangle' (triangle: expected a table of three points {a, b, c}, got no value)", function() return cga.segment_triangle({ 0, 0, 0 }, { 1, 0, 0 }) end)
		fails_with("(triangle: expected three points {a, b, c}, got 2)", function() return cga.segment_triangle({ 0, 0, 0 }, { 1, 0, 0 }, { { 0, 0, 0 }, { 1, 0, 0 } }) end)
		fails_with("bad argument #2 to 'triangle_triangle' (triangle u: vertex 3: z is nan)", function() return cga.triangle_triangle(T, { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, nan } }) end)
		fails_with("(triangle t: vertex 2: y must be a number, got string)", function() return cga.triangle_triangle({ { 0, 0, 0 }, { 1, "a", 0 }, { 0, 1, 0 } }, T) end)
	end)

	it("refuses bad spheres and modes", function()
		fails_with("bad argument #4 to 'segment_sphere' (radius must be >= 0, got -1.0)", function() return cga.segment_sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, -1) end)
		fails_with("bad argument #4 to 'segment_sphere' (expected a finite number, got nan)", function() return cga.segment_sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, nan) end)
		fails_with("bad argument #3 to 'segment_sphere' (sphere: radius must be a finite number >= 0, got -2)", function() return cga.segment_sphere({ 0, 0, 0 }, { 1, 0, 0 }, { { 0, 0, 0 }, -2 }) end)
		fails_with("(sphere: radius must be a finite number >= 0, got nan)", function() return cga.triangle_sphere(T, { center = { 0, 0, 0 }, radius = nan }) end)
		fails_with("(sphere: radius must be a number, got nil)", function() return cga.triangle_sphere(T, { center = { 0, 0, 0 } }) end)
		fails_with("(sphere: center: x is nan)", function() return cga.sphere_sphere({ center = { nan, 0, 0 }, radius = 1 }, { { 0, 0, 0 }, 1 }) end)
		fails_with("bad argument #1 to 'sphere_sphere' (collide.sphere or a centre {x, y, z} and a radius expected, got string)", function() return cga.sphere_sphere("ball", { { 0, 0, 0 }, 1 }) end)
		fails_with("bad argument #3 to 'sphere_sphere' (mode must be 'surface' or 'solid', got 'hollow')", function() return cga.sphere_sphere({ { 0, 0, 0 }, 1 }, { { 0, 0, 0 }, 1 }, "hollow") end)
		fails_with("bad argument #5 to 'segment_sphere' (mode must be 'surface' or 'solid', got number)", function() return cga.segment_sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 }, 1, 2) end)
		fails_with("bad argument #3 to 'triangle_sphere' (mode must be 'surface' or 'solid', got boolean)", function() return cga.triangle_sphere(T, collide.sphere(0, 0, 0, 1), true) end)
	end)

	it("refuses bad meshes, queries and options", function()
		fails_with("bad argument #1 to 'mesh_query' (collide.mesh expected, got table)", function() return cga.mesh_query({}, { segment = { { 0, 0, 0 }, { 1, 0, 0 } } }) end)
		local closed = collide.mesh.icosphere(0)
		closed:close()
		fails_with("bad argument #1 to 'mesh_query' (mesh is closed)", function() return cga.mesh_query(closed, { segment = { { 0, 0, 0 }, { 1, 0, 0 } } }) end)
		fails_with("bad argument #2 to 'mesh_query' (query {segment =}, {triangle =} or {sphere =} expected, got no value)", function() return cga.mesh_query(m) end)
		fails_with("(query: expected one of segment, triangle or sphere)", function() return cga.mesh_query(m, {}) end)
		fails_with("(query: expected one of segment, triangle or sphere)", function() return cga.mesh_query(m, { mode = "solid" }) end)
		fails_with("(query: give one of segment, triangle or sphere, not segment and sphere)", function() return cga.mesh_query(m,
			{ segment = { { 0, 0, 0 }, { 1, 0, 0 } }, sphere = { { 0, 0, 0 }, 1 } }) end)
		fails_with("(query: unknown option 'ray' (expected segment, triangle, sphere, mode))", function() return cga.mesh_query(m, { ray = {} }) end)
		fails_with("(query: segment: expected two points {p, q}, got 3)", function() return cga.mesh_query(m, { segment = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 } } }) end)
		fails_with("(query: segment: end 2: z is nan)", function() return cga.mesh_query(m, { segment = { { 0, 0, 0 }, { 1, 0, nan } } }) end)
		fails_with("(query: triangle: expected a table of three points {a, b, c}, got string)", function() return cga.mesh_query(m, { triangle = "abc" }) end)
		fails_with("(query: sphere: expected a collide.sphere or {center, radius}, got number)", function() return cga.mesh_query(m, { sphere = 1 }) end)
		fails_with("(query: sphere: radius must be a finite number >= 0, got -1)", function() return cga.mesh_query(m, { sphere = { { 0, 0, 0 }, -1 } }) end)
		fails_with("(query: sphere: center: expected a point {x, y, z}, got nil)", function() return cga.mesh_query(m, { sphere = { radius = 1 } }) end)
		fails_with("(query: mode must be 'surface' or 'solid', got 'inside')", function() return cga.mesh_query(m, { sphere = { { 0, 0, 0 }, 1 }, mode = "inside" }) end)
		local query = { sphere = { { 0, 0, 0 }, 1 } }
		fails_with("bad argument #3 to 'mesh_query' (options table expected, got string)", function() return cga.mesh_query(m, query, "cga") end)
		fails_with("(options: unknown option 'methd' (expected method, hits))", function() return cga.mesh_query(m, query, { methd = "cga" }) end)
		fails_with("(options: method must be 'cga' or 'euclidean', got 'crossing')", function() return cga.mesh_query(m, query, { method = "crossing" }) end)
		fails_with("(options: method must be 'cga' or 'euclidean', got 'nonsense')", function() return cga.mesh_query(m, query, { method = "nonsense" }) end)
		fails_with("(options: method must be 'cga' or 'euclidean', got number)", function() return cga.mesh_query(m, query, { method = 1 }) end)
		fails_with("(options: hits must be a boolean, got number)", function() return cga.mesh_query(m, query, { hits = 1 }) end)
	end)

	it("refuses bad mesh pairs and poses", function()
		fails_with("bad argument #2 to 'mesh_mesh' (collide.mesh expected, got collide.sphere)", function() return cga.mesh_mesh(m, collide.sphere(0, 0, 0, 1)) end)
		fails_with("(options: unknown option 'position' (expected method, pose))", function() return cga.mesh_mesh(m, m, { position = { 1, 0, 0 } }) end)
		fails_with("bad argument #3 to 'mesh_mesh' (options: pose: expected {position =, rotation =}, got number)", function() return cga.mesh_mesh(m, m, { pose = 1 }) end)
		fails_with("(options: pose: unknown option 'positon' (expected position, rotation))", function() return cga.mesh_mesh(m, m, { pose = { positon = { 1, 0, 0 } } }) end)
		fails_with("(options: pose: position: x is nan)", function() return cga.mesh_mesh(m, m, { pose = { position = { nan, 0, 0 } } }) end)
		fails_with("(options: pose: rotation: the zero quaternion is not a rotation)", function() return cga.mesh_mesh(m, m, { pose = { rotation = { 0, 0, 0, 0 } } }) end)
		fails_with("(options: method must be 'cga' or 'euclidean', got 'tetratree')", function() return cga.mesh_mesh(m, m, { method = "tetratree" }) end)
		-- a pose too far for the engine's coordinates: its message, not a crash
		fails_with("bad argument #3 to 'mesh_mesh' (", function() return cga.mesh_mesh(m, m, { pose = { position = { 1e31, 0, 0 } } }) end)
	end)
end)
