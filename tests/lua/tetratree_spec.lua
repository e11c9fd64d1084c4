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

	it("agrees with mesh:contains on 3000 random points per shape, with and without a cache", function()
		for name, m in pairs(meshes()) do
			for _, options in ipairs{ {}, { origin = { 0.05, 0.11, -0.07 } } } do
				local cov = collide.covering3d(m, options)
				local pts = random_points(m, 3000, 7)
				local expected = m:contains_all(pts)
				local results, stats = cov:contains_all(pts)
				assert.are.equal(3000, stats.queries)
				check_answers(name, pts, expected, results)
				local cache = cov:cache()
				local cached = cov:contains_all(pts, cache)
				check_answers(name .. " with a cache", pts, expected, cached)
				for i = 1, 3000, 97 do
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
					assert.is_true(alpha >= 0, "cone " .. i .. " tetrahedron " .. t .. ": a vertex beyond the envelope")
					assert.is_true(cone.sphere:contains(v[1], v[2], v[3]), "cone " .. i .. " sphere")
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
					assert.is_true(length(sub(v, apex)) <= reach, name .. " level " .. level .. ": a vertex beyond the reach")
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

	it("agrees with mesh:contains on 3000 random points per shape and option set, with and without a cache", function()
		for name, m in pairs(meshes()) do
			for _, options in ipairs{ {}, { depth = 5, min_tetrahedra = 1 }, { fit_iterations = 0, depth = 3 },
				{ origin = { 0.05, 0.11, -0.07 } } } do
				local tree = collide.tetratree(m, options)
				local pts = random_points(m, 3000, 11)
				local expected = m:contains_all(pts)
				local results, stats = tree:contains_all(pts)
				assert.are.equal(3000, stats.queries)
				check_answers(name, pts, expected, results)
				local cache = tree:cache()
				local cached, cached_stats = tree:contains_all(pts, cache)
				assert.are.equal(3000, cached_stats.queries)
				check_answers(name .. " with a cache", pts, expected, cached)
				for i = 1, 3000, 101 do
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
