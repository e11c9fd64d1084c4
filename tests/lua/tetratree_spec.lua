-- collide.covering3d and collide.tetratree (source 000, 5.1 and 5.2): the covering's tetrahedra,
-- signs and bounding sphere, the tetra-tree's build options, statistics, cones, enclosing
-- tetrahedra and spheres, regular envelopes, point location, traces, the point test against the
-- mesh's crossing count (mesh:contains) on random and degenerate points, caches along a
-- trajectory, collide.tetrahedron_locate, errors and lifetime.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0

-- ---- meshes ----

-- The meshes given joined into one, each moved by its offset {x, y, z}; flip = true turns one
-- inside out (the wall of a cavity).
local function joined(parts)
	local vertices, triangles = {}, {}
	for _, part in ipairs(parts) do
		local base = #vertices
		local o = part.offset or { 0, 0, 0 }
		for _, v in ipairs(part.mesh:vertices()) do
			vertices[#vertices + 1] = { v[1] + o[1], v[2] + o[2], v[3] + o[3] }
		end
		for _, t in ipairs(part.mesh:triangles()) do
			if part.flip then
				triangles[#triangles + 1] = { t[1] + base, t[3] + base, t[2] + base }
			else
				triangles[#triangles + 1] = { t[1] + base, t[2] + base, t[3] + base }
			end
		end
	end
	return collide.mesh{ vertices = vertices, triangles = triangles }
end

-- The shape classes: convex, star-shaped and bumpy, a torus (its centroid is in the hole, outside
-- the solid), a hollow ball (a cavity: the centroid is in it) and two boxes apart (two pieces).
local function meshes()
	return {
		box = collide.mesh.box(1, 0.6, 0.4),
		bumpy = collide.mesh.bumpy_sphere(2),
		torus = collide.mesh.torus(1, 0.35, 24, 12),
		hollow = joined{ { mesh = collide.mesh.icosphere(2, 2) }, { mesh = collide.mesh.icosphere(1, 1), flip = true } },
		pieces = joined{ { mesh = collide.mesh.box(0.5, 0.5, 0.5), offset = { -1.5, 0.2, 0 } },
			{ mesh = collide.mesh.box(0.4, 0.8, 0.3), offset = { 1.2, -0.3, 0.1 } } },
	}
end

local function open_mesh()
	return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		triangles = { { 1, 3, 2 }, { 1, 2, 4 }, { 1, 4, 3 } } }
end

local function misoriented_mesh()
	return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		triangles = { { 1, 3, 2 }, { 1, 2, 4 }, { 1, 4, 3 }, { 2, 4, 3 } } }
end

-- n points uniformly in the mesh's box grown by a fifth on each side (a stream from seed).
local function random_points(mesh, n, seed)
	local random = support.generator(seed)
	local b = { mesh:bounds() }
	local pts = collide.points(n, 3)
	for i = 1, n do
		local p = {}
		for k = 1, 3 do
			local lo, hi = b[k], b[k + 3]
			local margin = (hi - lo) * 0.2
			p[k] = lo - margin + random() * (hi - lo + 2 * margin)
		end
		pts:set(i, p[1], p[2], p[3])
	end
	return pts
end

-- A smooth path of n points: a helix around the box's centre whose radius sweeps from the middle
-- to beyond the box, in and out, so it crosses the surface many times.
local function helix(mesh, n)
	local b = { mesh:bounds() }
	local c = { (b[1] + b[4]) / 2, (b[2] + b[5]) / 2, (b[3] + b[6]) / 2 }
	local size = math.max(b[4] - b[1], b[5] - b[2], b[6] - b[3])
	local pts = collide.points(n, 3)
	for i = 1, n do
		local t = (i - 1) / n
		local r = size * (0.05 + 0.6 * math.abs(math.sin(3 * math.pi * t)))
		local a = 24 * math.pi * t
		pts:set(i, c[1] + r * math.cos(a), c[2] + r * math.sin(a), c[3] + (t - 0.5) * (b[6] - b[3]) * 1.4)
	end
	return pts
end

local function check_answers(name, pts, expected, results)
	for i = 1, #pts do
		if expected[i] ~= results[i] then
			assert.are.equal(expected[i], results[i],
				name .. " point " .. i .. " (" .. table.concat({ pts:get(i) }, ", ") .. ")")
		end
	end
end

-- ---- small vector helpers ----

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
	return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function length(a) return math.sqrt(dot(a, a)) end
-- Six times the signed volume of (o, a, b, c): positive when a, b, c turn counter-clockwise seen
-- from the side away from o (the opposite sign of col_orient3d(o, a, b, c), Shewchuk's).
local function volume6(o, a, b, c) return dot(sub(a, o), cross(sub(b, o), sub(c, o))) end

local function near(a, b, tolerance)
	return math.abs(a - b) <= (tolerance or 1e-9) * math.max(1, math.abs(a), math.abs(b))
end

-- The points every structure over the box [-1, 1] x [-0.6, 0.6] x [-0.4, 0.4] must call inside:
-- on vertices, edges and faces, the centroid (the origin), and on the original edges from the
-- origin to a vertex and the original triangles from the origin to an edge (the fragile cases of
-- the signed count); and some just outside.
local BOX_INSIDE = {
	{ 1, 0.6, 0.4 }, { -1, -0.6, -0.4 }, { 0, 0.6, 0.4 }, { 1, 0, 0 }, { 0.3, -0.2, 0.4 }, { 0, 0, 0 },
	{ 0.5, 0.3, 0.2 }, { -0.25, 0.15, -0.1 }, { 0.5, 0.3, 0 }, { 0, 0.3, 0.2 }, { 0.999, 0.5999, 0.3999 },
}
local BOX_OUTSIDE = { { 1.001, 0, 0 }, { 0, -0.6001, 0 }, { 1, 0.6, 0.40001 }, { 2, 1.2, 0.8 }, { 0, 0, 5 } }

describe("collide.covering3d", function()
	it("has one signed tetrahedron per mesh triangle, from the centroid by default", function()
		local m = collide.mesh.box(1, 0.6, 0.4)
		local cov = collide.covering3d(m)
		assert.are.equal(m:triangle_count(), #cov)
		assert.are.equal(#cov, cov:tetrahedron_count())
		local ox, oy, oz = cov:origin()
		assert.is_true(math.abs(ox) < 1e-12 and math.abs(oy) < 1e-12 and math.abs(oz) < 1e-12)
		assert.is_true(cov:origin_inside())
		assert.is_true(cov:is_positive(), "a box is star-shaped from its centre")
		local vertices, triangles = m:vertices(), m:triangles()
		for i, t in ipairs(cov:tetrahedra()) do
			assert.are.same(t, cov:tetrahedron(i))
			assert.are.same(vertices[triangles[i][1]], t.a)
			assert.are.same(vertices[triangles[i][2]], t.b)
			assert.are.same(vertices[triangles[i][3]], t.c)
			assert.are.equal(1, t.sign)
		end
		assert.matches("^covering3d%(12 tetrahedra, origin %(.+%) inside, positive%)$", tostring(cov))
	end)

	it("adds up its signed tetrahedra to the solid's volume, whatever the origin", function()
		for name, m in pairs(meshes()) do
			for _, origin in ipairs{ false, { 0.3, -0.2, 0.1 }, { 5, 4, -3 } } do
				local cov = origin and collide.covering3d(m, { origin = origin }) or collide.covering3d(m)
				local o = { cov:origin() }
				if origin then assert.are.same(origin, o) end
				local sum = 0
				for _, t in ipairs(cov:tetrahedra()) do
					local v = volume6(o, t.a, t.b, t.c)
					assert.is_true(t.sign == 0 or (v > 0) == (t.sign > 0) or math.abs(v) < 1e-12,
						name .. ": a sign disagrees with the volume")
					sum = sum + math.abs(v) / 6 * t.sign
				end
				assert.is_true(near(m:volume(), sum, 1e-9), name .. ": " .. sum .. " vs " .. m:volume())
				assert.are.equal(m:contains(o), cov:origin_inside(), name)
			end
		end
		local far = collide.covering3d(collide.mesh.icosphere(1), { origin = { 3, 0, 0 } })
		assert.is_false(far:origin_inside())
		assert.is_false(far:is_positive())
		local torus = collide.covering3d(collide.mesh.torus(1, 0.35, 24, 12))
		assert.is_false(torus:origin_inside(), "the torus's centroid is in its hole")
	end)

	it("gives a bounding sphere around the origin holding every vertex", function()
		local m = collide.mesh.bumpy_sphere(2)
		local cov = collide.covering3d(m, { origin = { 0.1, 0.1, 0 } })
		local s = cov:bounding_sphere()
		assert.are.same({ 0.1, 0.1, 0 }, s.center)
		for _, v in ipairs(m:vertices()) do
			assert.is_true(s:contains(v[1], v[2], v[3]))
		end
	end)

	it("agrees with mesh:contains on " .. support.cases(3000) .. " random points per shape, with and without a cache", function()
		local count = support.cases(3000)
		for name, m in pairs(meshes()) do
			-- the same points for both origins: the oracle answers them once
			local pts = random_points(m, count, 7)
			local expected = m:contains_all(pts)
			for _, options in ipairs{ {}, { origin = { 0.05, 0.11, -0.07 } } } do
				local cov = collide.covering3d(m, options)
				local results, stats = cov:contains_all(pts)
				assert.are.equal(count, stats.queries)
				check_answers(name, pts, expected, results)
				local cache = cov:cache()
				local cached = cov:contains_all(pts, cache)
				check_answers(name .. " with a cache", pts, expected, cached)
				for i = 1, count, 97 do
					local x, y, z = pts:get(i)
					assert.are.equal(expected[i], cov:contains(x, y, z))
					assert.are.equal(expected[i], cov:contains({ x, y, z }, cache))
					local inside, s = cov:contains_stats(x, y, z)
					assert.are.equal(expected[i], inside)
					assert.are.equal(1, s.queries)
				end
			end
		end
	end)

	it("calls the surface inside: vertices, edges, faces and the origin's own edges", function()
		local m = collide.mesh.box(1, 0.6, 0.4)
		local cov = collide.covering3d(m)
		for _, p in ipairs(BOX_INSIDE) do
			assert.is_true(m:contains(p), table.concat(p, ", "))
			assert.is_true(cov:contains(p), table.concat(p, ", "))
		end
		for _, p in ipairs(BOX_OUTSIDE) do
			assert.is_false(cov:contains(p), table.concat(p, ", "))
		end
	end)

	it("keeps its answers along a trajectory with a cache, and counts the hits", function()
		for name, m in pairs(meshes()) do
			local cov = collide.covering3d(m)
			local path = helix(m, 5000)
			local expected = m:contains_all(path)
			local cache = cov:cache()
			local results, stats = cov:contains_all(path, cache)
			check_answers(name .. " along the path", path, expected, results)
			assert.is_true(stats.cache_hits > 0, name)
			-- the same one point at a time, as a script frame by frame
			cache:reset()
			for i = 1, #path, 7 do
				assert.are.equal(expected[i], cov:contains({ path:get(i) }, cache), name .. " point " .. i)
			end
		end
	end)

	it("refuses open and misoriented meshes with the engine's message", function()
		assert.matches("bad argument #1 to 'covering3d' (covering3d: the mesh must be closed and consistently oriented: "
			.. "4 vertices, 3 triangles", error_of(function() return collide.covering3d(open_mesh()) end), 1, true)
		assert.matches("boundary edges", error_of(collide.covering3d, open_mesh()), 1, true)
		assert.matches("covering3d: the mesh must be closed and consistently oriented",
			error_of(collide.covering3d, misoriented_mesh()), 1, true)
	end)

	it("rejects bad arguments with lauxlib-style messages", function()
		local m = collide.mesh.box(1, 1, 1)
		local cov = collide.covering3d(m)
		assert.matches("bad argument #1 to 'covering3d' (collide.mesh expected, got string)",
			error_of(function() return collide.covering3d("box") end), 1, true)
		assert.matches("bad argument #2 to 'covering3d' (table expected, got number)",
			error_of(function() return collide.covering3d(m, 3) end), 1, true)
		assert.matches("bad argument #2 to 'covering3d' (covering3d: unknown option 'orgin' (expected origin))",
			error_of(function() return collide.covering3d(m, { orgin = { 0, 0, 0 } }) end), 1, true)
		assert.matches("covering3d: origin: expected a point {x, y, z}, got a table of length 2",
			error_of(collide.covering3d, m, { origin = { 0, 0 } }), 1, true)
		assert.matches("covering3d: origin: z is nan", error_of(collide.covering3d, m, { origin = { 0, 0, nan } }), 1, true)
		assert.matches("bad argument #1 to 'tetrahedron' (tetrahedron 13 out of range 1..12)",
			error_of(function() return cov:tetrahedron(13) end), 1, true)
		assert.matches("number has no integer representation", error_of(function() return cov:tetrahedron(1.5) end), 1, true)
		assert.matches("expected a finite number, got nan", error_of(function() return cov:contains(0, nan, 0) end), 1, true)
		assert.matches("bad argument #3 to 'contains' (number expected, got no value)",
			error_of(function() return cov:contains(0, 0) end), 1, true)
		assert.matches("point: expected a point {x, y, z}, got a table of length 2",
			error_of(function() return cov:contains{ 0, 0 } end), 1, true)
		assert.matches("expected 3D points, got 2D points",
			error_of(function() return cov:contains_all(collide.points(3, 2)) end), 1, true)
		assert.matches("row 2: y is nan", error_of(function() return cov:contains_all{ { 0, 0, 0 }, { 0, nan, 0 } } end), 1, true)
		assert.matches("bad argument #4 to 'contains' (collide.cache3d expected, got number)",
			error_of(function() return cov:contains(0, 0, 0, 5) end), 1, true)
	end)

	it("refuses a cache made for another covering or tetra-tree, or closed", function()
		local m = collide.mesh.box(1, 1, 1)
		local a, b = collide.covering3d(m), collide.covering3d(m)
		assert.matches("cache3d: made for another covering3d or tetra-tree",
			error_of(function() return a:contains(0, 0, 0, b:cache()) end), 1, true)
		assert.matches("made for another", error_of(function() return a:contains_all({ { 0, 0, 0 } }, b:cache()) end), 1, true)
		assert.matches("collide.cache3d expected, got collide.cache",
			error_of(function() return a:contains(0, 0, 0, collide.covering(collide.polygon(support.c_outline)):cache()) end), 1, true)
		local cache = a:cache()
		assert.are.equal("cache3d(for a covering3d of 12 tetrahedra)", tostring(cache))
		assert.are.equal(cache, cache:reset())
		cache:close()
		cache:close()
		assert.are.equal("cache3d(closed)", tostring(cache))
		assert.matches("cache3d is closed", error_of(function() return a:contains(0, 0, 0, cache) end), 1, true)
		assert.matches("cache3d is closed", error_of(function() return cache:reset() end), 1, true)
		local orphan = b:cache()
		b:close()
		assert.are.equal("cache3d(for a closed covering3d)", tostring(orphan))
		assert.matches("it was made for is closed", error_of(function() return a:contains(0, 0, 0, orphan) end), 1, true)
	end)

	it("releases with <close> and close(), then says so; it copies the mesh", function()
		local m = collide.mesh.box(1, 1, 1)
		do
			local scoped <close> = collide.covering3d(m)
			assert.is_true(scoped:contains(0.5, 0.5, 0.5))
		end
		local closed = collide.covering3d(m)
		closed:close()
		closed:close()
		assert.are.equal("covering3d(closed)", tostring(closed))
		assert.matches("covering3d is closed", error_of(function() return closed:contains(0, 0, 0) end), 1, true)
		assert.matches("covering3d is closed", error_of(function() return closed:cache() end), 1, true)
		local kept = collide.covering3d(m)
		m:close()
		assert.is_true(kept:contains(0.5, 0.5, 0.5), "it copies the mesh")
		assert.matches("mesh is closed", error_of(collide.covering3d, m), 1, true)
		collectgarbage("collect")
	end)

	it("survives any garbage arguments without crashing", function()
		local m = collide.mesh.box(1, 1, 1)
		local cov = collide.covering3d(m)
		local garbage = { nil, true, 0, 1, -1, 2 ^ 40, nan, "x", {}, { 1 }, { 1, 2, 3 }, { x = 1 }, m, cov, cov:cache(),
			collide.sphere(0, 0, 0, 1), collide.points(2, 3), collide.points(2, 2), print }
		local calls = 0
		for name, f in pairs(getmetatable(cov)) do
			if type(f) == "function" and name ~= "__gc" and name ~= "close" and name ~= "__close" then
				for i = 1, #garbage + 1 do
					for j = 1, #garbage + 1, 2 do
						pcall(f, cov, garbage[i], garbage[j], garbage[(i * j) % #garbage + 1])
						calls = calls + 1
					end
				end
			end
		end
		for i = 1, #garbage + 1 do
			pcall(collide.covering3d, garbage[i], garbage[(i * 3) % #garbage + 1])
			pcall(collide.tetrahedron_locate, garbage[i], { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, garbage[(i * 5) % #garbage + 1])
		end
		assert.is_true(calls > 100)
		assert.is_true(cov:contains(0.5, 0.5, 0.5), "still working")
	end)
end)

describe("collide.tetrahedron_locate", function()
	local O, A, B, C = { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }

	it("names the feature of the tetrahedron that holds a point, whatever the winding", function()
		local cases = {
			{ { 0.1, 0.1, 0.1 }, "interior" }, { { 2, 2, 2 }, "outside" }, { { -0.1, 0.2, 0.2 }, "outside" },
			{ { 0, 0, 0 }, "vertex 0" }, { { 1, 0, 0 }, "vertex 1" }, { { 0, 0, 1 }, "vertex 3" },
			{ { 0.5, 0, 0 }, "edge 01" }, { { 0, 0.5, 0.5 }, "edge 23" }, { { 0.2, 0.2, 0 }, "face 012" },
			{ { 0.2, 0.2, 0.6 }, "face 123" }, { { 0, 0.3, 0.3 }, "face 023" },
		}
		for _, case in ipairs(cases) do
			assert.are.equal(case[2], collide.tetrahedron_locate(O, A, B, C, case[1]), table.concat(case[1], ", "))
		end
		assert.are.equal("interior", collide.tetrahedron_locate(O, B, A, C, { 0.1, 0.1, 0.1 }))
		assert.are.equal("face 012", collide.tetrahedron_locate(O, B, A, C, { 0.2, 0.2, 0 }), "vertex names follow the arguments")
		assert.are.equal("outside", collide.tetrahedron_locate(O, A, B, { 1, 1, 0 }, { 0.1, 0.1, 0 }), "degenerate")
	end)

	it("gives the signs of the four barycentric coordinates", function()
		assert.are.same({ 1, 1, 1, 1 }, { collide.tetrahedron_signs(O, A, B, C, { 0.1, 0.1, 0.1 }) })
		assert.are.same({ 1, 1, 1, 1 }, { collide.tetrahedron_signs(O, B, A, C, { 0.1, 0.1, 0.1 }) })
		assert.are.same({ -1, 1, 1, 1 }, { collide.tetrahedron_signs(O, A, B, C, { 1, 1, 1 }) })
		assert.are.same({ 0, 1, 1, 1 }, { collide.tetrahedron_signs(O, A, B, C, { 0.2, 0.3, 0.5 }) })
		assert.are.same({ 0, 0, 0, 0 }, { collide.tetrahedron_signs(O, A, B, { 1, 1, 0 }, { 5, 0, 0 }) }, "degenerate")
	end)

	it("rejects malformed points", function()
		assert.matches("bad argument #5 to 'tetrahedron_locate' (p: expected a point {x, y, z}, got no value)",
			error_of(function() return collide.tetrahedron_locate(O, A, B, C) end), 1, true)
		assert.matches("bad argument #2 to 'tetrahedron_signs' (v1: y is nan)",
			error_of(function() return collide.tetrahedron_signs(O, { 0, nan, 0 }, B, C, O) end), 1, true)
		assert.matches("v0: expected a point {x, y, z}, got a table of length 2",
			error_of(collide.tetrahedron_locate, { 0, 0 }, A, B, C, O), 1, true)
	end)
end)

describe("collide.tetratree", function()
	it("builds with the defaults and reports its statistics", function()
		local m = collide.mesh.bumpy_sphere(2)
		local tree = collide.tetratree(m)
		local s = tree:stats()
		for _, key in ipairs{ "levels", "cones", "leaves", "tetrahedra_stored", "duplicates", "max_leaf_tetrahedra",
			"memory_bytes" } do
			assert.is_true(math.type(s[key]) == "integer", key)
		end
		assert.is_number(s.build_seconds)
		assert.is_true(s.build_seconds >= 0)
		assert.are.equal(s.cones, #tree)
		assert.are.equal(s.cones, tree:cone_count())
		assert.is_true(s.levels >= 2 and s.leaves >= 8 and s.memory_bytes > 0)
		-- the statistics are what the cones say
		local leaves, stored, most, seen, distinct = 0, 0, 0, {}, 0
		for i = 1, #tree do
			local cone = tree:cone(i)
			assert.are.equal(cone.tetrahedron_count, #tree:cone_tetrahedra(i))
			if cone.leaf then
				leaves = leaves + 1
				stored = stored + cone.tetrahedron_count
				most = math.max(most, cone.tetrahedron_count)
				for _, t in ipairs(tree:cone_tetrahedra(i)) do
					if not seen[t] then distinct, seen[t] = distinct + 1, true end
				end
			end
		end
		assert.are.same({ s.leaves, s.tetrahedra_stored, s.max_leaf_tetrahedra, s.duplicates },
			{ leaves, stored, most, stored - distinct })
		local ax, ay, az = tree:apex()
		assert.is_true(math.abs(ax) < 1e-9 and math.abs(ay) < 1e-9 and math.abs(az) < 1e-9, "the centroid")
		assert.are.same({ ax, ay, az }, { tree:covering():origin() })
		assert.matches("^tetratree%(%d+ levels, %d+ cones, %d+ leaves, 320 tetrahedra%)$", tostring(tree))
	end)

	it("takes options: depth, leaf cones, minimum tetrahedra, fitting and origin", function()
		local m = collide.mesh.icosphere(2)
		local full = collide.tetratree(m, { depth = 3, min_tetrahedra = 0 })
		assert.are.equal(3, full:stats().levels)
		assert.are.equal(8 + 32 + 128, #full)
		for level = 1, 3 do
			assert.are.equal(8 * 4 ^ (level - 1), #full:cones(level), "level " .. level .. " of a fully split tree")
		end
		assert.are.equal(#full, #full:cones())
		assert.are.equal(2, collide.tetratree(m, { leaf_cones = 32, min_tetrahedra = 0 }):stats().levels)
		assert.are.equal(3, collide.tetratree(m, { leaf_cones = 33, min_tetrahedra = 0 }):stats().levels, "rounded up to 8 * 4^k")
		local shallow = collide.tetratree(m, { depth = 5, min_tetrahedra = 1000 })
		assert.are.equal(1, shallow:stats().levels, "no cone holds more than 1000 tetrahedra")
		assert.are.equal(8, #shallow)
		-- no fitting keeps legs at least as long as fitted ones, cone by cone
		local raw = collide.tetratree(m, { depth = 3, min_tetrahedra = 0, fit_iterations = 0 })
		local apex = { full:apex() }
		local shorter = 0
		for i = 1, #full do
			local fitted, unfitted = full:cone(i).envelope, raw:cone(i).envelope
			for k = 1, 3 do
				local lf, lr = length(sub(fitted[k], apex)), length(sub(unfitted[k], apex))
				assert.is_true(lf <= lr * (1 + 1e-9), "cone " .. i .. " leg " .. k)
				if lf < lr * 0.99 then shorter = shorter + 1 end
			end
		end
		assert.is_true(shorter > 0, "fitting shortens some legs")
		local moved = collide.tetratree(m, { origin = { 0.1, -0.2, 0.05 } })
		local o = { moved:apex() }
		for k, v in ipairs{ 0.1, -0.2, 0.05 } do
			assert.is_true(math.abs(o[k] - v) < 1e-8, "the apex is the origin, rounded to the tree's grid")
		end
		assert.are.same(o, { moved:covering():origin() })
	end)

	it("describes each cone: level, parent, children, rays, enclosing tetrahedron and sphere", function()
		local m = collide.mesh.bumpy_sphere(2)
		local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 2 })
		local cov = tree:covering()
		local apex = { tree:apex() }
		for i = 1, 8 do
			local root = tree:cone(i)
			assert.are.equal(1, root.level)
			assert.is_nil(root.parent)
		end
		for i = 1, #tree do
			local cone = tree:cone(i)
			if cone.children then
				assert.is_false(cone.leaf)
				assert.are.equal(4, #cone.children)
				for k, child in ipairs(cone.children) do
					local c = tree:cone(child)
					assert.are.equal(i, c.parent)
					assert.are.equal(cone.level + 1, c.level)
					if k < 4 then assert.are.same(cone.rays[k], c.rays[k], "child " .. k .. " keeps ray " .. k) end
				end
			else
				assert.is_true(cone.leaf)
			end
			assert.are.equal(3, #cone.rays)
			assert.are.equal(3, #cone.envelope)
			assert.is_true(volume6(apex, cone.rays[1], cone.rays[2], cone.rays[3]) < 0,
				"cone " .. i .. " wound as the engine says: col_orient3d(apex, ray1, ray2, ray3) > 0")
			assert.is_true(cone.sphere.r > 0)
			-- the enclosing tetrahedron and sphere hold every vertex of the cone's tetrahedra
			for _, t in ipairs(tree:cone_tetrahedra(i)) do
				assert.is_true(t >= 1 and t <= #cov)
				local tet = cov:tetrahedron(t)
				for _, v in ipairs{ tet.a, tet.b, tet.c } do
					local alpha = collide.tetrahedron_signs(apex, cone.envelope[1], cone.envelope[2], cone.envelope[3], v)
					local held = cone.sphere:contains(v[1], v[2], v[3])
					if not (alpha >= 0) or held ~= true then -- (the messages only for a failure)
						assert.is_true(alpha >= 0, "cone " .. i .. " tetrahedron " .. t .. ": a vertex beyond the envelope")
						assert.is_true(held, "cone " .. i .. " sphere")
					end
				end
			end
			assert.is_true(tree:cone_holds(i, cone.rays[1]) and tree:cone_holds(i, apex), "the closed cone")
		end
	end)

	it("tiles each level with its cones and the leaves above it, and gives its regular envelope", function()
		for name, m in pairs(meshes()) do
			local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 3 })
			local apex = { tree:apex() }
			local vertices = m:vertices()
			for level = 1, tree:stats().levels do
				local tiling = tree:cones(level)
				local envelope = tree:envelope(level)
				assert.are.equal(#tiling, #envelope, name .. " level " .. level)
				assert.are.same(envelope, tree:regular_envelope(level))
				local reach = tree:level_reach(level)
				local covered = 0
				for k, i in ipairs(tiling) do
					local cone = tree:cone(i)
					assert.is_true(cone.level == level or (cone.leaf and cone.level < level), name .. " level " .. level)
					covered = covered + 4 ^ (level - cone.level)
					for j = 1, 3 do -- the envelope's triangle lies on the cone's rays at the level's reach
						local e, r = sub(envelope[k][j], apex), sub(cone.rays[j], apex)
						assert.is_true(near(length(e), reach, 1e-9), name .. " level " .. level)
						assert.is_true(length(cross(e, r)) <= 1e-9 * length(e) * length(r))
					end
				end
				assert.are.equal(8 * 4 ^ (level - 1), covered, name .. ": the level's cones tile space")
				for _, v in ipairs(vertices) do
					local within = length(sub(v, apex)) <= reach
					if not within then assert.is_true(within, name .. " level " .. level .. ": a vertex beyond the reach") end
				end
			end
			local deepest = tree:stats().levels
			assert.are.same(tree:envelope(deepest), tree:envelope())
			assert.are.equal(tree:level_reach(deepest), tree:level_reach())
		end
	end)

	it("locates the leaf cone holding a point", function()
		local m = collide.mesh.torus(1, 0.35, 24, 12)
		local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 0 })
		local pts = random_points(m, 500, 3)
		for i = 1, #pts do
			local x, y, z = pts:get(i)
			local leaf = tree:locate(x, y, z)
			assert.is_true(tree:cone(leaf).leaf)
			assert.is_true(tree:cone_holds(leaf, x, y, z), "point " .. i)
			local parent = tree:cone(leaf).parent
			assert.is_true(tree:cone_holds(parent, { x, y, z }), "and its parent holds it")
		end
		assert.are.equal(tree:locate(0.3, 0.2, 0.1), tree:locate{ 0.3, 0.2, 0.1 })
	end)

	it("agrees with mesh:contains on " .. support.cases(3000) .. " random points per shape and option set, with and without a cache", function()
		local count = support.cases(3000)
		for name, m in pairs(meshes()) do
			-- the same points for every option set: the oracle answers them once
			local pts = random_points(m, count, 11)
			local expected = m:contains_all(pts)
			for _, options in ipairs{ {}, { depth = 5, min_tetrahedra = 1 }, { fit_iterations = 0, depth = 3 },
				{ origin = { 0.05, 0.11, -0.07 } } } do
				local tree = collide.tetratree(m, options)
				local results, stats = tree:contains_all(pts)
				assert.are.equal(count, stats.queries)
				check_answers(name, pts, expected, results)
				local cache = tree:cache()
				local cached, cached_stats = tree:contains_all(pts, cache)
				assert.are.equal(count, cached_stats.queries)
				check_answers(name .. " with a cache", pts, expected, cached)
				for i = 1, count, 101 do
					local x, y, z = pts:get(i)
					assert.are.equal(expected[i], tree:contains(x, y, z))
					assert.are.equal(expected[i], tree:contains({ x, y, z }, cache))
					local inside, s = tree:contains_stats(x, y, z)
					assert.are.equal(expected[i], inside)
					assert.are.equal(1, s.queries)
				end
			end
		end
	end)

	it("calls the surface, the apex and the origin's own edges inside", function()
		local m = collide.mesh.box(1, 0.6, 0.4)
		for _, depth in ipairs{ 1, 3, 6 } do
			local tree = collide.tetratree(m, { depth = depth, min_tetrahedra = 0 })
			for _, p in ipairs(BOX_INSIDE) do
				assert.is_true(tree:contains(p), "depth " .. depth .. ": " .. table.concat(p, ", "))
			end
			for _, p in ipairs(BOX_OUTSIDE) do
				assert.is_false(tree:contains(p), "depth " .. depth .. ": " .. table.concat(p, ", "))
			end
			assert.are.equal(tree:covering():origin_inside(), tree:contains(tree:apex()))
		end
		local torus = collide.tetratree(collide.mesh.torus(1, 0.35, 24, 12))
		assert.is_false(torus:contains(torus:apex()), "the apex in the torus's hole")
		assert.is_true(torus:contains(1, 0, 0))
	end)

	it("keeps the leaf and the answer in its cache along a trajectory", function()
		for name, m in pairs(meshes()) do
			local tree = collide.tetratree(m, { depth = 5, min_tetrahedra = 2 })
			local path = helix(m, 20000)
			local expected = m:contains_all(path)
			assert.is_true(expected:count() > 1000 and expected:count() < 19000,
				name .. ": the path goes in and out (" .. expected:count() .. " points inside)")
			local cache = tree:cache()
			local results, stats = tree:contains_all(path, cache)
			local cold_results, cold = tree:contains_all(path)
			check_answers(name .. " along the path with a cache", path, expected, results)
			check_answers(name .. " along the path", path, expected, cold_results)
			assert.is_true(stats.nodes_visited < cold.nodes_visited,
				name .. ": " .. stats.nodes_visited .. " cones with the cache, " .. cold.nodes_visited .. " without")
			assert.is_true(stats.cache_hits > 0, name)
			-- frame by frame, as a script moves a point
			local frame_cache = tree:cache()
			for i = 1, #path, 5 do
				assert.are.equal(expected[i], tree:contains({ path:get(i) }, frame_cache), name .. " point " .. i)
			end
			-- a tree's cache works with its covering, and the other way round
			local cov = tree:covering()
			local x, y, z = path:get(17)
			assert.are.equal(expected[17], cov:contains(x, y, z, cache))
			assert.are.equal(expected[17], tree:contains(x, y, z, cov:cache()))
		end
	end)

	it("traces a point query from the root cone to the leaf and its tetrahedra", function()
		local m = collide.mesh.bumpy_sphere(2)
		local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 0 })
		local summed = 0
		for _, p in ipairs{ { 0.3, 0.2, 0.1 }, { -0.9, 0.1, 0.2 }, { 0.5, -0.6, -0.5 }, { 0.01, 0.02, -1.05 }, { 0.1, 0.1, 0.1 } } do
			local inside, trace, stats = tree:trace(p[1], p[2], p[3])
			assert.are.equal(tree:contains(p), inside)
			assert.are.equal(1, stats.queries)
			assert.are.equal(#trace.cones, stats.nodes_visited)
			assert.are.equal(1, tree:cone(trace.cones[1]).level)
			assert.are.equal(tree:locate(p), trace.cones[#trace.cones])
			for k = 2, #trace.cones do
				assert.are.equal(trace.cones[k - 1], tree:cone(trace.cones[k]).parent)
			end
			local in_leaf = {}
			for _, t in ipairs(tree:cone_tetrahedra(trace.cones[#trace.cones])) do in_leaf[t] = true end
			for _, t in ipairs(trace.tetrahedra) do
				assert.is_true(in_leaf[t], "tetrahedron " .. t .. " is the leaf's")
			end
			summed = summed + #trace.tetrahedra
			assert.is_nil(trace.truncated)
		end
		assert.is_true(summed > 0)
		-- beyond the bounding sphere nothing is visited
		local inside, far = tree:trace(5, 5, 5)
		assert.is_false(inside)
		assert.are.same({ cones = {}, tetrahedra = {} }, far)
		-- with a cache that kept the leaf, the trace starts and ends there
		local cache = tree:cache()
		local _, cold = tree:trace({ 0.3, 0.2, 0.1 }, cache)
		assert.are.equal(4, #cold.cones)
		local _, warm, warm_stats = tree:trace({ 0.3, 0.2, 0.1 }, cache)
		assert.are.same({ tree:locate(0.3, 0.2, 0.1) }, warm.cones)
		assert.are.equal(1, warm_stats.cache_hits, "the same point: the same cell of the face planes")
	end)

	it("refuses open and misoriented meshes, and a tree over its memory budget, with the engine's message", function()
		assert.matches("bad argument #1 to 'tetratree' (covering3d: the mesh must be closed and consistently oriented: "
			.. "4 vertices, 3 triangles", error_of(function() return collide.tetratree(open_mesh()) end), 1, true)
		assert.matches("covering3d: the mesh must be closed and consistently oriented",
			error_of(collide.tetratree, misoriented_mesh(), { depth = 2 }), 1, true)
		local m = collide.mesh.torus(1, 0.35, 24, 12)
		assert.matches("bad argument #1 to 'tetratree' (tetratree: over its memory budget of 2000 bytes (options.max_memory)",
			error_of(function() return collide.tetratree(m, { max_memory = 2000 }) end), 1, true)
		assert.is_true(collide.tetratree(m, { max_memory = 1e7 }):stats().cones >= 8)
	end)

	it("rejects unknown, mistyped and out-of-range options with the engine's message", function()
		local m = collide.mesh.box(1, 1, 1)
		assert.matches("bad argument #2 to 'tetratree' (tetratree: unknown option 'dept' (expected leaf_cones, depth, "
			.. "min_tetrahedra, fit_iterations, max_memory, origin))",
			error_of(function() return collide.tetratree(m, { dept = 3 }) end), 1, true)
		assert.matches("tetratree: unknown option 1", error_of(collide.tetratree, m, { 3 }), 1, true)
		assert.matches("tetratree: unknown option 'min_triangles'", error_of(collide.tetratree, m, { min_triangles = 3 }), 1, true)
		assert.matches("bad argument #2 to 'tetratree' (tetratree: depth must be an integer, got 2.5)",
			error_of(function() return collide.tetratree(m, { depth = 2.5 }) end), 1, true)
		assert.matches("tetratree: leaf_cones must be an integer, got string",
			error_of(collide.tetratree, m, { leaf_cones = "8" }), 1, true)
		assert.matches("tetratree: depth 1099511627776 is out of range",
			error_of(collide.tetratree, m, { depth = 2 ^ 40 }), 1, true)
		assert.matches("bad argument #2 to 'tetratree' (tetratree: depth 25 is outside 1..24)",
			error_of(function() return collide.tetratree(m, { depth = 25 }) end), 1, true)
		assert.matches("tetratree: fit_iterations 65 is outside 0..64",
			error_of(collide.tetratree, m, { fit_iterations = 65 }), 1, true)
		assert.matches("tetratree: min_tetrahedra is negative (-1)",
			error_of(collide.tetratree, m, { min_tetrahedra = -1 }), 1, true)
		assert.matches("tetratree: leaf_cones is negative (-4)",
			error_of(collide.tetratree, m, { leaf_cones = -4 }), 1, true)
		assert.matches("tetratree: max_memory must be a positive byte count",
			error_of(collide.tetratree, m, { max_memory = -1 }), 1, true)
		assert.matches("tetratree: max_memory must be a number, got string",
			error_of(collide.tetratree, m, { max_memory = "lots" }), 1, true)
		assert.matches("tetratree: origin: y is nan",
			error_of(collide.tetratree, m, { origin = { 0, nan, 0 } }), 1, true)
		assert.matches("tetratree: origin: expected a point {x, y, z}, got number",
			error_of(collide.tetratree, m, { origin = 1 }), 1, true)
		assert.matches("tetratree: the origin is not a finite coordinate in range",
			error_of(collide.tetratree, m, { origin = { 0, 1e300, 0 } }), 1, true)
		assert.matches("bad argument #2 to 'tetratree' (table expected, got string)",
			error_of(function() return collide.tetratree(m, "deep") end), 1, true)
		assert.matches("bad argument #1 to 'tetratree' (collide.mesh expected, got collide.polygon)",
			error_of(function() return collide.tetratree(collide.polygon(support.c_outline)) end), 1, true)
	end)

	it("rejects bad indices, levels, points and caches", function()
		local m = collide.mesh.box(1, 1, 1)
		local a, b = collide.tetratree(m, { depth = 2, min_tetrahedra = 0 }), collide.tetratree(m)
		assert.matches("bad argument #1 to 'cone' (cone 0 out of range 1..40)", error_of(function() return a:cone(0) end), 1, true)
		assert.matches("cone 41 out of range 1..40", error_of(function() return a:cone_tetrahedra(41) end), 1, true)
		assert.matches("number has no integer representation", error_of(function() return a:cone(1.5) end), 1, true)
		assert.matches("bad argument #1 to 'cone_holds' (cone -1 out of range", error_of(function() return a:cone_holds(-1, 0, 0, 0) end), 1, true)
		assert.matches("bad argument #1 to 'cones' (level 3 out of range 1..2)", error_of(function() return a:cones(3) end), 1, true)
		assert.matches("bad argument #1 to 'envelope' (level 0 out of range 1..2)", error_of(function() return a:envelope(0) end), 1, true)
		assert.matches("bad argument #1 to 'regular_envelope' (level 3 out of range", error_of(function() return a:regular_envelope(3) end), 1, true)
		assert.matches("bad argument #1 to 'level_reach' (level 0 out of range", error_of(function() return a:level_reach(0) end), 1, true)
		assert.matches("expected a finite number, got nan", error_of(function() return a:contains(nan, 0, 0) end), 1, true)
		assert.matches("expected a finite number, got nan", error_of(function() return a:locate(0, 0, nan) end), 1, true)
		assert.matches("expected a finite number, got inf", error_of(function() return a:trace(math.huge, 0, 0) end), 1, true)
		assert.matches("expected a finite number, got -inf", error_of(function() return a:cone_holds(1, 0, -math.huge, 0) end), 1, true)
		assert.matches("point: z is nan", error_of(function() return a:contains{ 0, 0, nan } end), 1, true)
		assert.matches("row 2: x is nan", error_of(function() return a:contains_all{ { 0, 0, 0 }, { nan, 0, 0 } } end), 1, true)
		assert.matches("expected 3D points, got 2D points", error_of(function() return a:contains_all(collide.points(4, 2)) end), 1, true)
		assert.matches("bad argument #1 to 'contains_all' (collide.points or table of points expected, got number)",
			error_of(function() return a:contains_all(5) end), 1, true)
		assert.matches("made for another covering3d or tetra-tree",
			error_of(function() return a:contains(0, 0, 0, b:cache()) end), 1, true)
		assert.matches("made for another", error_of(function() return a:contains_all({ { 0, 0, 0 } }, b:cache()) end), 1, true)
		assert.matches("made for another", error_of(function() return a:trace(0, 0, 0, b:cache()) end), 1, true)
		assert.matches("made for another",
			error_of(function() return a:contains(0, 0, 0, collide.covering3d(m):cache()) end), 1, true)
		assert.matches("bad argument #4 to 'contains' (collide.cache3d expected, got table)",
			error_of(function() return a:contains(0, 0, 0, {}) end), 1, true)
	end)

	it("survives any garbage arguments without crashing", function()
		local m = collide.mesh.box(1, 1, 1)
		local tree = collide.tetratree(m, { depth = 3 })
		local garbage = { nil, true, 0, 1, -1, 9, 2 ^ 40, nan, math.huge, "x", "tetratree", {}, { 1 }, { 1, 2, 3 },
			{ x = 1, y = 2, z = 3 }, m, tree, tree:cache(), tree:covering(), collide.sphere(0, 0, 0, 1),
			collide.points(2, 3), collide.points(2, 2), print }
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
		for i = 1, #garbage + 1 do
			pcall(collide.tetratree, garbage[i], garbage[(i * 3) % #garbage + 1])
			pcall(collide.tetratree, m, { depth = garbage[i], origin = garbage[(i * 7) % #garbage + 1] })
		end
		assert.is_true(calls > 100)
		assert.is_true(tree:contains(0.5, 0.5, 0.5), "still working")
	end)

	it("owns its covering: the view keeps the tree alive and closes with it", function()
		local m = collide.mesh.box(1, 1, 1)
		local view = collide.tetratree(m):covering()
		collectgarbage("collect")
		collectgarbage("collect")
		assert.is_true(view:contains(0.5, 0.5, 0.5), "the tree is kept alive by its covering")
		assert.are.equal(12, #view)
		local tree = collide.tetratree(m)
		local cov = tree:covering()
		assert.are.equal(cov, tree:covering(), "the same value every time")
		cov:close() -- a view does not free its tree's covering
		assert.is_true(cov:contains(0.5, 0.5, 0.5))
		local cache = tree:cache()
		assert.are.equal("cache3d(for a tetra-tree of 12 tetrahedra)", tostring(cache))
		tree:close()
		tree:close()
		assert.are.equal("tetratree(closed)", tostring(tree))
		assert.are.equal("covering3d(of a closed tetra-tree)", tostring(cov))
		assert.matches("tetratree is closed", error_of(function() return tree:contains(0.5, 0.5, 0.5) end), 1, true)
		assert.matches("tetratree is closed", error_of(function() return tree:stats() end), 1, true)
		assert.matches("tetratree is closed", error_of(function() return tree:covering() end), 1, true)
		assert.matches("covering3d: its tetra-tree is closed", error_of(function() return cov:contains(0.5, 0.5, 0.5) end), 1, true)
		assert.are.equal("cache3d(for a closed tetra-tree)", tostring(cache))
		local other = collide.tetratree(m)
		assert.matches("it was made for is closed", error_of(function() return other:contains(1, 1, 1, cache) end), 1, true)
		do
			local scoped <close> = collide.tetratree(m)
			assert.is_true(scoped:contains(0.5, 0.5, 0.5))
		end
		local kept = collide.tetratree(m)
		m:close()
		assert.is_true(kept:contains(0.5, 0.5, 0.5), "it copies the mesh")
		assert.matches("mesh is closed", error_of(collide.tetratree, m), 1, true)
		collectgarbage("collect")
	end)
end)

-- ---- the brute-force side of the sphere, nearest-point, ray and pair queries ----

local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end

local closest_on_triangle, triangle_list = support.closest_on_triangle, support.triangle_list
local brute_distance, brute_ray = support.brute_distance, support.brute_ray

local function near3(a, b, tolerance)
	return near(a[1], b[1], tolerance) and near(a[2], b[2], tolerance) and near(a[3], b[3], tolerance)
end

-- count random balls around the mesh's box (a stream from seed), radii up to a third of its size.
local function random_balls(m, count, seed)
	local random = support.generator(seed)
	local b = { m:bounds() }
	local size = math.max(b[4] - b[1], b[5] - b[2], b[6] - b[3])
	local balls = {}
	for i = 1, count do
		local c = {}
		for k = 1, 3 do c[k] = b[k] - 0.3 * size + random() * (b[k + 3] - b[k] + 0.6 * size) end
		balls[i] = { center = c, radius = random() * size / 3 }
	end
	return balls
end

-- A random unit quaternion {x, y, z, w} from random.
local function random_rotation(random)
	local q = { random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5 }
	local n = math.sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
	return { q[1] / n, q[2] / n, q[3] / n, q[4] / n }
end

describe("collide.tetratree sphere, nearest-point, ray and pair queries", function()
	-- the box [-1, 1] x [-0.6, 0.6] x [-0.4, 0.4]
	local box = collide.mesh.box(1, 0.6, 0.4)
	local box_tree = collide.tetratree(box, { depth = 4, min_tetrahedra = 0 })
	local box_triangles = triangle_list(box)

	-- The box triangle i lies in the plane coordinate k = value.
	local function on_face(i, k, value)
		for _, v in ipairs(box_triangles[i]) do
			if v[k] ~= value then return false end
		end
		return true
	end

	it("tells a ball meeting the solid from one meeting the surface, touching included", function()
		local cases = { -- centre, radius, meets the solid, meets the surface
			{ { 0, 0, 0 }, 0.1, true, false, "inside, clear of the faces" },
			{ { 0, 0, 0 }, 0.4, true, true, "inside, tangent to the z faces" },
			{ { 0, 0, 0 }, 0.39, true, false, "inside, short of them" },
			{ { 1.5, 0, 0 }, 0.5, true, true, "outside, tangent to the x face" },
			{ { 1.5, 0, 0 }, 0.49, false, false, "outside, short of it" },
			{ { 1.5, 1.1, 0.9 }, 0.87, true, true, "reaches the corner" },
			{ { 1.5, 1.1, 0.9 }, 0.86, false, false, "short of the corner" },
			{ { 1, 0.6, 0.4 }, 0, true, true, "a point on the corner" },
			{ { 0.5, 0.2, 0 }, 0, true, false, "a point inside" },
			{ { 9, 9, 9 }, 1, false, false, "far away" },
		}
		for _, case in ipairs(cases) do
			local c, r = case[1], case[2]
			assert.are.equal(case[3], box_tree:intersects_sphere(c, r), case[5])
			assert.are.equal(case[4], box_tree:sphere_meets_surface(c, r), case[5])
			assert.are.equal(case[3], box:intersects(collide.sphere{ center = c, radius = r }), "the oracle: " .. case[5])
			-- the other forms: a collide.sphere, four numbers, tree:intersects(sphere), a cache
			local s = collide.sphere(c[1], c[2], c[3], r)
			assert.are.equal(case[3], box_tree:intersects_sphere(s), case[5])
			assert.are.equal(case[3], box_tree:intersects(s), case[5])
			assert.are.equal(case[4], box_tree:sphere_meets_surface(c[1], c[2], c[3], r), case[5])
			assert.are.equal(case[3], box_tree:intersects_sphere(c, r, box_tree:cache()), case[5])
			local hit, stats = box_tree:intersects_sphere_stats(s)
			assert.are.equal(case[3], hit)
			assert.are.equal(1, stats.queries)
			local surface, surface_stats = box_tree:sphere_meets_surface_stats(c, r)
			assert.are.equal(case[4], surface)
			assert.are.equal(1, surface_stats.queries)
		end
	end)

	it("agrees with the brute-force ball tests on " .. support.cases(300) .. " random balls per shape, with and without a cache", function()
		for name, m in pairs(meshes()) do
			local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 2 })
			local triangles = triangle_list(m)
			local cache = tree:cache()
			for i, ball in ipairs(random_balls(m, support.cases(300), 5)) do
				local c, r = ball.center, ball.radius
				local where = ("%s ball %d {%.17g, %.17g, %.17g} r %.17g"):format(name, i, c[1], c[2], c[3], r)
				local solid = m:intersects(collide.sphere{ center = c, radius = r })
				local surface = solid and (not m:contains(c) or brute_distance(triangles, c) <= r)
				assert.are.equal(solid, tree:intersects_sphere(c, r), where)
				assert.are.equal(solid, tree:intersects_sphere(c, r, cache), where .. " with a cache")
				assert.are.equal(surface, tree:sphere_meets_surface(c, r), where .. " (surface)")
				assert.are.equal(surface, tree:sphere_meets_surface(c, r, cache), where .. " (surface) with a cache")
				assert.are.equal(solid, tree:sphere_contact(c, r) ~= nil, where .. " (contact)")
			end
		end
	end)

	it("traces the cones a ball reaches and the triangles tested against it", function()
		local m = collide.mesh.bumpy_sphere(2)
		local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 2 })
		local triangles = triangle_list(m)
		for _, ball in ipairs(random_balls(m, 60, 9)) do
			local c, r = ball.center, ball.radius
			local hit, trace, stats = tree:sphere_meets_surface_trace(c, r)
			assert.are.equal(tree:sphere_meets_surface(c, r), hit)
			assert.are.equal(1, stats.queries)
			assert.are.equal(#trace.tetrahedra, stats.primitives_tested)
			assert.is_nil(trace.truncated)
			local in_leaves = {}
			for _, i in ipairs(trace.cones) do
				assert.is_true(i >= 1 and i <= #tree)
				local cone = tree:cone(i)
				assert.is_true(cone.tetrahedron_count > 0, "an empty cone is never reached")
				assert.is_true(length(sub(c, cone.sphere.center)) <= cone.sphere.r + r + 1e-9, "the ball reaches its sphere")
				if cone.level > 1 then
					local seen = false
					for _, j in ipairs(trace.cones) do seen = seen or j == cone.parent end
					assert.is_true(seen, "its parent was reached first")
				end
				if cone.leaf then
					for _, t in ipairs(tree:cone_tetrahedra(i)) do in_leaves[t] = true end
				end
			end
			for k, t in ipairs(trace.tetrahedra) do
				assert.is_true(in_leaves[t], "tetrahedron " .. t .. " is a reached leaf's")
				local tri = triangles[t]
				local d = length(sub(closest_on_triangle(c, tri[1], tri[2], tri[3]), c))
				if k < #trace.tetrahedra or not hit then
					assert.is_true(d >= r * (1 - 1e-9), "only the last one tested can meet the ball")
				else
					assert.is_true(d <= r * (1 + 1e-9), "the last one tested met it")
				end
			end
			-- the solid test starts with the centre's point query (as tree:trace)
			local solid, solid_trace = tree:intersects_sphere_trace(c, r)
			assert.are.equal(tree:intersects_sphere(c, r), solid)
			local _, point_trace = tree:trace(c)
			for k, i in ipairs(point_trace.cones) do assert.are.equal(i, solid_trace.cones[k]) end
			local same, same_trace = tree:intersects_trace(collide.sphere{ center = c, radius = r })
			assert.are.equal(solid, same)
			assert.are.same(solid_trace, same_trace)
		end
		local far, nothing, far_stats = tree:sphere_meets_surface_trace({ 9, 9, 9 }, 1)
		assert.is_false(far)
		assert.are.same({ cones = {}, tetrahedra = {} }, nothing)
		assert.are.equal(0, far_stats.nodes_visited)
	end)

	it("gives the contact of a ball overlapping a face: point, normal, depth and triangle", function()
		-- the centre outside, beyond the +x face
		local c = box_tree:sphere_contact({ 1.3, 0.1, 0.2 }, 0.5)
		assert.is_true(near3({ 1, 0.1, 0.2 }, c.point, 1e-12))
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.2, c.depth, 1e-12))
		assert.is_true(on_face(c.triangle, 1, 1), "a triangle of the +x face")
		-- the centre inside, nearest to the +x face: pushed out through it
		c = box_tree:sphere_contact({ 0.8, 0.1, 0.1 }, 0.3)
		assert.is_true(near3({ 1, 0.1, 0.1 }, c.point, 1e-12))
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.5, c.depth, 1e-12), "radius + the distance inside")
		assert.is_true(on_face(c.triangle, 1, 1))
		-- the -y face, the centre outside
		c = box_tree:sphere_contact(0.2, -0.9, -0.1, 0.45)
		assert.is_true(near3({ 0.2, -0.6, -0.1 }, c.point, 1e-12))
		assert.is_true(near3({ 0, -1, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.15, c.depth, 1e-12))
		assert.is_true(on_face(c.triangle, 2, -0.6))
		-- touching: depth 0; the centre on the face: out along the face's normal, depth r
		c = box_tree:sphere_contact(collide.sphere(1.5, 0, 0, 0.5))
		assert.are.equal(0, c.depth)
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		c = box_tree:sphere_contact({ 1, 0.25, 0.125 }, 0.2) -- a point whose nearest point is found exactly
		assert.is_true(near3({ 1, 0.25, 0.125 }, c.point, 1e-12))
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.2, c.depth, 1e-12))
		-- apart
		assert.is_nil(box_tree:sphere_contact({ 1.5, 0, 0 }, 0.49))
		assert.is_nil(box_tree:sphere_contact({ 9, 9, 9 }, 1))
		local none, stats = box_tree:sphere_contact_stats({ 9, 9, 9 }, 1)
		assert.is_nil(none)
		assert.are.equal(1, stats.queries)
		local some, some_stats = box_tree:sphere_contact_stats({ 1.3, 0.1, 0.2 }, 0.5)
		assert.is_true(some.depth > 0)
		assert.is_true(some_stats.queries == 1 and some_stats.primitives_tested > 0)
	end)

	-- col_tetratree_sphere_contact turns to the triangle's normal only when the nearest point is the
	-- centre exactly; where col_triangle_closest_point rounds (a centre on the face at (1, 0.5, 0)
	-- is found 1e-16 away) the normal is the direction of the rounding: (0, 1, 0) there.
	it("a centre on the surface gets the face's normal even where the nearest point is rounded", function()
		local c = box_tree:sphere_contact({ 1, 0.5, 0 }, 0.2)
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
	end)

	it("moves a ball out of contact by depth along the normal, on every shape", function()
		for name, m in pairs(meshes()) do
			local tree = collide.tetratree(m)
			local triangles = triangle_list(m)
			for i, ball in ipairs(random_balls(m, 150, 13)) do
				local c = tree:sphere_contact(ball.center, ball.radius)
				if c then
					local where = name .. " ball " .. i
					assert.is_true(near(length(c.normal), 1, 1e-12), where .. ": a unit normal")
					assert.is_true(c.depth >= 0, where) -- past 2 r when the ball is wholly inside
					local point, distance = tree:closest_point(ball.center)
					assert.is_true(near3(point, c.point, 1e-12), where .. ": the surface point nearest the centre")
					-- moved out, the ball touches the contact point and reaches no deeper (on a convex
					-- shape the point stays the nearest one)
					local moved = add(ball.center, c.normal, c.depth)
					local tolerance = 1e-9 * (1 + distance + ball.radius)
					assert.is_true(math.abs(length(sub(moved, c.point)) - ball.radius) <= tolerance, where .. ": moved out")
					local s = tree:signed_distance(moved)
					assert.is_true(s <= ball.radius + tolerance, where .. ": moved out, it still touches")
					if name == "box" then
						assert.is_true(math.abs(s - ball.radius) <= tolerance, where .. ": moved out of a convex shape, it touches")
					end
					local tri = triangles[c.triangle]
					assert.is_true(length(sub(closest_on_triangle(c.point, tri[1], tri[2], tri[3]), c.point)) <= 1e-12,
						where .. ": the point is on its triangle")
				end
			end
		end
	end)

	it("finds the nearest surface point and its distance, inside and out", function()
		local cases = { -- point, nearest, distance, the face's coordinate and value (or none)
			{ { 2, 0.5, 0.3 }, { 1, 0.5, 0.3 }, 1, 1, 1 },
			{ { 0.9, 0, 0 }, { 1, 0, 0 }, 0.1, 1, 1 },
			{ { 0, 0, -0.3 }, { 0, 0, -0.4 }, 0.1, 3, -0.4 },
			{ { 2, 1, 1 }, { 1, 0.6, 0.4 }, math.sqrt(1 + 0.16 + 0.36) },
			{ { -1, 0.6, 0 }, { -1, 0.6, 0 }, 0 },
		}
		for _, case in ipairs(cases) do
			local where = table.concat(case[1], ", ")
			local p, d, t = box_tree:closest_point(case[1])
			assert.is_true(near3(case[2], p, 1e-12), where)
			assert.is_true(near(case[3], d, 1e-12), where)
			assert.is_true(t >= 1 and t <= #box_triangles, where)
			if case[4] then assert.is_true(on_face(t, case[4], case[5]), where) end
			local p2, d2, t2, stats = box_tree:closest_point_stats(case[1][1], case[1][2], case[1][3])
			assert.are.same({ p, d, t }, { p2, d2, t2 })
			assert.are.equal(1, stats.queries)
		end
		assert.is_true(near(-0.1, box_tree:signed_distance(0.9, 0, 0), 1e-12), "negative inside")
		assert.is_true(near(1, box_tree:signed_distance{ 2, 0.5, 0.3 }, 1e-12), "positive outside")
		assert.are.equal(0, box_tree:signed_distance(1, 0.25, 0.125), "0 on the surface (-0: inside)")
		assert.is_true(math.abs(box_tree:signed_distance(1, 0.2, 0.1)) < 1e-15, "or within rounding of 0")
		local d, stats = box_tree:signed_distance_stats(2, 0, 0)
		assert.are.equal(1, d)
		assert.are.equal(1, stats.queries)
	end)

	it("agrees with the brute-force nearest distance on " .. support.cases(300) .. " random points per shape", function()
		for name, m in pairs(meshes()) do
			local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 2 })
			local triangles = triangle_list(m)
			local pts = random_points(m, support.cases(300), 17)
			for i = 1, #pts do
				local q = { pts:get(i) }
				local where = name .. " point " .. i .. " (" .. table.concat(q, ", ") .. ")"
				local expected = brute_distance(triangles, q)
				local p, d, t = tree:closest_point(q)
				assert.is_true(near(expected, d, 1e-12), where .. ": " .. d .. " vs " .. expected)
				assert.is_true(near(length(sub(p, q)), d, 1e-12), where)
				local tri = triangles[t]
				assert.is_true(near3(closest_on_triangle(q, tri[1], tri[2], tri[3]), p, 1e-12), where .. ": on its triangle")
				local s = tree:signed_distance(q)
				assert.are.equal(d, math.abs(s), where)
				assert.are.equal(m:contains(q), s < 0 or s == 0, where .. ": the sign")
			end
		end
	end)

	it("casts rays at a box: distance, point, normal and triangle", function()
		local h = box_tree:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 })
		assert.are.equal(4, h.distance)
		assert.is_true(near3({ -1, 0.2, 0.1 }, h.point, 1e-12))
		assert.is_true(near3({ -1, 0, 0 }, h.normal, 1e-12))
		assert.is_true(on_face(h.triangle, 1, -1))
		h = box_tree:ray_cast(-5, 0.2, 0.1, 2, 0, 0)
		assert.are.equal(2, h.distance, "in the direction's units")
		assert.is_nil(box_tree:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 }, 3.9), "short of the box")
		assert.are.equal(4, box_tree:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 }, 4).distance, "reaching it")
		assert.are.equal(4, box_tree:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 }, math.huge).distance)
		h = box_tree:ray_cast({ 0.1, 0.2, 0 }, { 0, 0, 1 })
		assert.is_true(near(0.4, h.distance, 1e-12), "from inside")
		assert.is_true(near3({ 0, 0, 1 }, h.normal, 1e-12), "the face's own (outward) normal")
		assert.is_true(on_face(h.triangle, 3, 0.4))
		h = box_tree:ray_cast({ 3, 3, 3 }, { -1, -1, -1 })
		assert.is_true(near3({ 0.4, 0.4, 0.4 }, h.point, 1e-12), "through the top face")
		assert.is_nil(box_tree:ray_cast({ -5, 2, 0 }, { 1, 0, 0 }), "passing by")
		assert.is_nil(box_tree:ray_cast({ -5, 0, 0 }, { -1, 0, 0 }), "pointing away")
		assert.are.equal(0, box_tree:ray_cast({ 1, 0, 0 }, { 1, 0, 0 }).distance, "starting on the surface")
		local hit, stats = box_tree:ray_cast_stats({ -5, 0.2, 0.1 }, { 1, 0, 0 })
		assert.are.equal(4, hit.distance)
		assert.is_true(stats.queries == 1 and stats.primitives_tested > 0)
		local miss, miss_stats = box_tree:ray_cast_stats({ -5, 2, 0 }, { 1, 0, 0 })
		assert.is_nil(miss)
		assert.are.equal(1, miss_stats.queries)
	end)

	it("agrees with brute-force ray casting on " .. support.cases(200) .. " random rays per shape", function()
		for name, m in pairs(meshes()) do
			local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 2 })
			local triangles = triangle_list(m)
			local random = support.generator(23)
			local count = support.cases(200)
			local pts = random_points(m, count, 29)
			local checked = 0
			for i = 1, #pts do
				local o = { pts:get(i) }
				local d = { random() - 0.5, random() - 0.5, random() - 0.5 }
				local max_distance = i % 3 == 0 and random() * 2 or math.huge
				local expected, grazed = brute_ray(triangles, o, d, max_distance)
				if not grazed then
					checked = checked + 1
					local where = ("%s ray %d from {%.17g, %.17g, %.17g} along {%.17g, %.17g, %.17g}"):format(
						name, i, o[1], o[2], o[3], d[1], d[2], d[3])
					local h = tree:ray_cast(o, d, max_distance)
					assert.are.equal(expected ~= nil, h ~= nil, where)
					if h then
						assert.is_true(near(expected, h.distance, 1e-9), where)
						assert.is_true(near3(add(o, d, h.distance), h.point, 1e-12), where)
						assert.is_true(near(1, length(h.normal), 1e-12), where)
					end
				end
			end
			assert.is_true(checked > count * 19 // 20, name .. ": more than 19 rays in 20 clear of grazing")
		end
	end)

	it("tests mesh pairs by DC-TT, DC-List and DC, as the all-pairs oracle does", function()
		local ball = collide.mesh.icosphere(2, 0.5)
		local ball_tree = collide.tetratree(ball)
		for _, method in ipairs{ "tetratree", "cone_list", "covering", "default" } do
			assert.is_true(box_tree:intersects(ball_tree, { position = { 1.4, 0, 0 } }, method), method)
			assert.is_false(box_tree:intersects(ball_tree, { position = { 1.6, 0, 0 } }, method), method)
			assert.is_true(box_tree:intersects(ball_tree, nil, method), method .. ": one inside the other")
			assert.is_true(box_tree:intersects(ball_tree, method), method .. ": the pose left out")
			local hit, stats = box_tree:intersects_stats(ball_tree, { position = { 1.4, 0, 0 } }, method)
			assert.is_true(hit)
			assert.are.equal(1, stats.queries)
		end
		assert.is_true(box_tree:intersects(ball_tree), "the pose and method left out")
		assert.is_true(box_tree:intersects(box_tree), "itself")
		assert.is_false(box_tree:intersects(ball_tree, { position = { 0, 1.15, 0 } }), "above the box's top face")
		-- the box 1.3 below the ball's centre reaches up to -0.7, short of the ball (radius 0.5); turned
		-- a quarter about z, it reaches up to -0.3, into it
		local quarter = { 0, 0, math.sin(math.pi / 4), math.cos(math.pi / 4) }
		assert.is_false(ball_tree:intersects(box_tree, { position = { 0, -1.3, 0 } }))
		assert.is_true(ball_tree:intersects(box_tree, { position = { 0, -1.3, 0 }, rotation = quarter }), "turned")
		assert.is_true(ball_tree:intersects(box_tree, { position = { 0, -1.3, 0 }, rotation = { 0, 0, 2, 2 } }),
			"the quaternion is normalised")
	end)

	it("agrees with mesh:intersects on " .. support.cases(120) .. " random poses per shape pair and method, with a cache", function()
		local shapes = meshes()
		local count = support.cases(120)
		local small = collide.mesh.icosphere(1, 0.3)
		local random = support.generator(31)
		-- in a fixed order, so that each shape pair draws the same poses from the one stream on every run
		for _, name in ipairs{ "box", "bumpy", "hollow", "pieces", "torus" } do
			local m = shapes[name]
			local tree = collide.tetratree(m, { depth = 4, min_tetrahedra = 2 })
			for _, other_entry in ipairs{ { "small", small }, { "torus", shapes.torus } } do
				local other_name, other = other_entry[1], other_entry[2]
				local other_tree = collide.tetratree(other, { depth = 3 })
				local b = { m:bounds() }
				local caches = { tetratree = tree:cache(), cone_list = tree:cache(), covering = tree:cache() }
				local hits = 0
				for i = 1, count do
					local pose = { position = {}, rotation = random_rotation(random) }
					for k = 1, 3 do pose.position[k] = b[k] - 0.8 + random() * (b[k + 3] - b[k] + 1.6) end
					local expected = m:intersects(other, pose)
					if expected then hits = hits + 1 end
					for method, cache in pairs(caches) do
						local where = ("%s and %s by %s, pose %d {%.17g, %.17g, %.17g}"):format(name, other_name, method, i,
							pose.position[1], pose.position[2], pose.position[3])
						assert.are.equal(expected, tree:intersects(other_tree, pose, method), where)
						assert.are.equal(expected, tree:intersects(other_tree, pose, method, cache), where .. " with a cache")
					end
				end
				-- some poses meet and some miss (more than 5 of 120 each way)
				assert.is_true(hits > count // 24 and hits < count - count // 24, name .. " and " .. other_name .. ": " .. hits .. " hits")
			end
		end
	end)

	it("traces a pair query in this tree's cones and triangles", function()
		local ball_tree = collide.tetratree(collide.mesh.icosphere(2, 0.5))
		for _, method in ipairs{ "tetratree", "cone_list" } do
			local hit, trace, stats = box_tree:intersects_trace(ball_tree, { position = { 1.4, 0, 0 } }, method)
			assert.is_true(hit)
			assert.are.equal(1, stats.queries)
			assert.is_true(#trace.cones > 0 and #trace.tetrahedra > 0, method)
			assert.is_nil(trace.truncated)
			for _, i in ipairs(trace.cones) do assert.is_true(i >= 1 and i <= #box_tree) end
			for _, t in ipairs(trace.tetrahedra) do assert.is_true(t >= 1 and t <= #box_triangles) end
			local miss, far = box_tree:intersects_trace(ball_tree, { position = { 9, 0, 0 } }, method)
			assert.is_false(miss)
			assert.are.same({ cones = {}, tetrahedra = {} }, far, "beyond the bounding spheres")
		end
		local hit, trace = box_tree:intersects_trace(ball_tree, { position = { 1.4, 0, 0 } }, "covering")
		assert.is_true(hit)
		assert.are.same({ cones = {}, tetrahedra = {} }, trace, "the flat method records nothing")
		-- a big pair outgrows the first buffers and is recorded again
		local torus = collide.tetratree(collide.mesh.torus(1, 0.35, 48, 24), { depth = 3, min_tetrahedra = 0 })
		local near_miss, long = torus:intersects_trace(torus, { position = { 0, 0, 0.71 } })
		assert.are.equal(torus:intersects(torus, { position = { 0, 0, 0.71 } }), near_miss)
		assert.is_nil(long.truncated)
	end)

	it("rejects bad balls, points, rays, poses, methods and caches with clear messages", function()
		local t, other = box_tree, collide.tetratree(collide.mesh.icosphere(1))
		assert.matches("bad argument #1 to 'intersects_sphere' (collide.sphere or a centre {x, y, z} and a radius expected, got no value)",
			error_of(function() return t:intersects_sphere() end), 1, true)
		assert.matches("bad argument #1 to 'sphere_meets_surface' (collide.sphere or a centre {x, y, z} and a radius expected, got string)",
			error_of(function() return t:sphere_meets_surface("ball") end), 1, true)
		assert.matches("bad argument #2 to 'intersects_sphere' (number expected, got no value)",
			error_of(function() return t:intersects_sphere{ 0, 0, 0 } end), 1, true)
		assert.matches("bad argument #2 to 'intersects_sphere' (radius must be >= 0, got -1.0)",
			error_of(function() return t:intersects_sphere({ 0, 0, 0 }, -1) end), 1, true)
		assert.matches("bad argument #4 to 'sphere_meets_surface' (radius must be >= 0, got -0.5)",
			error_of(function() return t:sphere_meets_surface(0, 0, 0, -0.5) end), 1, true)
		assert.matches("bad argument #2 to 'intersects_sphere_stats' (expected a finite number, got nan)",
			error_of(function() return t:intersects_sphere_stats({ 0, 0, 0 }, nan) end), 1, true)
		assert.matches("expected a finite number, got inf", error_of(function() return t:sphere_contact({ 0, 0, 0 }, math.huge) end), 1, true)
		assert.matches("bad argument #1 to 'intersects_sphere' (center: y is nan)",
			error_of(function() return t:intersects_sphere({ 0, nan, 0 }, 1) end), 1, true)
		assert.matches("bad argument #2 to 'sphere_meets_surface' (expected a finite number, got nan)",
			error_of(function() return t:sphere_meets_surface(0, nan, 0, 1) end), 1, true)
		assert.matches("center: expected a point {x, y, z}, got a table of length 2",
			error_of(function() return t:sphere_contact({ 0, 0 }, 1) end), 1, true)
		assert.matches("bad argument #3 to 'intersects_sphere' (collide.cache3d expected, got number)",
			error_of(function() return t:intersects_sphere({ 0, 0, 0 }, 1, 5) end), 1, true)
		assert.matches("made for another covering3d or tetra-tree",
			error_of(function() return t:sphere_meets_surface({ 0, 0, 0 }, 1, other:cache()) end), 1, true)
		assert.matches("made for another", error_of(function() return t:intersects_sphere_trace(collide.sphere(0, 0, 0, 1), other:cache()) end), 1, true)
		assert.matches("bad argument #3 to 'sphere_contact' (sphere_contact takes no cache (nothing after the sphere))",
			error_of(function() return t:sphere_contact({ 0, 0, 0 }, 1, t:cache()) end), 1, true)
		assert.matches("bad argument #1 to 'closest_point' (point: expected {x, y, z} or x, y, z, got string)",
			error_of(function() return t:closest_point("here") end), 1, true)
		assert.matches("bad argument #3 to 'closest_point' (number expected, got no value)",
			error_of(function() return t:closest_point(0, 0) end), 1, true)
		assert.matches("bad argument #1 to 'closest_point_stats' (point: z is nan)",
			error_of(function() return t:closest_point_stats{ 0, 0, nan } end), 1, true)
		assert.matches("bad argument #1 to 'signed_distance' (expected a finite number, got nan)",
			error_of(function() return t:signed_distance(nan, 0, 0) end), 1, true)
		assert.matches("bad argument #1 to 'signed_distance' (point: expected {x, y, z} or x, y, z, got no value)",
			error_of(function() return t:signed_distance() end), 1, true)
		assert.matches("bad argument #2 to 'ray_cast' (direction must not be zero (its squared length is 0))",
			error_of(function() return t:ray_cast({ 0, 0, 0 }, { 0, 0, 0 }) end), 1, true)
		assert.matches("bad argument #4 to 'ray_cast' (direction must not be zero",
			error_of(function() return t:ray_cast(0, 0, 0, 0, 0, 0) end), 1, true)
		assert.matches("bad argument #2 to 'ray_cast' (direction: expected {x, y, z} or x, y, z, got no value)",
			error_of(function() return t:ray_cast{ 0, 0, 0 } end), 1, true)
		assert.matches("bad argument #1 to 'ray_cast' (origin: x is nan)",
			error_of(function() return t:ray_cast({ nan, 0, 0 }, { 1, 0, 0 }) end), 1, true)
		assert.matches("bad argument #2 to 'ray_cast_stats' (direction: z is inf",
			error_of(function() return t:ray_cast_stats({ 0, 0, 0 }, { 1, 0, math.huge }) end), 1, true)
		assert.matches("bad argument #3 to 'ray_cast' (max_distance must be >= 0 (math.huge for no limit), got -1)",
			error_of(function() return t:ray_cast({ 0, 0, 0 }, { 1, 0, 0 }, -1) end), 1, true)
		assert.matches("max_distance must be >= 0 (math.huge for no limit), got nan",
			error_of(function() return t:ray_cast({ 0, 0, 0 }, { 1, 0, 0 }, nan) end), 1, true)
		assert.matches("bad argument #3 to 'ray_cast' (number expected, got table)",
			error_of(function() return t:ray_cast({ 0, 0, 0 }, { 1, 0, 0 }, {}) end), 1, true)
		assert.matches("bad argument #1 to 'intersects' (collide.tetratree or collide.sphere expected, got collide.mesh)",
			error_of(function() return t:intersects(box) end), 1, true)
		assert.matches("bad argument #1 to 'intersects_stats' (collide.tetratree or collide.sphere expected, got no value)",
			error_of(function() return t:intersects_stats() end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (tetratree: 'crossing' is not a tetra-tree pair method (expected 'tetratree', 'cone_list', 'covering' or 'default'))",
			error_of(function() return t:intersects(other, "crossing") end), 1, true)
		assert.matches("bad argument #3 to 'intersects' (unknown method 'dc-tt' (expected 'default', 'crossing'",
			error_of(function() return t:intersects(other, {}, "dc-tt") end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: unknown option 'translation' (expected position, rotation))",
			error_of(function() return t:intersects(other, { translation = { 1, 0, 0 } }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: position: y is nan)",
			error_of(function() return t:intersects(other, { position = { 0, nan, 0 } }) end), 1, true)
		assert.matches("pose: position: expected a point {x, y, z}, got number",
			error_of(function() return t:intersects(other, { position = 1 }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: rotation: expected a quaternion {x, y, z, w}, got a table of another length)",
			error_of(function() return t:intersects(other, { rotation = { 0, 0, 1 } }) end), 1, true)
		assert.matches("pose: rotation: expected a quaternion {x, y, z, w}, got string",
			error_of(function() return t:intersects(other, { rotation = "quarter" }) end), 1, true)
		assert.matches("pose: rotation: w must be a finite number, got nan or inf",
			error_of(function() return t:intersects(other, { rotation = { 0, 0, 0, nan } }) end), 1, true)
		assert.matches("pose: rotation: z must be a finite number, got string",
			error_of(function() return t:intersects(other, { rotation = { 0, 0, "1", 1 } }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: rotation: the zero quaternion is not a rotation)",
			error_of(function() return t:intersects(other, { rotation = { 0, 0, 0, 0 } }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose, method name or collide.cache3d expected, got number)",
			error_of(function() return t:intersects(other, 5) end), 1, true)
		assert.matches("bad argument #3 to 'intersects' (method name or collide.cache3d expected, got boolean)",
			error_of(function() return t:intersects(other, {}, true) end), 1, true)
		assert.matches("bad argument #4 to 'intersects_trace' (collide.cache3d expected, got table)",
			error_of(function() return t:intersects_trace(other, {}, "cone_list", {}) end), 1, true)
		assert.matches("made for another", error_of(function() return t:intersects(other, {}, "tetratree", other:cache()) end), 1, true)
		local closed_cache = t:cache()
		closed_cache:close()
		assert.matches("cache3d is closed", error_of(function() return t:intersects(other, closed_cache) end), 1, true)
		assert.matches("cache3d is closed", error_of(function() return t:intersects_sphere({ 0, 0, 0 }, 1, closed_cache) end), 1, true)
	end)

	it("refuses a closed tree, on either side, with 'tetratree is closed'", function()
		local closed = collide.tetratree(box)
		local cache = closed:cache()
		closed:close()
		local calls = {
			function() return closed:intersects_sphere({ 0, 0, 0 }, 1) end,
			function() return closed:sphere_meets_surface_stats({ 0, 0, 0 }, 1) end,
			function() return closed:intersects_sphere_trace({ 0, 0, 0 }, 1) end,
			function() return closed:sphere_contact({ 0, 0, 0 }, 1) end,
			function() return closed:closest_point(0, 0, 0) end,
			function() return closed:signed_distance(0, 0, 0) end,
			function() return closed:ray_cast({ 0, 0, 0 }, { 1, 0, 0 }) end,
			function() return closed:intersects(box_tree) end,
			function() return closed:intersects_trace(box_tree) end,
		}
		for _, call in ipairs(calls) do
			assert.matches("calling '[%w_]+' on bad self %(tetratree is closed%)", error_of(call))
		end
		assert.matches("bad argument #1 to 'intersects' (tetratree is closed)",
			error_of(function() return box_tree:intersects(closed) end), 1, true)
		assert.matches("bad argument #1 to 'intersects_stats' (tetratree is closed)",
			error_of(function() return box_tree:intersects_stats(closed, {}, "cone_list") end), 1, true)
		assert.matches("it was made for is closed",
			error_of(function() return box_tree:intersects_sphere({ 0, 0, 0 }, 1, cache) end), 1, true)
	end)
end)

describe("tetratree:contacts", function()
	local box = collide.mesh.box(1, 1, 1)
	local tree = collide.tetratree(box)

	it("gives the crossings, then the inner vertices with their depth, for a box sunk 0.1 into another", function()
		local list, summary = tree:contacts(tree, { position = { 0.3, 0.2, 1.9 } })
		assert.are.equal(summary.count, #list)
		assert.is_true(summary.crossings > 0)
		assert.are.equal(summary.crossings + 2, summary.count)
		for i = 1, summary.crossings do
			local c = list[i]
			assert.are.equal("crossing", c.kind)
			assert.are.equal(0, c.depth)
			assert.is_truthy(c.triangle_a and c.triangle_b)
			assert.is_nil(c.vertex)
		end
		local b, a = list[summary.crossings + 1], list[summary.crossings + 2]
		assert.are.equal("vertex_of_b", b.kind)
		assert.are.equal("vertex_of_a", a.kind)
		for _, c in ipairs({ b, a }) do
			assert.is_true(math.abs(c.depth - 0.1) < 1e-12)
			assert.is_true(math.abs(c.normal[3] - 1) < 1e-12)
		end
		assert.is_true(math.abs(summary.deepest.depth - 0.1) < 1e-12)
	end)

	it("agrees with mesh:intersects on random poses, and lists at most max", function()
		local ball = collide.tetratree(collide.mesh.bumpy_sphere(1))
		local rng = 12345
		local function rand()
			rng = (rng * 1103515245 + 12345) % 2147483648
			return rng / 2147483648 * 2 - 1
		end
		local met = 0
		for _ = 1, 60 do
			local pose = { position = { 2 * rand(), 2 * rand(), 2 * rand() }, rotation = { rand(), rand(), rand(), 1 } }
			local list, summary = ball:contacts(tree, pose, 3)
			assert.are.equal(summary.count > 0, ball:intersects(tree, pose))
			assert.is_true(#list <= 3 and #list == math.min(3, summary.count))
			if summary.count > 0 then met = met + 1 end
		end
		assert.is_true(met > 5 and met < 55)
	end)

	it("gives no contact apart, and refuses bad arguments", function()
		local list, summary = tree:contacts(tree, { position = { 5, 0, 0 } })
		assert.are.equal(0, #list)
		assert.are.equal(0, summary.count)
		assert.is_nil(summary.deepest)
		assert.matches("collide.tetratree expected", error_of(function() return tree:contacts(5) end), 1, true)
		assert.matches("pose: position: x is nan",
			error_of(function() return tree:contacts(tree, { position = { nan, 0, 0 } }) end), 1, true)
		assert.matches("max must be", error_of(function() return tree:contacts(tree, nil, -1) end), 1, true)
	end)
end)
