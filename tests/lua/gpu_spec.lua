-- collide.gpu on the CPU backend (the device test compares it with the GPU bit for bit): answers
-- against the engine's own Lua functions, the objects' lives, every argument error, and the example
-- of docs/lua-api.md.
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local collide = require "collide"
local gpu = collide.gpu

local function fails_with(text, f, ...)
	local message = support.error_of(f, ...)
	assert.is_truthy(message:find(text, 1, true), ("expected %q in %q"):format(text, message))
end

describe("collide.gpu contexts", function()
	it("says what the machine offers", function()
		local info = gpu.info()
		assert.are.equal(gpu.available(), info.available)
		assert.is_true(info.cpu_threads >= 1)
		if not info.available then assert.is_true(#info.reason > 0) end
		local cpu = gpu.context("cpu")
		assert.are.equal("cpu", cpu:device())
		assert.are.equal(cpu, gpu.context("cpu"), "one context a device")
		assert.is_truthy(tostring(cpu):find("collide.gpu_context"))
	end)
	it("refuses a device it does not know, or a GPU it does not have", function()
		fails_with("device must be 'auto', 'gpu' or 'cpu', got 'tpu'", gpu.context, "tpu")
		fails_with("options: device must be 'auto', 'gpu' or 'cpu', got 'tpu'", gpu.mesh, collide.mesh.icosphere(1),
			{ device = "tpu" })
		if not gpu.available() then
			fails_with("no CUDA device can be used", gpu.context, "gpu")
		end
	end)
end)

describe("gpu meshes", function()
	local mesh = collide.mesh.bumpy_sphere(3)
	local m = gpu.mesh(mesh, { device = "cpu" })
	local random = support.generator(5)
	local n = 3000
	local points = collide.points(n, 3)
	for i = 1, n do points:set(i, 2.4 * random() - 1.2, 2.4 * random() - 1.2, 2.4 * random() - 1.2) end

	it("answers inside as the mesh itself does, at a pose too", function()
		local inside, stats = m:contains(points)
		local expected = mesh:contains_all(points)
		for i = 1, n do assert.are.equal(expected[i], inside[i], "point " .. i) end
		assert.are.equal(n, stats.queries)
		assert.are.equal(expected:count(), stats.hits)
		-- moved by (0.3, 0, 0): a point p is inside exactly when p - (0.3, 0, 0) is inside the mesh
		local moved = m:contains(points, { position = { 0.3, 0, 0 } })
		for i = 1, n, 7 do
			local x, y, z = points:get(i)
			assert.are.equal(mesh:contains(x - 0.3, y, z), moved[i], "moved point " .. i)
		end
		-- points as a table are copied
		assert.are.same({ true, false }, { m:contains { { 0, 0, 0 }, { 5, 5, 5 } }[1], m:contains { { 5, 5, 5 } }[1] })
	end)

	it("measures signed distances, with the nearest points and triangles", function()
		local d, closest, triangles = m:distance(points, { closest = true, triangles = true })
		local inside = m:contains(points)
		for i = 1, n, 11 do
			assert.are.equal(inside[i], d[i] <= 0, "sign " .. i)
			local x, y, z = points:get(i)
			local cx, cy, cz = closest:get(i)
			assert.is_near(math.abs(d[i]), math.sqrt((x - cx) ^ 2 + (y - cy) ^ 2 + (z - cz) ^ 2), 1e-12)
			assert.is_true(triangles[i] >= 1 and triangles[i] <= mesh:triangle_count())
		end
		local only = m:distance(points)
		assert.are.equal(d[5], only[5])
	end)

	it("counts the triangles a query meets as cga.mesh_query does, by every form and search", function()
		local queries = {
			{ segment = { { -2, 0.1, 0.05 }, { 2, -0.1, 0.02 } } },
			{ triangle = { { 0.9, 0, 0 }, { 1.3, 0.2, 0 }, { 1.1, 0, 0.4 } } },
			{ sphere = { { 1, 0, 0 }, 0.2 } },
			{ sphere = { { 0, 0, 0 }, 0.5 }, mode = "solid" },
		}
		for _, form in ipairs { "cga", "euclidean" } do
			for _, search in ipairs { "bvh", "brute_force" } do
				local counts = m:query(queries, { form = form, search = search })
				for k, q in ipairs(queries) do
					assert.are.equal(collide.cga.mesh_query(mesh, q, { method = form }), counts[k], form .. " " .. search .. " " .. k)
				end
			end
		end
		local counts, hits = m:query(queries[1], { hits = true })
		assert.are.equal(counts[1], #hits)
	end)

	it("finds the triangle pairs of two meshes as cga.mesh_mesh does", function()
		local small = collide.mesh.icosphere(1, 0.25)
		local other = gpu.mesh(small, { device = "cpu", solid = false })
		local pose = { position = { 1, 0, 0 } }
		local expected, ea, eb = collide.cga.mesh_mesh(mesh, small, { pose = pose })
		for _, search in ipairs { "bvh", "brute_force" } do
			local pairs, ha, hb = m:collide(other, { pose = pose, search = search })
			assert.are.equal(expected, pairs)
			assert.are.same(ea, ha)
			assert.are.same(eb, hb)
		end
	end)

	it("refuses what it cannot do, and works no more once closed", function()
		local surface = gpu.mesh(mesh, { device = "cpu", solid = false })
		fails_with("a surface mesh has no inside", surface.contains, surface, points)
		fails_with("must be closed", gpu.mesh, collide.mesh { vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 3 } } }, { device = "cpu" })
		fails_with("queries[1]: unknown option 'bogus'", m.query, m, { { bogus = 1 } })
		fails_with("queries[1]: expected one of segment, triangle or sphere", m.query, m, { { mode = "solid" } })
		fails_with("queries[2]: sphere: radius must be a finite number >= 0", m.query, m, { { sphere = { { 0, 0, 0 }, 1 } }, { sphere = { { 0, 0, 0 }, -1 } } })
		fails_with("options: form must be 'cga' or 'euclidean'", m.query, m, { segment = { { 0, 0, 0 }, { 1, 0, 0 } } }, { form = "crossing" })
		fails_with("options: search must be 'bvh' or 'brute_force'", m.query, m, { segment = { { 0, 0, 0 }, { 1, 0, 0 } } }, { search = "tree" })
		fails_with("pose: position: x is nan", m.contains, m, points, { position = { 0 / 0, 0, 0 } })
		surface:close()
		fails_with("gpu mesh is closed", surface.contains, surface, points)
		assert.is_truthy(tostring(surface):find("closed"))
	end)
end)

