-- collide.mesh: construction (1-based), generators, files, validation, queries and lifetime.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

-- A unit tetrahedron, counter-clockwise seen from outside.
local function tetrahedron(flip_one)
	local triangles = { { 1, 3, 2 }, { 1, 2, 4 }, { 1, 4, 3 }, { 2, 3, 4 } }
	if flip_one then triangles[4] = { 2, 4, 3 } end
	return collide.mesh{
		vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		triangles = triangles,
	}
end

local function near(a, b, tolerance)
	return math.abs(a - b) <= (tolerance or 1e-9)
end

describe("collide.mesh", function()
	it("is made from 1-based tables and gives them back 1-based", function()
		local m = tetrahedron()
		assert.are.equal(4, m:vertex_count())
		assert.are.equal(4, m:triangle_count())
		assert.are.same({ 1, 3, 2 }, m:triangles()[1])
		assert.are.same({ 0, 0, 1 }, m:vertices()[4])
		assert.is_true(near(1 / 6, m:volume()))
		assert.is_true(m:area() > 0)
		assert.are.same({ 0, 0, 0, 1, 1, 1 }, { m:bounds() })
		assert.are.equal("mesh(4 vertices, 4 triangles)", tostring(m))
		assert.are.equal(4, collide.mesh.new{ vertices = m:vertices(), triangles = m:triangles() }:triangle_count())
	end)

	it("accepts a 3D points buffer as vertices", function()
		local v = collide.points{ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }
		local m = collide.mesh{ vertices = v, triangles = { { 1, 3, 2 }, { 1, 2, 4 }, { 1, 4, 3 }, { 2, 3, 4 } } }
		assert.is_true(near(1 / 6, m:volume()))
	end)

	it("validates: a closed outward mesh, and an open one with 1-based boundary edges", function()
		local report = tetrahedron():validate()
		assert.is_true(report.closed)
		assert.is_true(report.edge_manifold)
		assert.is_true(report.consistently_oriented)
		assert.is_true(report.outward)
		assert.are.equal(0, report.boundary_edges)
		assert.are.equal(6, report.edge_count)
		assert.are.equal(1, report.components)
		assert.is_string(report.text)
		assert.are.same({}, report.boundary_edge_list)

		local open = collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 3 } } }
		local r = open:validate()
		assert.is_false(r.closed)
		assert.is_false(r.outward)
		assert.are.equal(3, r.boundary_edges)
		assert.are.equal(3, #r.boundary_edge_list)
		for _, edge in ipairs(r.boundary_edge_list) do
			assert.is_true(edge[1] >= 1 and edge[2] <= 3 and edge[1] < edge[2])
		end
		assert.matches("boundary", r.text, 1, true)
	end)

	it("welds duplicate positions, and refuses a weld that would leave no triangle", function()
		-- two copies of vertex 1 (as STL files store them): welding merges one and keeps both triangles
		local m = collide.mesh{ vertices = { {0,0,0}, {1,0,0}, {0,1,0}, {0,0,0}, {0,0,1} },
			triangles = { {1,2,3}, {4,5,2} } }
		assert.are.equal(1, m:weld())
		assert.are.equal(4, m:vertex_count())
		assert.are.equal(2, m:triangle_count())
		local flat = collide.mesh{ vertices = { {0,0,0}, {0,0,0}, {1,0,0} }, triangles = { {1,2,3} } }
		assert.matches("collapse every triangle", error_of(function() return flat:weld() end), 1, true)
		assert.are.equal(1, flat:triangle_count())
	end)

	it("fixes the orientation of a mesh with a flipped triangle", function()
		local m = tetrahedron(true)
		local before = m:validate()
		assert.is_false(before.consistently_oriented)
		assert.is_true(before.misoriented_edges > 0)
		assert.are.equal(1, m:fix_orientation())
		assert.is_true(m:validate().outward)
		assert.is_true(near(1 / 6, m:volume()))
		assert.are.equal(0, m:fix_orientation())
	end)

	it("reports a mesh that cannot be oriented as an error", function()
		-- three triangles on one edge: not edge-manifold
		local m = collide.mesh{
			vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 } },
			triangles = { { 1, 2, 3 }, { 1, 2, 4 }, { 1, 2, 5 } },
		}
		assert.is_false(m:validate().edge_manifold)
		local ok, message = pcall(m.fix_orientation, m)
		assert.is_false(ok)
		assert.matches("mesh", tostring(message), 1, true)
	end)

	it("makes the generators' closed, outward meshes", function()
		local cases = {
			{ collide.mesh.box(1, 2, 3), 48, 12 },
			{ collide.mesh.icosphere(2), nil, 320 },
			{ collide.mesh.icosphere(1, 2.0), nil, 80 },
			{ collide.mesh.uv_sphere(1, 16, 8), nil, nil },
			{ collide.mesh.torus(2, 0.5, 24, 12), nil, 24 * 12 * 2 },
			{ collide.mesh.bumpy_sphere(2), nil, 320 },
		}
		for i, case in ipairs(cases) do
			local m, volume, triangles = case[1], case[2], case[3]
			local report = m:validate()
			assert.is_true(report.closed and report.outward, "generator " .. i .. ": " .. report.text)
			if volume then assert.is_true(near(volume, m:volume()), "volume " .. i) end
			if triangles then assert.are.equal(triangles, m:triangle_count(), "triangles " .. i) end
		end
		local minx, _, _, maxx = collide.mesh.icosphere(1, 2.0):bounds()
		assert.is_true(near(-2, minx, 1e-6) and near(2, maxx, 1e-6))
	end)

	it("rejects bad generator arguments", function()
		assert.matches("bad argument #1 to 'icosphere' (9 out of range 0..8)", error_of(function() return collide.mesh.icosphere(9) end), 1, true)
		assert.matches("bad argument #2 to 'uv_sphere' (2 out of range", error_of(function() return collide.mesh.uv_sphere(1, 2, 8) end), 1, true)
		assert.matches("bad argument #1 to 'box' (number expected, got table)", error_of(function() return collide.mesh.box({}, 1, 1) end), 1, true)
		assert.matches("torus", error_of(function() return collide.mesh.torus(1, 2, 8, 8) end), 1, true)
		assert.matches("expected a finite number, got nan", error_of(function() return collide.mesh.box(0 / 0, 1, 1) end), 1, true)
	end)

	it("contains points inside and on the surface, by crossing and by winding", function()
		local m = collide.mesh.box(1, 1, 1)
		for _, method in ipairs{ "crossing", "winding" } do
			assert.is_true(m:contains(0, 0, 0, method), method)
			assert.is_false(m:contains(2, 0, 0, method), method)
			assert.is_true(m:contains({ 0.5, -0.5, 0.9 }, method), method)
		end
		assert.is_true(m:contains(1, 0, 0)) -- on a face
		assert.is_true(m:contains(1, 1, 1)) -- on a corner
		local inside, stats = m:contains_stats(0, 0, 0)
		assert.is_true(inside)
		assert.are.equal(1, stats.queries)
		assert.is_true(stats.primitives_tested > 0)
	end)

	it("answers a buffer of 3D points in one call, matching single queries", function()
		local m = collide.mesh.icosphere(2)
		local n = 20000
		local pts = collide.points(n, 3)
		local seed = 7
		local function random()
			seed = (seed * 1103515245 + 12345) % 2147483648
			return seed / 2147483648
		end
		for i = 1, n do pts:set(i, random() * 2.4 - 1.2, random() * 2.4 - 1.2, random() * 2.4 - 1.2) end
		local r, stats = m:contains_all(pts)
		assert.are.equal(n, #r)
		assert.are.equal(n, stats.queries)
		local fraction = r:count() / n
		local expected = m:volume() / 2.4 ^ 3
		assert.is_true(math.abs(fraction - expected) < 0.02, "inside fraction " .. fraction)
		for i = 1, n, 97 do
			assert.are.equal(m:contains(pts:get(i)), r[i], "point " .. i)
		end
		assert.matches("expected 3D points, got 2D points", error_of(function() return m:contains_all(collide.points(3)) end), 1, true)
	end)

	it("intersects spheres and other meshes, the other one moved by a pose", function()
		local a = collide.mesh.box(1, 1, 1)
		local b = collide.mesh.box(1, 1, 1)
		assert.is_true(a:intersects(b))
		assert.is_true(a:intersects(b, { position = { 2, 0, 0 } }))   -- touching faces
		assert.is_false(a:intersects(b, { position = { 2.5, 0, 0 } }))
		-- turned 45 degrees about z, the box reaches sqrt(2) from its centre
		local s = math.sin(math.pi / 8)
		local turn = { position = { 2.3, 0, 0 }, rotation = { 0, 0, s, math.cos(math.pi / 8) } }
		assert.is_true(a:intersects(b, turn))
		local small = collide.mesh.box(0.1, 0.1, 0.1)
		assert.is_true(a:intersects(small), "nested: one inside the other")
		assert.is_true(a:intersects(collide.sphere(0, 0, 0, 0.1)))
		assert.is_true(a:intersects(collide.sphere(2, 0, 0, 1)))
		assert.is_false(a:intersects(collide.sphere(2.5, 0, 0, 1)))
		assert.is_true(a:intersects(collide.sphere(2.5, 0, 0, 1), { position = { -1, 0, 0 } }))
		assert.matches("collide.sphere or collide.mesh expected, got collide.circle",
			error_of(function() return a:intersects(collide.circle(0, 0, 1)) end), 1, true)
		assert.matches("rotation: expected a quaternion {x, y, z, w}",
			error_of(function() return a:intersects(b, { rotation = { 0, 0, 1 } }) end), 1, true)
		assert.matches("position: z is nan",
			error_of(function() return a:intersects(b, { position = { 0, 0, 0 / 0 } }) end), 1, true)
	end)

	it("loads and saves files", function()
		local path = "/usr/share/assimp/models/OBJ/box.obj"
		local f = io.open(path)
		if not f then
			pending("assimp's sample models are not installed: " .. path)
			return
		end
		f:close()
		local m = collide.mesh.load(path)
		assert.are.equal(12, m:triangle_count())
		assert.is_true(near(1, math.abs(m:volume())))
		local out = os.tmpname() .. ".obj"
		assert.is_true(m:save(out))
		local again = collide.mesh.load(out)
		os.remove(out)
		assert.are.equal(12, again:triangle_count())
		assert.is_true(near(m:volume(), again:volume(), 1e-6))
	end)

	it("raises the engine's message for a missing file; try_load returns nil, message", function()
		local message = error_of(function() return collide.mesh.load("/no/such/file.obj") end)
		assert.matches("/no/such/file.obj", message, 1, true)
		local m, why, code = collide.mesh.try_load("/no/such/file.obj")
		assert.is_nil(m)
		assert.matches("/no/such/file.obj", why, 1, true)
		assert.are.equal("i/o", code)
		local bad = os.tmpname() .. ".obj"
		local f = assert(io.open(bad, "w"))
		f:write("this is not an obj file\n")
		f:close()
		local m2, why2 = collide.mesh.try_load(bad)
		os.remove(bad)
		assert.is_nil(m2)
		assert.is_string(why2)
		assert.matches("bad argument #1 to 'load' (string expected, got nil)", error_of(function() return collide.mesh.load(nil) end), 1, true)
		local tetra = tetrahedron()
		assert.matches("/no/such/dir/x.obj", error_of(function() return tetra:save("/no/such/dir/x.obj") end), 1, true)
	end)

	-- Files written here (os.tmpname gives the path); removed whatever the outcome.
	local function with_file(suffix, bytes, use)
		local path = os.tmpname() .. suffix
		local f = assert(io.open(path, "wb"))
		f:write(bytes)
		f:close()
		local ok, why = pcall(use, path)
		os.remove(path)
		if not ok then error(why, 0) end
	end

	it("keeps the doubles of a file exactly, and save writes them back bit for bit", function()
		with_file(".obj", "v 0.1 123456789.123456789 1e-30\nv -7.25e29 0 0\nv 0 1 0\nf 1 2 3\n", function(path)
			local m = collide.mesh.load(path)
			assert.are.same({ { 0.1, 123456789.123456789, 1e-30 }, { -7.25e29, 0, 0 }, { 0, 1, 0 } }, m:vertices())
			local out = os.tmpname() .. ".obj"
			assert.is_true(m:save(out))
			local again = collide.mesh.load(out)
			os.remove(out)
			assert.are.same(m:vertices(), again:vertices())
		end)
	end)

	-- The inputs that crashed (a 20-byte PLY), aborted (a binary PLY with an empty face) and hung
	-- (a PLY header cut after its format line) the process through assimp, and a header claiming
	-- 2^40 vertices: try_load returns nil, the message with the line or byte, and "format".
	it("try_load refuses the files that broke the assimp loader, with the position", function()
		local empty_face = "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
			.. "property float y\nproperty float z\nelement face 2\nproperty list uchar int vertex_indices\n"
			.. "end_header\n" .. string.pack("<fffffffff", 0, 0, 0, 1, 0, 0, 0, 1, 0)
			.. string.pack("<Biii", 3, 0, 1, 2) .. string.pack("<B", 0)
		local cases = {
			{ "ply\nformat binary_\0\0", "line 2: unknown format 'binary_??'" },
			{ empty_face, "byte " .. (#empty_face - 1) .. ": face 2 has 0 vertices, needs at least 3" },
			{ "ply\nformat ascii 1.0\n", "the header ends without 'end_header'" },
			{ "ply\nformat ascii 1.0\nelement vertex 1099511627776\n", "line 3: element vertex declares 1099511627776 records" },
			{ "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n", "line 6: face 1 has vertex index 7, but there are 3 vertices" },
			{ "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 nan\n", "line 4: vertex 1 has a coordinate that is not finite" },
		}
		assert.are.equal(20, #cases[1][1])
		for i, case in ipairs(cases) do
			with_file(".ply", case[1], function(path)
				local m, why, code = collide.mesh.try_load(path)
				assert.is_nil(m, "case " .. i)
				assert.matches("mesh: " .. path .. ": " .. case[2], why, 1, true)
				assert.are.equal(i == 6 and "not finite" or "format", code)
				local ok, raised = pcall(collide.mesh.load, path)
				assert.is_false(ok)
				assert.matches(why, tostring(raised), 1, true)
			end)
		end
	end)

	it("refuses formats it does not read, naming those it reads", function()
		with_file(".3ds", "MM\16\0\0\0 not read", function(path)
			local m, why = collide.mesh.try_load(path)
			assert.is_nil(m)
			assert.matches("OBJ, STL, PLY or OFF", why, 1, true)
		end)
	end)

	-- assimp's own collection of broken files (data from assimp-testmodels): each must give a clear
	-- message or a valid mesh.
	it("loads or clearly refuses every file in assimp's invalid/ folders", function()
		local list = io.popen("find /usr/share/assimp/models -path '*invalid*' -type f 2>/dev/null | sort")
		local paths = {}
		for path in list:lines() do paths[#paths + 1] = path end
		list:close()
		if #paths == 0 then
			pending("assimp's sample models (assimp-testmodels) are not installed")
			return
		end
		local refused = 0
		for _, path in ipairs(paths) do
			local m, why, code = collide.mesh.try_load(path)
			if m then
				assert.is_true(m:triangle_count() > 0, path)
				assert.is_string(m:validate().text, path)
			else
				refused = refused + 1
				assert.is_string(why, path)
				assert.matches("^mesh: ", why, 1, false)
				assert.is_true(#why > 12, path .. ": message too short: " .. why)
				assert.is_true(code == "format" or code == "i/o" or code == "not finite", path .. ": " .. tostring(code))
				-- load raises the same message as a Lua error
				local ok, raised = pcall(collide.mesh.load, path)
				assert.is_false(ok)
				assert.matches(why, tostring(raised), 1, true)
			end
		end
		assert.is_true(refused >= #paths - 2, "most invalid files must be refused")
	end)

	it("releases with <close>, close() and __gc, and says so when used after", function()
		do
			local m <close> = collide.mesh.icosphere(1)
			assert.are.equal(80, m:triangle_count())
		end
		local m = collide.mesh.box(1, 1, 1)
		m:close()
		m:close()
		assert.are.equal("mesh(closed)", tostring(m))
		assert.matches("mesh is closed", error_of(function() return m:volume() end), 1, true)
		assert.matches("mesh is closed", error_of(function() return collide.mesh.box(1, 1, 1):intersects(m) end), 1, true)
		for _ = 1, 100 do collide.mesh.icosphere(1) end
		collectgarbage("collect")
		collectgarbage("collect")
	end)
end)
