-- collide.bvh (mesh_bvh.h): the bounding volume hierarchy over a mesh's triangles. Its build
-- options and statistics, its nodes (boxes holding their subtrees, every triangle in one leaf, the
-- cut at each depth), every query against a brute-force Lua oracle or the mesh's own oracles
-- (mesh:contains, mesh:intersects) or the tetra-tree's answer on the same mesh (contacts), the
-- traces the viewer draws, surface-only BVHs (open meshes; the solid-only queries refuse them),
-- argument errors and lifetime.
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

-- The shape classes of tetratree_spec: convex, star-shaped and bumpy, a torus (its centroid in the
-- hole), a hollow ball (nested shells) and two boxes apart (two pieces).
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

-- Three faces of a tetrahedron: open, so only a surface-only BVH takes it.
local function open_mesh()
	return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		triangles = { { 1, 3, 2 }, { 1, 2, 4 }, { 1, 4, 3 } } }
end

-- A wavy open sheet over [-1, 1]^2 in z (n x n squares, two triangles each).
local function sheet(n)
	local vertices, triangles = {}, {}
	for j = 0, n do
		for i = 0, n do
			local x, y = -1 + 2 * i / n, -1 + 2 * j / n
			vertices[#vertices + 1] = { x, y, 0.15 * math.sin(3 * x) * math.cos(2 * y) }
		end
	end
	local function at(i, j) return j * (n + 1) + i + 1 end
	for j = 0, n - 1 do
		for i = 0, n - 1 do
			triangles[#triangles + 1] = { at(i, j), at(i + 1, j), at(i + 1, j + 1) }
			triangles[#triangles + 1] = { at(i, j), at(i + 1, j + 1), at(i, j + 1) }
		end
	end
	return collide.mesh{ vertices = vertices, triangles = triangles }
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

local function check_answers(name, pts, expected, results)
	for i = 1, #pts do
		if expected[i] ~= results[i] then
			assert.are.equal(expected[i], results[i],
				name .. " point " .. i .. " (" .. table.concat({ pts:get(i) }, ", ") .. ")")
		end
	end
end

-- ---- small vector helpers and brute-force oracles ----

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function cross(a, b)
	return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
local function length(a) return math.sqrt(dot(a, a)) end

local function near(a, b, tolerance)
	return math.abs(a - b) <= (tolerance or 1e-9) * math.max(1, math.abs(a), math.abs(b))
end

local function near3(a, b, tolerance)
	return near(a[1], b[1], tolerance) and near(a[2], b[2], tolerance) and near(a[3], b[3], tolerance)
end

local closest_on_triangle, triangle_list = support.closest_on_triangle, support.triangle_list
local brute_distance, brute_ray = support.brute_distance, support.brute_ray

-- The distance from p to the box {min, max} (0 inside).
local function box_distance(p, lo, hi)
	local s = 0
	for k = 1, 3 do
		local gap = math.max(lo[k] - p[k], p[k] - hi[k], 0)
		s = s + gap * gap
	end
	return math.sqrt(s)
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

-- Each node's parent (1-based; nil for the root), from the nodes' children.
local function parents(bvh)
	local parent = {}
	for i = 1, #bvh do
		for _, c in ipairs(bvh:node(i).children or {}) do parent[c] = i end
	end
	return parent
end

-- ---- structure ----

describe("collide.bvh", function()
	it("builds with the defaults, reports its statistics, and they are what its nodes say", function()
		local m = collide.mesh.bumpy_sphere(2)
		local bvh = collide.bvh(m)
		local s = bvh:stats()
		for _, key in ipairs{ "nodes", "leaves", "depth", "max_leaf_triangles", "memory_bytes", "octree_bytes", "triangles" } do
			assert.are.equal("integer", math.type(s[key]), key)
		end
		assert.is_number(s.build_seconds)
		assert.is_true(s.build_seconds >= 0)
		assert.is_number(s.mean_leaf_depth)
		assert.is_true(s.solid and bvh:is_solid())
		assert.are.equal(m:triangle_count(), s.triangles)
		assert.are.equal(s.nodes, #bvh)
		assert.are.equal(s.nodes, bvh:node_count())
		assert.are.equal(2 * s.leaves - 1, s.nodes, "a binary tree: every inner node has two children")
		assert.is_true(s.octree_bytes > 0 and s.memory_bytes > s.octree_bytes)
		assert.is_true(s.max_leaf_triangles <= 4, "the default leaf size is 4")
		local leaves, most, deepest, depth_sum = 0, 0, 0, 0
		for i = 1, #bvh do
			local node = bvh:node(i)
			if node.leaf then
				leaves = leaves + 1
				most = math.max(most, node.triangle_count)
				deepest = math.max(deepest, node.depth)
				depth_sum = depth_sum + node.depth
			end
		end
		assert.are.same({ s.leaves, s.max_leaf_triangles, s.depth }, { leaves, most, deepest })
		assert.is_true(near(s.mean_leaf_depth, depth_sum / leaves, 1e-12))
		assert.matches("^bvh%(%d+ nodes, %d+ leaves, depth %d+, 320 triangles%)$", tostring(bvh))
	end)

	it("keeps every triangle in exactly one leaf, and every box holds its subtree", function()
		for name, m in pairs(meshes()) do
			for _, leaf in ipairs{ 1, 4, 16 } do
				local bvh = collide.bvh(m, { leaf_triangles = leaf })
				local triangles = triangle_list(m)
				local where = name .. " leaf_triangles " .. leaf
				local root = bvh:node(1)
				assert.are.equal(0, root.depth, where)
				local seen, count = {}, 0
				-- down the tree: children one deeper, leaves hold triangles, each box its leaf's vertices
				for i = 1, #bvh do
					local node = bvh:node(i)
					if node.leaf then
						assert.is_nil(node.children)
						assert.are.equal(node.triangle_count, #node.triangles, where)
						assert.is_true(node.triangle_count >= 1 and node.triangle_count <= leaf, where .. " node " .. i)
						for _, t in ipairs(node.triangles) do
							assert.is_nil(seen[t], where .. ": triangle " .. t .. " in two leaves")
							seen[t], count = true, count + 1
							for _, v in ipairs(triangles[t]) do
								for k = 1, 3 do
									local holds = node.min[k] <= v[k] and v[k] <= node.max[k]
									if not holds then assert.is_true(holds, where .. ": node " .. i .. " misses a vertex") end
								end
							end
						end
					else
						assert.is_nil(node.triangles)
						assert.are.equal(0, node.triangle_count)
						assert.are.equal(2, #node.children)
						assert.are.equal(node.children[1] + 1, node.children[2], "adjacent children")
						for _, c in ipairs(node.children) do
							local child = bvh:node(c)
							assert.are.equal(node.depth + 1, child.depth, where)
							-- each box is its own subtree's, rounded outward: a child may stick out by rounding
							for k = 1, 3 do
								local slack = 1e-6 * (1 + math.abs(node.min[k]) + math.abs(node.max[k]))
								assert.is_true(node.min[k] - slack <= child.min[k] and child.max[k] <= node.max[k] + slack,
									where .. ": child " .. c .. " well outside its parent")
							end
						end
					end
				end
				assert.are.equal(m:triangle_count(), count, where)
				-- every box holds every vertex of its subtree's triangles (what pruning relies on)
				-- (the box of its vertices, bottom-up, inside the node's box)
				local function check_subtree(i)
					local node, lo, hi = bvh:node(i), { math.huge, math.huge, math.huge }, { -math.huge, -math.huge, -math.huge }
					local function grow(a, b)
						for k = 1, 3 do lo[k], hi[k] = math.min(lo[k], a[k]), math.max(hi[k], b[k]) end
					end
					if node.leaf then
						for _, t in ipairs(node.triangles) do
							for _, v in ipairs(triangles[t]) do grow(v, v) end
						end
					else
						for _, c in ipairs(node.children) do grow(check_subtree(c)) end
					end
					for k = 1, 3 do
						assert.is_true(node.min[k] <= lo[k] and hi[k] <= node.max[k], where .. ": node " .. i .. " misses a vertex below it")
					end
					return lo, hi
				end
				check_subtree(1)
				-- the list in leaf order is the same triangles, each once
				local listed = bvh:leaf_triangles()
				assert.are.equal(m:triangle_count(), #listed)
				table.sort(listed)
				for i, t in ipairs(listed) do assert.are.equal(i, t) end
				-- the root's box is the mesh's box, rounded outward to single precision
				local b = { m:bounds() }
				for k = 1, 3 do
					assert.is_true(root.min[k] <= b[k] and b[k] - root.min[k] <= 1e-6 * (1 + math.abs(b[k])), where)
					assert.is_true(root.max[k] >= b[k + 3] and root.max[k] - b[k + 3] <= 1e-6 * (1 + math.abs(b[k + 3])), where)
				end
			end
		end
	end)

	it("cuts the tree at each depth into boxes that share out the triangles", function()
		local m = collide.mesh.torus(1, 0.35, 24, 12)
		local bvh = collide.bvh(m)
		local deepest = bvh:stats().depth
		assert.are.same({ 1 }, bvh:nodes(0), "the root alone")
		local all = bvh:nodes()
		assert.are.equal(#bvh, #all)
		for i, n in ipairs(all) do assert.are.equal(i, n) end
		-- the triangles under a node
		local function below(i, out)
			local node = bvh:node(i)
			if node.leaf then
				for _, t in ipairs(node.triangles) do out[#out + 1] = t end
			else
				below(node.children[1], out)
				below(node.children[2], out)
			end
			return out
		end
		local previous = 1
		for depth = 0, deepest do
			local cut = bvh:nodes(depth)
			assert.is_true(#cut >= previous, "a deeper cut has no fewer boxes")
			previous = #cut
			local seen, count = {}, 0
			for _, i in ipairs(cut) do
				local node = bvh:node(i)
				assert.is_true(node.depth == depth or (node.leaf and node.depth < depth), "depth " .. depth)
				for _, t in ipairs(below(i, {})) do
					assert.is_nil(seen[t], "depth " .. depth .. ": triangle " .. t .. " twice")
					seen[t], count = true, count + 1
				end
			end
			assert.are.equal(m:triangle_count(), count, "depth " .. depth)
		end
		local leaves = 0
		for _, i in ipairs(bvh:nodes(deepest)) do
			assert.is_true(bvh:node(i).leaf)
			leaves = leaves + 1
		end
		assert.are.equal(bvh:stats().leaves, leaves, "the deepest cut is the leaves")
	end)

	it("takes options: leaf_triangles and surface_only", function()
		local m = collide.mesh.icosphere(2)
		local one = collide.bvh(m, { leaf_triangles = 1 })
		assert.are.equal(m:triangle_count(), one:stats().leaves, "one triangle a leaf")
		assert.are.equal(1, one:stats().max_leaf_triangles)
		local big = collide.bvh(m, { leaf_triangles = 64 })
		assert.is_true(big:stats().max_leaf_triangles <= 64)
		assert.is_true(big:stats().nodes < one:stats().nodes, "bigger leaves, fewer nodes")
		for _, leaf in ipairs{ 2, 8, 32 } do
			assert.is_true(collide.bvh(m, { leaf_triangles = leaf }):stats().max_leaf_triangles <= leaf)
		end
		local surface = collide.bvh(m, { surface_only = true })
		assert.is_false(surface:is_solid())
		assert.is_false(surface:stats().solid)
		assert.are.equal(0, surface:stats().octree_bytes)
		assert.is_true(surface:stats().memory_bytes < collide.bvh(m):stats().memory_bytes, "no octree")
		assert.matches("^bvh%(.*, surface only%)$", tostring(surface))
		assert.is_true(collide.bvh(m, { surface_only = false }):is_solid())
		assert.is_true(collide.bvh(m, {}):is_solid())
		assert.is_true(collide.bvh(m, nil):is_solid())
		-- the same surface either way
		local solid = collide.bvh(m)
		for i = 1, #solid do
			assert.are.same(solid:node(i), surface:node(i), "node " .. i)
		end
	end)

	it("refuses open and misoriented meshes unless surface_only, with the engine's message", function()
		assert.matches("bad argument #1 to 'bvh' (", error_of(function() return collide.bvh(open_mesh()) end), 1, true)
		assert.matches("closed", error_of(collide.bvh, open_mesh()), 1, true)
		assert.matches("bad argument #1 to 'collide.bvh' (", error_of(collide.bvh, sheet(4), { leaf_triangles = 2 }), 1, true)
		local misoriented = collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
			triangles = { { 1, 3, 2 }, { 1, 2, 4 }, { 1, 4, 3 }, { 2, 4, 3 } } }
		assert.matches("bad argument #1 to 'bvh' (", error_of(function() return collide.bvh(misoriented) end), 1, true)
		local open = collide.bvh(open_mesh(), { surface_only = true })
		assert.are.equal(3, open:stats().triangles)
		assert.is_true(collide.bvh(misoriented, { surface_only = true }):stats().nodes >= 1)
		assert.is_true(collide.bvh(sheet(6), { surface_only = true, leaf_triangles = 2 }):stats().leaves >= 36)
	end)

	it("rejects unknown, mistyped and out-of-range options", function()
		local m = collide.mesh.box(1, 1, 1)
		assert.matches("bad argument #2 to 'bvh' (bvh: unknown option 'leaf_size' (expected leaf_triangles, surface_only))",
			error_of(function() return collide.bvh(m, { leaf_size = 3 }) end), 1, true)
		assert.matches("bvh: unknown option 1", error_of(collide.bvh, m, { 3 }), 1, true)
		assert.matches("bvh: unknown option 'depth'", error_of(collide.bvh, m, { depth = 3 }), 1, true)
		assert.matches("bad argument #2 to 'bvh' (bvh: leaf_triangles must be an integer, got 2.5)",
			error_of(function() return collide.bvh(m, { leaf_triangles = 2.5 }) end), 1, true)
		assert.matches("bvh: leaf_triangles must be an integer, got string",
			error_of(collide.bvh, m, { leaf_triangles = "4" }), 1, true)
		assert.matches("bvh: leaf_triangles 1099511627776 is out of range",
			error_of(collide.bvh, m, { leaf_triangles = 2 ^ 40 }), 1, true)
		for _, bad in ipairs{ 0, -1, 65 } do
			local message = error_of(function() return collide.bvh(m, { leaf_triangles = bad }) end)
			assert.matches("bad argument #2 to 'bvh' (", message, 1, true)
			assert.matches("leaf_triangles", message, 1, true)
		end
		assert.matches("bad argument #2 to 'bvh' (bvh: surface_only must be a boolean, got number)",
			error_of(function() return collide.bvh(m, { surface_only = 1 }) end), 1, true)
		assert.matches("bvh: surface_only must be a boolean, got string",
			error_of(collide.bvh, m, { surface_only = "yes" }), 1, true)
		assert.matches("bad argument #2 to 'bvh' (table expected, got string)",
			error_of(function() return collide.bvh(m, "deep") end), 1, true)
		assert.matches("bad argument #1 to 'bvh' (collide.mesh expected, got collide.polygon)",
			error_of(function() return collide.bvh(collide.polygon(support.c_outline)) end), 1, true)
		assert.matches("bad argument #1 to 'bvh' (collide.mesh expected, got no value)",
			error_of(function() return collide.bvh() end), 1, true)
	end)

	it("rejects bad node indices and depths", function()
		local bvh = collide.bvh(collide.mesh.box(1, 1, 1), { leaf_triangles = 1 })
		local n, deepest = #bvh, bvh:stats().depth
		assert.matches("bad argument #1 to 'node' (node 0 out of range 1.." .. n .. ")", error_of(function() return bvh:node(0) end), 1, true)
		assert.matches("node " .. (n + 1) .. " out of range", error_of(function() return bvh:node(n + 1) end), 1, true)
		assert.matches("number has no integer representation", error_of(function() return bvh:node(1.5) end), 1, true)
		assert.matches("bad argument #1 to 'node' (number expected, got no value)", error_of(function() return bvh:node() end), 1, true)
		assert.matches("bad argument #1 to 'nodes' (depth -1 out of range 0.." .. deepest .. ")",
			error_of(function() return bvh:nodes(-1) end), 1, true)
		assert.matches("depth " .. (deepest + 1) .. " out of range", error_of(function() return bvh:nodes(deepest + 1) end), 1, true)
		assert.matches("bad argument #1 to 'nodes' (number expected, got string)", error_of(function() return bvh:nodes("top") end), 1, true)
	end)
end)

-- ---- points ----

-- The points every structure over the box [-1, 1] x [-0.6, 0.6] x [-0.4, 0.4] must call inside
-- (vertices, edges, faces, the centre) and some just outside.
local BOX_INSIDE = {
	{ 1, 0.6, 0.4 }, { -1, -0.6, -0.4 }, { 0, 0.6, 0.4 }, { 1, 0, 0 }, { 0.3, -0.2, 0.4 }, { 0, 0, 0 },
	{ 0.5, 0.3, 0.2 }, { -0.25, 0.15, -0.1 }, { 0.5, 0.3, 0 }, { 0, 0.3, 0.2 }, { 0.999, 0.5999, 0.3999 },
}
local BOX_OUTSIDE = { { 1.001, 0, 0 }, { 0, -0.6001, 0 }, { 1, 0.6, 0.40001 }, { 2, 1.2, 0.8 }, { 0, 0, 5 } }

describe("collide.bvh point queries", function()
	it("agrees with mesh:contains and the tetra-tree on " .. support.cases(3000) .. " random points per shape", function()
		for name, m in pairs(meshes()) do
			for _, options in ipairs{ {}, { leaf_triangles = 1 }, { leaf_triangles = 64 } } do
				local bvh = collide.bvh(m, options)
				local tree = collide.tetratree(m)
				local count = support.cases(3000)
				local pts = random_points(m, count, 11)
				local expected = m:contains_all(pts)
				local results, stats = bvh:contains_all(pts)
				assert.are.equal(count, stats.queries)
				check_answers(name, pts, expected, results)
				check_answers(name .. " (the tetra-tree)", pts, tree:contains_all(pts), results)
				assert.are.equal(expected:count(), results:count())
				for i = 1, count, 101 do
					local x, y, z = pts:get(i)
					assert.are.equal(expected[i], bvh:contains(x, y, z))
					assert.are.equal(expected[i], bvh:contains{ x, y, z })
					local inside, s = bvh:contains_stats(x, y, z)
					assert.are.equal(expected[i], inside)
					assert.are.equal(1, s.queries)
				end
				-- a table of points is taken as a buffer
				local rows = {}
				for i = 1, 50 do rows[i] = { pts:get(i) } end
				local from_table = bvh:contains_all(rows)
				assert.are.equal(50, #from_table)
				for i = 1, 50 do assert.are.equal(expected[i], from_table[i], name .. " (a table) point " .. i) end
			end
		end
	end)

	it("calls the surface inside, and what is just beyond it outside", function()
		local bvh = collide.bvh(collide.mesh.box(1, 0.6, 0.4))
		for _, p in ipairs(BOX_INSIDE) do assert.is_true(bvh:contains(p), table.concat(p, ", ")) end
		for _, p in ipairs(BOX_OUTSIDE) do assert.is_false(bvh:contains(p), table.concat(p, ", ")) end
		local torus = collide.bvh(collide.mesh.torus(1, 0.35, 24, 12))
		assert.is_false(torus:contains(0, 0, 0), "the hole")
		assert.is_true(torus:contains(1, 0, 0))
		local hollow = collide.bvh(meshes().hollow)
		assert.is_false(hollow:contains(0, 0, 0), "the cavity")
		assert.is_true(hollow:contains(1.5, 0, 0), "the shell")
		local empty, stats = bvh:contains_all(collide.points(0, 3))
		assert.are.equal(0, #empty)
		assert.are.equal(0, stats.queries)
	end)

	it("refuses to answer containment on a surface-only BVH", function()
		local surface = collide.bvh(collide.mesh.box(1, 1, 1), { surface_only = true })
		local calls = {
			contains = function() return surface:contains(0, 0, 0) end,
			contains_stats = function() return surface:contains_stats{ 0, 0, 0 } end,
			contains_all = function() return surface:contains_all{ { 0, 0, 0 } } end,
		}
		for name, call in pairs(calls) do
			local message = error_of(call)
			assert.matches("bvh: " .. name .. " needs a solid BVH (this one was built with surface_only = true",
				message, 1, true)
			assert.matches("calling '" .. name .. "' on bad self", message, 1, true)
		end
	end)

	it("rejects malformed points", function()
		local bvh = collide.bvh(collide.mesh.box(1, 1, 1))
		assert.matches("expected a finite number, got nan", error_of(function() return bvh:contains(nan, 0, 0) end), 1, true)
		assert.matches("expected a finite number, got inf", error_of(function() return bvh:contains(0, math.huge, 0) end), 1, true)
		assert.matches("point: z is nan", error_of(function() return bvh:contains{ 0, 0, nan } end), 1, true)
		assert.matches("bad argument #3 to 'contains' (number expected, got no value)",
			error_of(function() return bvh:contains(0, 0) end), 1, true)
		assert.matches("bad argument #4 to 'contains' (contains takes nothing after the point)",
			error_of(function() return bvh:contains(0, 0, 0, 1) end), 1, true)
		assert.matches("row 2: x is nan", error_of(function() return bvh:contains_all{ { 0, 0, 0 }, { nan, 0, 0 } } end), 1, true)
		assert.matches("expected 3D points, got 2D points", error_of(function() return bvh:contains_all(collide.points(4, 2)) end), 1, true)
		assert.matches("bad argument #1 to 'contains_all' (collide.points or table of points expected, got number)",
			error_of(function() return bvh:contains_all(5) end), 1, true)
		assert.matches("bad argument #2 to 'contains_all' (contains_all takes nothing after the points)",
			error_of(function() return bvh:contains_all({ { 0, 0, 0 } }, "fast") end), 1, true)
	end)
end)

-- ---- spheres, nearest points, rays ----

describe("collide.bvh sphere, nearest-point and ray queries", function()
	-- the box [-1, 1] x [-0.6, 0.6] x [-0.4, 0.4]
	local box = collide.mesh.box(1, 0.6, 0.4)
	local box_bvh = collide.bvh(box, { leaf_triangles = 1 })
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
			assert.are.equal(case[3], box_bvh:intersects_sphere(c, r), case[5])
			assert.are.equal(case[4], box_bvh:sphere_meets_surface(c, r), case[5])
			local s = collide.sphere(c[1], c[2], c[3], r)
			assert.are.equal(case[3], box_bvh:intersects_sphere(s), case[5])
			assert.are.equal(case[3], box_bvh:intersects(s), case[5])
			assert.are.equal(case[4], box_bvh:sphere_meets_surface(c[1], c[2], c[3], r), case[5])
			local hit, stats = box_bvh:intersects_sphere_stats(s)
			assert.are.equal(case[3], hit)
			assert.are.equal(1, stats.queries)
			local surface, surface_stats = box_bvh:sphere_meets_surface_stats(c, r)
			assert.are.equal(case[4], surface)
			assert.are.equal(1, surface_stats.queries)
			assert.are.equal(case[3], box_bvh:sphere_contact(c, r) ~= nil, case[5])
		end
	end)

	it("agrees with the brute-force ball tests and the tetra-tree on " .. support.cases(300) .. " random balls per shape", function()
		for name, m in pairs(meshes()) do
			local bvh = collide.bvh(m)
			local tree = collide.tetratree(m)
			local triangles = triangle_list(m)
			for i, ball in ipairs(random_balls(m, support.cases(300), 5)) do
				local c, r = ball.center, ball.radius
				local where = ("%s ball %d {%.17g, %.17g, %.17g} r %.17g"):format(name, i, c[1], c[2], c[3], r)
				local solid = m:intersects(collide.sphere{ center = c, radius = r })
				local surface = brute_distance(triangles, c) <= r
				assert.are.equal(solid, surface or m:contains(c), where .. " (the oracles agree)")
				assert.are.equal(solid, bvh:intersects_sphere(c, r), where)
				assert.are.equal(surface, bvh:sphere_meets_surface(c, r), where .. " (surface)")
				assert.are.equal(tree:sphere_meets_surface(c, r), bvh:sphere_meets_surface(c, r), where .. " (the tetra-tree)")
				local contact = bvh:sphere_contact(c, r)
				assert.are.equal(solid, contact ~= nil, where .. " (contact)")
				if contact then
					local other = tree:sphere_contact(c, r)
					assert.is_true(near(other.depth, contact.depth, 1e-9), where .. ": the tetra-tree's depth")
					assert.is_true(near(length(sub(other.point, c)), length(sub(contact.point, c)), 1e-9),
						where .. ": a point as near as the tetra-tree's")
					assert.is_true(near(1, length(contact.normal), 1e-12), where .. ": a unit normal")
				end
			end
		end
	end)

	it("traces the nodes whose boxes a ball query looked at and the triangles it tested", function()
		local m = collide.mesh.bumpy_sphere(2)
		local bvh = collide.bvh(m)
		local parent = parents(bvh)
		local triangles = triangle_list(m)
		local met_some, missed_some, cleared = false, false, 0
		for _, ball in ipairs(random_balls(m, 60, 9)) do
			local c, r = ball.center, ball.radius
			local hit, trace, stats = bvh:sphere_meets_surface_trace(c, r)
			assert.are.equal(bvh:sphere_meets_surface(c, r), hit)
			assert.are.equal(1, stats.queries)
			assert.are.equal(#trace.nodes, stats.nodes_visited)
			assert.are.equal(#trace.triangles, stats.primitives_tested)
			assert.is_nil(trace.truncated)
			if #trace.nodes == 0 then
				-- the clearance grid answered: the ball lies clear of every triangle
				assert.is_false(hit)
				assert.are.same({}, trace.triangles)
				for _, tri in ipairs(triangles) do
					assert.is_true(length(sub(closest_on_triangle(c, tri[1], tri[2], tri[3]), c)) > r, "a cleared ball is clear")
				end
				cleared = cleared + 1
			else
				assert.are.equal(1, trace.nodes[1], "the root first")
			end
			local position, in_leaves = {}, {}
			for k, i in ipairs(trace.nodes) do
				assert.is_true(i >= 1 and i <= #bvh)
				assert.is_nil(position[i], "node " .. i .. " looked at twice")
				position[i] = k
				if i ~= 1 then
					local p = bvh:node(parent[i])
					assert.is_true(position[parent[i]] ~= nil and position[parent[i]] < k, "its parent came first")
					assert.is_true(box_distance(c, p.min, p.max) <= r * (1 + 1e-9) + 1e-12, "the ball reaches its parent's box")
				end
				for _, t in ipairs(bvh:node(i).triangles or {}) do in_leaves[t] = true end
			end
			for k, t in ipairs(trace.triangles) do
				assert.is_true(in_leaves[t], "triangle " .. t .. " is a traced leaf's")
				local tri = triangles[t]
				local d = length(sub(closest_on_triangle(c, tri[1], tri[2], tri[3]), c))
				if k < #trace.triangles or not hit then
					assert.is_true(d >= r * (1 - 1e-9), "only the last one tested can meet the ball")
				else
					assert.is_true(d <= r * (1 + 1e-9), "the last one tested met it")
				end
			end
			if hit then met_some = true else missed_some = true end
			-- the solid test answers by the centre first; outside it is the surface search
			local solid, solid_trace, solid_stats = bvh:intersects_sphere_trace(c, r)
			assert.are.equal(bvh:intersects_sphere(c, r), solid)
			assert.are.equal(1, solid_stats.queries)
			if not m:contains(c) then assert.are.same(trace, solid_trace) end
			local same, same_trace = bvh:intersects_trace(collide.sphere{ center = c, radius = r })
			assert.are.equal(solid, same)
			assert.are.same(solid_trace, same_trace)
		end
		assert.is_true(met_some and missed_some)
		assert.is_true(cleared < 60, "some balls are searched for")
		local far, nothing, far_stats = bvh:sphere_meets_surface_trace({ 9, 9, 9 }, 1)
		assert.is_false(far)
		assert.is_true(#nothing.nodes <= 1, "at most the root's box is looked at")
		assert.are.same({}, nothing.triangles)
		assert.is_true(far_stats.nodes_visited <= 1)
	end)

	it("gives the contact of a ball overlapping a face: point, normal, depth and triangle", function()
		local c = box_bvh:sphere_contact({ 1.3, 0.1, 0.2 }, 0.5)
		assert.is_true(near3({ 1, 0.1, 0.2 }, c.point, 1e-12))
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.2, c.depth, 1e-12))
		assert.is_true(on_face(c.triangle, 1, 1), "a triangle of the +x face")
		c = box_bvh:sphere_contact({ 0.8, 0.1, 0.1 }, 0.3)
		assert.is_true(near3({ 1, 0.1, 0.1 }, c.point, 1e-12))
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.5, c.depth, 1e-12), "radius + the distance inside")
		c = box_bvh:sphere_contact(0.2, -0.9, -0.1, 0.45)
		assert.is_true(near3({ 0.2, -0.6, -0.1 }, c.point, 1e-12))
		assert.is_true(near3({ 0, -1, 0 }, c.normal, 1e-12))
		assert.is_true(near(0.15, c.depth, 1e-12))
		assert.is_true(on_face(c.triangle, 2, -0.6))
		c = box_bvh:sphere_contact(collide.sphere(1.5, 0, 0, 0.5))
		assert.are.equal(0, c.depth)
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12))
		c = box_bvh:sphere_contact({ 1, 0.5, 0 }, 0.2)
		assert.is_true(near3({ 1, 0, 0 }, c.normal, 1e-12), "a centre on the face: the face's normal")
		assert.is_nil(box_bvh:sphere_contact({ 1.5, 0, 0 }, 0.49))
		local none, stats = box_bvh:sphere_contact_stats({ 9, 9, 9 }, 1)
		assert.is_nil(none)
		assert.are.equal(1, stats.queries)
		local some, some_stats = box_bvh:sphere_contact_stats({ 1.3, 0.1, 0.2 }, 0.5)
		assert.is_true(some.depth > 0)
		assert.is_true(some_stats.queries == 1 and some_stats.primitives_tested > 0)
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
			local p, d, t = box_bvh:closest_point(case[1])
			assert.is_true(near3(case[2], p, 1e-12), where)
			assert.is_true(near(case[3], d, 1e-12), where)
			assert.is_true(t >= 1 and t <= #box_triangles, where)
			if case[4] then assert.is_true(on_face(t, case[4], case[5]), where) end
			local p2, d2, t2, stats = box_bvh:closest_point_stats(case[1][1], case[1][2], case[1][3])
			assert.are.same({ p, d, t }, { p2, d2, t2 })
			assert.are.equal(1, stats.queries)
			assert.is_true(stats.nodes_visited >= 1 and stats.primitives_tested >= 1)
		end
		assert.is_true(near(-0.1, box_bvh:signed_distance(0.9, 0, 0), 1e-12), "negative inside")
		assert.is_true(near(1, box_bvh:signed_distance{ 2, 0.5, 0.3 }, 1e-12), "positive outside")
		assert.are.equal(0, box_bvh:signed_distance(1, 0.25, 0.125), "0 on the surface")
		local d, stats = box_bvh:signed_distance_stats(2, 0, 0)
		assert.are.equal(1, d)
		assert.are.equal(1, stats.queries)
	end)

	it("agrees with the brute-force nearest distance and the tetra-tree on " .. support.cases(300) .. " random points per shape", function()
		for name, m in pairs(meshes()) do
			local bvh = collide.bvh(m, { leaf_triangles = 8 })
			local tree = collide.tetratree(m)
			local triangles = triangle_list(m)
			local pts = random_points(m, support.cases(300), 17)
			for i = 1, #pts do
				local q = { pts:get(i) }
				local where = name .. " point " .. i .. " (" .. table.concat(q, ", ") .. ")"
				local expected = brute_distance(triangles, q)
				local p, d, t = bvh:closest_point(q)
				assert.is_true(near(expected, d, 1e-12), where .. ": " .. d .. " vs " .. expected)
				assert.is_true(near(length(sub(p, q)), d, 1e-12), where)
				local tri = triangles[t]
				assert.is_true(near3(closest_on_triangle(q, tri[1], tri[2], tri[3]), p, 1e-12), where .. ": on its triangle")
				local s = bvh:signed_distance(q)
				assert.are.equal(d, math.abs(s), where)
				assert.are.equal(m:contains(q), s < 0 or s == 0, where .. ": the sign")
				assert.is_true(near(tree:signed_distance(q), s, 1e-12), where .. ": the tetra-tree's")
			end
		end
	end)

	it("casts rays at a box: distance, point, normal and triangle", function()
		local h = box_bvh:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 })
		assert.are.equal(4, h.distance)
		assert.is_true(near3({ -1, 0.2, 0.1 }, h.point, 1e-12))
		assert.is_true(near3({ -1, 0, 0 }, h.normal, 1e-12))
		assert.is_true(on_face(h.triangle, 1, -1))
		h = box_bvh:ray_cast(-5, 0.2, 0.1, 2, 0, 0)
		assert.are.equal(2, h.distance, "in the direction's units")
		assert.is_nil(box_bvh:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 }, 3.9), "short of the box")
		assert.are.equal(4, box_bvh:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 }, 4).distance, "reaching it")
		assert.are.equal(4, box_bvh:ray_cast({ -5, 0.2, 0.1 }, { 1, 0, 0 }, math.huge).distance)
		h = box_bvh:ray_cast({ 0.1, 0.2, 0 }, { 0, 0, 1 })
		assert.is_true(near(0.4, h.distance, 1e-12), "from inside")
		assert.is_true(near3({ 0, 0, 1 }, h.normal, 1e-12), "the face's own (outward) normal")
		assert.is_true(on_face(h.triangle, 3, 0.4))
		h = box_bvh:ray_cast({ 3, 3, 3 }, { -1, -1, -1 })
		assert.is_true(near3({ 0.4, 0.4, 0.4 }, h.point, 1e-12), "through the top face")
		assert.is_nil(box_bvh:ray_cast({ -5, 2, 0 }, { 1, 0, 0 }), "passing by")
		assert.is_nil(box_bvh:ray_cast({ -5, 0, 0 }, { -1, 0, 0 }), "pointing away")
		assert.are.equal(0, box_bvh:ray_cast({ 1, 0, 0 }, { 1, 0, 0 }).distance, "starting on the surface")
		local hit, stats = box_bvh:ray_cast_stats({ -5, 0.2, 0.1 }, { 1, 0, 0 })
		assert.are.equal(4, hit.distance)
		assert.is_true(stats.queries == 1 and stats.primitives_tested > 0)
		local miss, miss_stats = box_bvh:ray_cast_stats({ -5, 2, 0 }, { 1, 0, 0 })
		assert.is_nil(miss)
		assert.are.equal(1, miss_stats.queries)
	end)

	it("misses a mesh whose boxes a ray enters but whose triangles it passes by", function()
		-- the torus's hole: the ray along z through the centre is inside the root box all the way
		local torus = collide.bvh(collide.mesh.torus(1, 0.35, 24, 12))
		assert.is_nil(torus:ray_cast({ 0, 0, -5 }, { 0, 0, 1 }), "through the hole")
		assert.is_nil(torus:ray_cast({ 0, 0, -5 }, { 0, 0, 1 }, math.huge), "through the hole, no limit")
		assert.is_nil(torus:ray_cast({ 0, 0, -5 }, { 0, 0, 1 }, 100), "through the hole, a limit")
		-- a box corner grazed from outside its faces' triangles: a ray just beside a face
		local b = collide.bvh(collide.mesh.box(1, 1, 1))
		assert.is_nil(b:ray_cast({ 1.0000001, -5, 0 }, { 0, 1, 0 }), "beside the +x face")
	end)

	it("agrees with brute-force ray casting and the tetra-tree on " .. support.cases(200) .. " random rays per shape", function()
		for name, m in pairs(meshes()) do
			local bvh = collide.bvh(m)
			local tree = collide.tetratree(m)
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
					local where = ("%s ray %d from {%.17g, %.17g, %.17g} along {%.17g, %.17g, %.17g} max %.17g"):format(
						name, i, o[1], o[2], o[3], d[1], d[2], d[3], max_distance)
					local h = bvh:ray_cast(o, d, max_distance)
					assert.are.equal(expected ~= nil, h ~= nil, where)
					if h then
						assert.is_true(near(expected, h.distance, 1e-9), where)
						assert.is_true(near3(add(o, d, h.distance), h.point, 1e-12), where)
						assert.is_true(near(1, length(h.normal), 1e-12), where)
						local t = tree:ray_cast(o, d, max_distance)
						assert.is_true(near(t.distance, h.distance, 1e-12), where .. ": the tetra-tree's distance")
					end
				end
			end
			assert.is_true(checked > count * 19 // 20, name .. ": more than 19 rays in 20 clear of grazing")
		end
	end)

	it("rejects bad balls, points and rays with clear messages", function()
		local t = box_bvh
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
		assert.matches("center: expected a point {x, y, z}, got a table of length 2",
			error_of(function() return t:sphere_contact({ 0, 0 }, 1) end), 1, true)
		assert.matches("bad argument #3 to 'intersects_sphere' (intersects_sphere takes nothing after the sphere)",
			error_of(function() return t:intersects_sphere({ 0, 0, 0 }, 1, 5) end), 1, true)
		assert.matches("bad argument #2 to 'sphere_meets_surface_trace' (sphere_meets_surface_trace takes nothing after the sphere)",
			error_of(function() return t:sphere_meets_surface_trace(collide.sphere(0, 0, 0, 1), {}) end), 1, true)
		assert.matches("bad argument #3 to 'sphere_contact' (sphere_contact takes nothing after the sphere)",
			error_of(function() return t:sphere_contact({ 0, 0, 0 }, 1, true) end), 1, true)
		assert.matches("bad argument #1 to 'closest_point' (point: expected {x, y, z} or x, y, z, got string)",
			error_of(function() return t:closest_point("here") end), 1, true)
		assert.matches("bad argument #3 to 'closest_point' (number expected, got no value)",
			error_of(function() return t:closest_point(0, 0) end), 1, true)
		assert.matches("bad argument #1 to 'closest_point_stats' (point: z is nan)",
			error_of(function() return t:closest_point_stats{ 0, 0, nan } end), 1, true)
		assert.matches("bad argument #2 to 'closest_point' (closest_point takes nothing after the point)",
			error_of(function() return t:closest_point({ 0, 0, 0 }, 1) end), 1, true)
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
		assert.matches("bad argument #4 to 'ray_cast' (ray_cast takes nothing after max_distance)",
			error_of(function() return t:ray_cast({ 0, 0, 0 }, { 1, 0, 0 }, 1, 2) end), 1, true)
	end)
end)

-- ---- mesh pairs ----

describe("collide.bvh mesh pairs", function()
	local box = collide.mesh.box(1, 0.6, 0.4)
	local box_bvh = collide.bvh(box)
	local ball = collide.mesh.icosphere(2, 0.5)
	local ball_bvh = collide.bvh(ball)

	it("tells meeting surfaces from meeting solids, and takes poses", function()
		assert.is_true(box_bvh:intersects(ball_bvh, { position = { 1.4, 0, 0 } }))
		assert.is_true(box_bvh:surfaces_meet(ball_bvh, { position = { 1.4, 0, 0 } }))
		assert.is_false(box_bvh:intersects(ball_bvh, { position = { 1.6, 0, 0 } }))
		assert.is_false(box_bvh:surfaces_meet(ball_bvh, { position = { 1.6, 0, 0 } }))
		assert.is_true(box_bvh:intersects(ball_bvh), "the pose left out: the ball at the box's centre")
		assert.is_true(box_bvh:surfaces_meet(ball_bvh), "the ball (radius 0.5) pokes out of the z faces (0.4)")
		local small = collide.bvh(collide.mesh.icosphere(1, 0.2))
		assert.is_true(box_bvh:intersects(small, nil), "wholly inside")
		assert.is_false(box_bvh:surfaces_meet(small), "wholly inside: the surfaces are apart")
		assert.is_true(small:intersects(box_bvh), "the other way round")
		assert.is_false(small:surfaces_meet(box_bvh))
		assert.is_true(box_bvh:intersects(box_bvh), "itself")
		assert.is_true(box_bvh:surfaces_meet(box_bvh), "itself")
		local hit, stats = box_bvh:intersects_stats(ball_bvh, { position = { 1.4, 0, 0 } })
		assert.is_true(hit)
		assert.are.equal(1, stats.queries)
		assert.is_true(stats.nodes_visited > 0 and stats.primitives_tested > 0)
		local met, met_stats = box_bvh:surfaces_meet_stats(ball_bvh, { position = { 1.4, 0, 0 } })
		assert.is_true(met)
		assert.are.equal(1, met_stats.queries)
		-- the box 1.3 below the ball reaches up to -0.7, short of it (radius 0.5); turned a quarter
		-- about z, it reaches up to -0.3, into it
		local quarter = { 0, 0, math.sin(math.pi / 4), math.cos(math.pi / 4) }
		assert.is_false(ball_bvh:intersects(box_bvh, { position = { 0, -1.3, 0 } }))
		assert.is_true(ball_bvh:intersects(box_bvh, { position = { 0, -1.3, 0 }, rotation = quarter }), "turned")
		assert.is_true(ball_bvh:surfaces_meet(box_bvh, { position = { 0, -1.3, 0 }, rotation = { 0, 0, 2, 2 } }),
			"the quaternion is normalised")
	end)

	it("agrees with mesh:intersects and the tetra-tree's crossings on " .. support.cases(80) .. " random poses per shape pair", function()
		local shapes = meshes()
		local count = support.cases(80)
		local small = collide.mesh.icosphere(1, 0.3)
		local random = support.generator(31)
		-- in a fixed order, so that each shape pair draws the same poses from the one stream on every run
		for _, name in ipairs{ "box", "bumpy", "hollow", "pieces", "torus" } do
			local m = shapes[name]
			local bvh = collide.bvh(m)
			local tree = collide.tetratree(m)
			for _, other_entry in ipairs{ { "small", small }, { "torus", shapes.torus } } do
				local other_name, other = other_entry[1], other_entry[2]
				local other_bvh = collide.bvh(other, { leaf_triangles = 2 })
				local other_tree = collide.tetratree(other)
				local b = { m:bounds() }
				local hits, crossings = 0, 0
				for i = 1, count do
					local pose = { position = {}, rotation = random_rotation(random) }
					for k = 1, 3 do pose.position[k] = b[k] - 0.8 + random() * (b[k + 3] - b[k] + 1.6) end
					local where = ("%s and %s, pose %d {%.17g, %.17g, %.17g}"):format(name, other_name, i,
						pose.position[1], pose.position[2], pose.position[3])
					local expected = m:intersects(other, pose)
					local _, summary = tree:contacts(other_tree, pose, 0)
					local surfaces = summary.crossings > 0
					if expected then hits = hits + 1 end
					if surfaces then crossings = crossings + 1 end
					assert.are.equal(expected, bvh:intersects(other_bvh, pose), where)
					assert.are.equal(surfaces, bvh:surfaces_meet(other_bvh, pose), where .. " (surfaces)")
					assert.is_true(expected or not surfaces, where .. ": meeting surfaces are meeting solids")
				end
				-- some poses meet and some miss (more than 5 of 80 each way), and some surfaces cross (more than 3 of 80)
				assert.is_true(hits > count // 16 and hits < count - count // 16, name .. " and " .. other_name .. ": " .. hits .. " hits")
				assert.is_true(crossings > count * 3 // 80, name .. " and " .. other_name .. ": " .. crossings .. " crossings")
			end
		end
	end)

	it("traces a pair query in this BVH's nodes and triangles", function()
		local parent = parents(box_bvh)
		for _, query in ipairs{ "intersects_trace", "surfaces_meet_trace" } do
			local hit, trace, stats = box_bvh[query](box_bvh, ball_bvh, { position = { 1.4, 0, 0 } })
			assert.is_true(hit)
			assert.are.equal(1, stats.queries)
			assert.is_true(#trace.nodes > 0 and #trace.triangles > 0, query)
			assert.is_nil(trace.truncated)
			local seen = {}
			for _, i in ipairs(trace.nodes) do
				assert.is_true(i >= 1 and i <= #box_bvh, query)
				assert.is_true(i == 1 or seen[parent[i]], query .. ": node " .. i .. " after its parent")
				seen[i] = true
			end
			local in_leaves = {}
			for i in pairs(seen) do
				for _, t in ipairs(box_bvh:node(i).triangles or {}) do in_leaves[t] = true end
			end
			for _, t in ipairs(trace.triangles) do
				assert.is_true(t >= 1 and t <= box:triangle_count(), query)
				assert.is_true(in_leaves[t], query .. ": triangle " .. t .. " of a traced leaf")
			end
			local miss, far = box_bvh[query](box_bvh, ball_bvh, { position = { 9, 0, 0 } })
			assert.is_false(miss)
			assert.are.same({}, far.triangles, "the roots' boxes apart: no triangle")
			assert.is_true(#far.nodes <= 1)
		end
		-- a big pair outgrows the first buffers and is recorded again
		local torus = collide.bvh(collide.mesh.torus(1, 0.35, 48, 24), { leaf_triangles = 1 })
		local near_miss, long = torus:surfaces_meet_trace(torus, { position = { 0, 0, 0.71 } })
		assert.are.equal(torus:surfaces_meet(torus, { position = { 0, 0, 0.71 } }), near_miss)
		assert.is_nil(long.truncated)
		local _, stats = torus:surfaces_meet_stats(torus, { position = { 0, 0, 0.71 } })
		assert.are.equal(stats.primitives_tested > 0, #long.triangles > 0)
	end)

	it("gives the tetra-tree's contacts, in its order", function()
		local shapes = meshes()
		local random = support.generator(47)
		local other = collide.mesh.bumpy_sphere(1)
		local other_bvh, other_tree = collide.bvh(other), collide.tetratree(other)
		local compared = 0
		for name, m in pairs(shapes) do
			local bvh, tree = collide.bvh(m), collide.tetratree(m)
			local b = { m:bounds() }
			for i = 1, 25 do
				local pose = { position = {}, rotation = random_rotation(random) }
				for k = 1, 3 do pose.position[k] = b[k] - 0.5 + random() * (b[k + 3] - b[k] + 1.0) end
				local where = ("%s pose %d {%.17g, %.17g, %.17g}"):format(name, i, pose.position[1], pose.position[2], pose.position[3])
				local list, summary = bvh:contacts(other_bvh, pose)
				local expected, expected_summary = tree:contacts(other_tree, pose)
				assert.are.equal(expected_summary.count, summary.count, where)
				assert.are.equal(expected_summary.crossings, summary.crossings, where)
				assert.are.equal(#expected, #list, where)
				assert.are.equal(summary.count > 0, m:intersects(other, pose), where .. ": contacts iff they meet")
				for k, c in ipairs(list) do
					local e = expected[k]
					local at = where .. " contact " .. k
					assert.are.same({ e.kind, e.vertex }, { c.kind, c.vertex }, at)
					assert.is_true(near(e.depth, c.depth, 1e-9), at .. ": depth")
					if c.kind == "crossing" then
						assert.are.same({ e.triangle_a, e.triangle_b }, { c.triangle_a, c.triangle_b }, at)
						assert.is_true(near3(e.point, c.point, 1e-12), at)
					else -- the vertex's nearest surface point may be on another triangle as near
						assert.is_truthy(c.triangle_a or c.triangle_b, at)
					end
					compared = compared + 1
				end
				if summary.count > 0 then
					assert.is_true(near(expected_summary.deepest.depth, summary.deepest.depth, 1e-9), where .. ": deepest")
				else
					assert.is_nil(summary.deepest)
				end
			end
		end
		assert.is_true(compared > 50, compared .. " contacts compared")
		local list, summary, stats = box_bvh:contacts_stats(ball_bvh, { position = { 1.4, 0, 0 } }, 3)
		assert.is_true(#list == math.min(3, summary.count) and summary.count > 3)
		-- one pair query, and each vertex point test is counted as a query of its own (as the
		-- tetra-tree's and the brute-force contacts count them)
		assert.is_true(stats.queries >= 1 and stats.nodes_visited > 0 and stats.primitives_tested > 0)
		local none, none_summary = box_bvh:contacts(ball_bvh, { position = { 5, 0, 0 } })
		assert.are.same({}, none)
		assert.are.equal(0, none_summary.count)
		local zero, zero_summary = box_bvh:contacts(ball_bvh, { position = { 1.4, 0, 0 } }, 0)
		assert.are.same({}, zero)
		assert.is_true(zero_summary.count > 0, "max 0: counted, none listed")
	end)

	it("rejects bad others, poses and limits with clear messages", function()
		local t, other = box_bvh, ball_bvh
		assert.matches("bad argument #1 to 'intersects' (collide.bvh or collide.sphere expected, got collide.mesh)",
			error_of(function() return t:intersects(box) end), 1, true)
		assert.matches("bad argument #1 to 'intersects_stats' (collide.bvh or collide.sphere expected, got no value)",
			error_of(function() return t:intersects_stats() end), 1, true)
		assert.matches("bad argument #1 to 'surfaces_meet' (collide.bvh expected, got collide.sphere)",
			error_of(function() return t:surfaces_meet(collide.sphere(0, 0, 0, 1)) end), 1, true)
		assert.matches("bad argument #1 to 'surfaces_meet_trace' (collide.bvh expected, got collide.tetratree)",
			error_of(function() return t:surfaces_meet_trace(collide.tetratree(box)) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: unknown option 'translation' (expected position, rotation))",
			error_of(function() return t:intersects(other, { translation = { 1, 0, 0 } }) end), 1, true)
		assert.matches("bad argument #2 to 'surfaces_meet' (pose: position: y is nan)",
			error_of(function() return t:surfaces_meet(other, { position = { 0, nan, 0 } }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: rotation: expected a quaternion {x, y, z, w}, got a table of another length)",
			error_of(function() return t:intersects(other, { rotation = { 0, 0, 1 } }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose: rotation: the zero quaternion is not a rotation)",
			error_of(function() return t:intersects(other, { rotation = { 0, 0, 0, 0 } }) end), 1, true)
		assert.matches("bad argument #2 to 'intersects' (pose {position =, rotation =} expected, got number)",
			error_of(function() return t:intersects(other, 5) end), 1, true)
		assert.matches("bad argument #3 to 'intersects' (intersects takes nothing after the pose)",
			error_of(function() return t:intersects(other, {}, "tetratree") end), 1, true)
		assert.matches("bad argument #3 to 'surfaces_meet_stats' (surfaces_meet_stats takes nothing after the pose)",
			error_of(function() return t:surfaces_meet_stats(other, nil, 1) end), 1, true)
		assert.matches("bad argument #1 to 'contacts' (collide.bvh expected, got number)",
			error_of(function() return t:contacts(5) end), 1, true)
		assert.matches("pose: position: x is nan",
			error_of(function() return t:contacts(other, { position = { nan, 0, 0 } }) end), 1, true)
		assert.matches("bad argument #3 to 'contacts' (contacts: max must be 0..16777216)",
			error_of(function() return t:contacts(other, nil, -1) end), 1, true)
		assert.matches("bad argument #4 to 'contacts' (contacts takes nothing after max)",
			error_of(function() return t:contacts(other, nil, 5, 5) end), 1, true)
	end)
end)

-- ---- surface-only BVHs ----

describe("a surface-only collide.bvh", function()
	local plate = sheet(8)
	local plate_bvh = collide.bvh(plate, { surface_only = true, leaf_triangles = 2 })
	local plate_triangles = triangle_list(plate)

	it("answers the surface queries of an open mesh against the brute-force oracles", function()
		local random = support.generator(61)
		for i, ball in ipairs(random_balls(plate, 200, 3)) do
			local c, r = ball.center, ball.radius
			local where = ("ball %d {%.17g, %.17g, %.17g} r %.17g"):format(i, c[1], c[2], c[3], r)
			local d = brute_distance(plate_triangles, c)
			if math.abs(d - r) > 1e-9 * (1 + r) then
				assert.are.equal(d <= r, plate_bvh:sphere_meets_surface(c, r), where)
				assert.are.equal(d <= r, plate_bvh:intersects_sphere(c, r), where .. ": the solid test answers for the surface")
			end
			local p, distance = plate_bvh:closest_point(c)
			assert.is_true(near(d, distance, 1e-12), where)
			assert.is_true(near(length(sub(p, c)), distance, 1e-12), where)
			assert.are.equal(distance, plate_bvh:signed_distance(c), where .. ": unsigned")
			local dir = { random() - 0.5, random() - 0.5, random() - 0.5 }
			local expected, grazed = brute_ray(plate_triangles, c, dir, math.huge)
			if not grazed then
				local h = plate_bvh:ray_cast(c, dir)
				assert.are.equal(expected ~= nil, h ~= nil, where .. " ray")
				if h then assert.is_true(near(expected, h.distance, 1e-9), where .. " ray") end
			end
		end
	end)

	it("tests surfaces against surfaces, and intersects answers for the surfaces alone", function()
		local box = collide.mesh.box(0.3, 0.3, 0.3)
		local solid_box = collide.bvh(box)
		local surface_box = collide.bvh(box, { surface_only = true })
		-- through the plate, beside it (above the wave's crest), and a box wholly inside another
		assert.is_true(plate_bvh:surfaces_meet(solid_box, { position = { 0.1, 0.2, 0 } }))
		assert.is_true(plate_bvh:intersects(solid_box, { position = { 0.1, 0.2, 0 } }))
		assert.is_false(plate_bvh:surfaces_meet(solid_box, { position = { 0.1, 0.2, 0.6 } }))
		assert.is_false(plate_bvh:intersects(solid_box, { position = { 0.1, 0.2, 0.6 } }))
		assert.is_true(solid_box:surfaces_meet(plate_bvh, { position = { 0.1, 0.2, 0 } }), "either side")
		local big = collide.bvh(collide.mesh.box(1, 1, 1))
		assert.is_true(big:intersects(solid_box), "solid: the small box inside the big one")
		assert.is_false(big:intersects(surface_box), "surface-only on one side: the surfaces alone")
		assert.is_false(surface_box:intersects(big))
		local hit, trace = plate_bvh:intersects_trace(solid_box, { position = { 0.1, 0.2, 0 } })
		assert.is_true(hit and #trace.triangles > 0)
		-- the solid test on a ball answers for the surface: a ball inside the closed box meets nothing
		assert.is_false(surface_box:intersects_sphere({ 0, 0, 0 }, 0.1))
		assert.is_true(solid_box:intersects_sphere({ 0, 0, 0 }, 0.1))
		assert.are.equal(0.3, surface_box:signed_distance(0, 0, 0), "unsigned inside")
		assert.are.equal(-0.3, solid_box:signed_distance(0, 0, 0))
	end)

	it("refuses contacts, on either side, and containment", function()
		local solid = collide.bvh(collide.mesh.box(0.3, 0.3, 0.3))
		assert.matches("calling 'contacts' on bad self (bvh: contacts needs a solid BVH (this one was built with surface_only = true",
			error_of(function() return plate_bvh:contacts(solid) end), 1, true)
		assert.matches("bad argument #1 to 'contacts' (bvh: contacts needs a solid BVH",
			error_of(function() return solid:contacts(plate_bvh) end), 1, true)
		assert.matches("bad argument #1 to 'contacts_stats' (bvh: contacts_stats needs a solid BVH",
			error_of(function() return solid:contacts_stats(plate_bvh, { position = { 0, 0, 0 } }) end), 1, true)
		assert.matches("needs a solid BVH", error_of(function() return plate_bvh:contains(0, 0, 0) end), 1, true)
		assert.matches("needs a solid BVH", error_of(function() return plate_bvh:contains_all(collide.points(3, 3)) end), 1, true)
	end)
end)

-- ---- lifetime and robustness ----

describe("collide.bvh lifetime", function()
	it("closes once, says so, and copies its mesh", function()
		local m = collide.mesh.box(1, 1, 1)
		local live = collide.bvh(m)
		local closed = collide.bvh(m)
		closed:close()
		closed:close()
		assert.are.equal("bvh(closed)", tostring(closed))
		local calls = {
			function() return closed:contains(0, 0, 0) end,
			function() return closed:stats() end,
			function() return closed:node(1) end,
			function() return closed:nodes() end,
			function() return #closed end,
			function() return closed:is_solid() end,
			function() return closed:intersects_sphere({ 0, 0, 0 }, 1) end,
			function() return closed:sphere_meets_surface_trace({ 0, 0, 0 }, 1) end,
			function() return closed:sphere_contact({ 0, 0, 0 }, 1) end,
			function() return closed:closest_point(0, 0, 0) end,
			function() return closed:signed_distance(0, 0, 0) end,
			function() return closed:ray_cast({ 0, 0, 0 }, { 1, 0, 0 }) end,
			function() return closed:intersects(live) end,
			function() return closed:surfaces_meet_trace(live) end,
			function() return closed:contacts(live) end,
		}
		for _, call in ipairs(calls) do
			assert.matches("bvh is closed", error_of(call), 1, true)
		end
		assert.matches("bad argument #1 to 'intersects' (bvh is closed)", error_of(function() return live:intersects(closed) end), 1, true)
		assert.matches("bad argument #1 to 'surfaces_meet' (bvh is closed)", error_of(function() return live:surfaces_meet(closed) end), 1, true)
		assert.matches("bad argument #1 to 'contacts' (bvh is closed)", error_of(function() return live:contacts(closed) end), 1, true)
		do
			local scoped <close> = collide.bvh(m)
			assert.is_true(scoped:contains(0.5, 0.5, 0.5))
		end
		local kept = collide.bvh(m)
		m:close()
		assert.is_true(kept:contains(0.5, 0.5, 0.5), "it copies the mesh")
		assert.matches("mesh is closed", error_of(collide.bvh, m), 1, true)
		collectgarbage("collect")
	end)

	it("survives any garbage arguments without crashing", function()
		local m = collide.mesh.box(1, 1, 1)
		local bvh = collide.bvh(m)
		local surface = collide.bvh(m, { surface_only = true })
		local garbage = { nil, true, 0, 1, -1, 9, 2 ^ 40, nan, math.huge, "x", "bvh", {}, { 1 }, { 1, 2, 3 },
			{ x = 1, y = 2, z = 3 }, { position = { 1, 0, 0 } }, m, bvh, surface, collide.tetratree(m),
			collide.sphere(0, 0, 0, 1), collide.points(2, 3), collide.points(2, 2), print }
		local calls = 0
		for name, f in pairs(getmetatable(bvh)) do
			if type(f) == "function" and name ~= "__gc" and name ~= "close" and name ~= "__close" then
				for _, self in ipairs{ bvh, surface } do
					for i = 1, #garbage + 1 do
						for j = 1, #garbage + 1, 2 do
							pcall(f, self, garbage[i], garbage[j], garbage[(i * j) % #garbage + 1])
							calls = calls + 1
						end
					end
				end
			end
		end
		for i = 1, #garbage + 1 do
			pcall(collide.bvh, garbage[i], garbage[(i * 3) % #garbage + 1])
			pcall(collide.bvh, m, { leaf_triangles = garbage[i], surface_only = garbage[(i * 7) % #garbage + 1] })
		end
		assert.is_true(calls > 100)
		assert.is_true(bvh:contains(0.5, 0.5, 0.5), "still working")
	end)
end)