describe("gpu polygons", function()
	it("answer as the polygon itself does, at a pose", function()
		local square = collide.polygon({ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }, { holes = { { { 1, 1 }, { 1, 3 }, { 3, 3 }, { 3, 1 } } } })
		local p = gpu.polygon(square, { device = "cpu" })
		local points = support.random_points(square, 2000, 9)
		local inside = p:contains(points)
		local expected = square:contains_all(points)
		for i = 1, #points do assert.are.equal(expected[i], inside[i], "point " .. i) end
		local turned = p:contains(collide.points { { -0.5, 0.5 } }, { angle = math.pi / 2 })
		assert.is_true(turned[1], "turned a quarter about the origin, the square covers (-0.5, 0.5)")
		assert.are.equal(8, p:info().edges)
		p:close()
		fails_with("gpu polygon is closed", p.contains, p, points)
	end)
end)

describe("gpu primitive pairs", function()
	it("answer as cga.collide does", function()
		local a = { { sphere = { { 0, 0, 0 }, 8 } }, { segment = { { 0, 0, 0 }, { 1, 0, 0 } } }, { triangle = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } } } }
		local b = { { sphere = { { 558.93, 206.351, 38.258 }, 8 } }, { sphere = { { 2, 0, 0 }, 1 } }, { triangle = { { 0, 0, 0 }, { 0, 0, 1 }, { 1, 0, 1 } } } }
		for _, form in ipairs { "cga", "euclidean" } do
			local hits, stats = gpu.collide_pairs(a, b, { form = form, device = "cpu" })
			assert.are.same({ false, true, true }, { hits[1], hits[2], hits[3] })
			assert.are.equal(3, stats.queries)
		end
		fails_with("b has 1 entries, a has 3", gpu.collide_pairs, a, { b[1] })
	end)
end)

describe("gpu particles", function()
	local ball = gpu.mesh(collide.mesh.icosphere(2), { device = "cpu" })
	local options = { count = 2000, device = "cpu", seed = 3, spawn = { min = { -0.6, -0.6, 1.2 }, max = { 0.6, 0.6, 1.6 } },
		domain = { min = { -2, -2, -2 }, max = { 2, 2, 2 } }, gravity = { 0, 0, -9.81 } }
	local function run(response, steps)
		options.response = response
		local cloud = gpu.particles(options)
		local last
		for _ = 1, steps do last = cloud:step(1 / 60, ball, { position = { 0, 0, 0 } }) end
		return cloud, last
	end
	it("rain the same way twice", function()
		local a, b = run("reflect", 40), run("reflect", 40)
		local pa, pb = a:positions(), b:positions()
		for i = 1, a:count(), 37 do
			assert.are.same({ pa:get(i) }, { pb:get(i) })
		end
		assert.are.equal(40, a:steps())
	end)
	it("stick to the ball, and pass through it with no response", function()
		local cloud = run("stick", 60)
		assert.are.equal(cloud:count(), cloud:stuck():count())
		local passing, stats = run("none", 30)
		assert.is_true(stats.inside > 0)
		assert.are.equal(0, passing:stuck():count())
	end)
	it("refuse bad options and steps, keeping the meshes they stepped against", function()
		fails_with("particles: count must be >= 1, got 0", gpu.particles, { count = 0, device = "cpu" })
		fails_with("particles: the spawn box must lie in the domain", gpu.particles,
			{ device = "cpu", spawn = { min = { 0, 0, 0 }, max = { 9, 9, 9 } } })
		fails_with("response must be 'reflect', 'stick' or 'none', got 'bounce'", gpu.particles,
			{ device = "cpu", response = "bounce" })
		fails_with("particles: unknown option 'colour'", gpu.particles, { device = "cpu", colour = "red" })
		local cloud = gpu.particles { count = 10, device = "cpu" }
		fails_with("dt must be finite and > 0", cloud.step, cloud, 0, ball)
		local surface = gpu.mesh(collide.mesh.icosphere(1), { device = "cpu", solid = false })
		fails_with("must be a solid mesh", cloud.step, cloud, 0.01, surface)
		cloud:step(0.01, ball)
		local other = gpu.mesh(collide.mesh.icosphere(1), { device = "cpu" })
		fails_with("the meshes changed since the last step", cloud.step, cloud, 0.01, other)
		cloud:reset_meshes()
		cloud:step(0.01, other)
		fails_with("first must be 1 .. 11", cloud.positions, cloud, 12)
		cloud:close()
		fails_with("gpu particles are closed", cloud.step, cloud, 0.01)
	end)
end)

describe("gpu broad phase", function()
	it("finds each overlapping pair once, sorted, from a table or a buffer", function()
		local bp = gpu.broadphase { device = "cpu" }
		local boxes = { { { 0, 0, 0 }, { 1, 1, 1 } }, { { 5, 5, 5 }, { 6, 6, 6 } }, { { 1, 1, 1 }, { 2, 2, 2 } }, { { 0.5, 0.5, 0.5 }, { 0.6, 0.6, 0.6 } } }
		local list, n = bp:pairs(boxes)
		assert.are.equal(2, n)
		assert.are.same({ 1, 3, 1, 4 }, list)
		local buffer = collide.points(8, 3)
		for i, b in ipairs(boxes) do
			buffer:set(2 * i - 1, b[1][1], b[1][2], b[1][3])
			buffer:set(2 * i, b[2][1], b[2][2], b[2][3])
		end
		assert.are.same(list, (bp:pairs(buffer)))
		fails_with("boxes[2]: not finite, or min > max", bp.pairs, bp, { boxes[1], { { 1, 1, 1 }, { 0, 0, 0 } } })
		fails_with("two rows a box", bp.pairs, bp, collide.points(3, 3))
	end)
end)
