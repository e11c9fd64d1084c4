-- Source 001's double box hierarchy through the Lua API (boxtree.h, lua/wrap_boxtree.c): the build and
-- its options, the statistics, the nodes level by level (outer box holding the piece, inner box inside
-- it, labels, parent and children, the pieces summing to the solid), the leaves' triangles, the octahedron's
-- closed-form inner box, pair queries against GJK on random poses with their statistics and traces,
-- and every error path with its message.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0

-- A box of half extents hx, hy, hz centred on the origin, as a polytope (the hull of its corners).
local function cuboid(hx, hy, hz)
	local pts = {}
	for i = 0, 7 do
		pts[#pts + 1] = { i & 1 ~= 0 and hx or -hx, i & 2 ~= 0 and hy or -hy, i & 4 ~= 0 and hz or -hz }
	end
	return collide.convex(pts)
end

-- |x| + |y| + |z| <= 1
local function octahedron()
	return collide.convex{ { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } }
end

-- n points on an ellipsoid (a seeded spiral), their hull: a polytope with many faces.
local function ellipsoid(n, a, b, c, seed)
	local random = support.generator(seed)
	local pts = {}
	for i = 1, n do
		local z = 2 * random() - 1
		local t = 2 * math.pi * random()
		local r = math.sqrt(1 - z * z)
		pts[i] = { a * r * math.cos(t), b * r * math.sin(t), c * z }
	end
	return collide.convex(pts)
end

local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end

-- The eight corners of a box table {center, axes, half}.
local function corners(box)
	local list = {}
	for k = 0, 7 do
		local p = { box.center[1], box.center[2], box.center[3] }
		for i = 1, 3 do
			local s = (k >> (i - 1)) & 1 == 1 and box.half[i] or -box.half[i]
			for j = 1, 3 do p[j] = p[j] + s * box.axes[i][j] end
		end
		list[#list + 1] = p
	end
	return list
end

-- Whether p lies in the box, up to slack along each axis.
local function in_box(box, p, slack)
	local d = sub(p, box.center)
	for i = 1, 3 do
		if math.abs(dot(d, box.axes[i])) > box.half[i] + slack then return false end
	end
	return true
end

local function triangle_area(t)
	local u, v = sub(t[2], t[1]), sub(t[3], t[1])
	local c = { u[2] * v[3] - u[3] * v[2], u[3] * v[1] - u[1] * v[3], u[1] * v[2] - u[2] * v[1] }
	return 0.5 * math.sqrt(dot(c, c))
end

-- A random unit quaternion {x, y, z, w} (seeded), and a random position in [-r, r]^3.
local function random_rotation(random)
	local q, n
	repeat
		q = { 2 * random() - 1, 2 * random() - 1, 2 * random() - 1, 2 * random() - 1 }
		n = math.sqrt(q[1] ^ 2 + q[2] ^ 2 + q[3] ^ 2 + q[4] ^ 2)
	until n > 0.1 and n <= 1
	return { q[1] / n, q[2] / n, q[3] / n, q[4] / n }
end

describe("collide.boxtree", function()
	it("builds with the paper's defaults: depth 4, corner mean, axis-aligned root", function()
		local tree = collide.boxtree(cuboid(1, 0.6, 0.4))
		assert.are.same({ depth = 4, centroid = "paper", root_frame = "aabb", inner_tolerance = 1e-10 }, tree:options())
		local s = tree:stats()
		assert.are.equal(#tree, s.nodes)
		assert.are.equal(tree:node_count(), s.nodes)
		assert.are.equal(s.depth, tree:depth())
		assert.is_true(s.depth <= 4)
		assert.are.equal(s.nodes, s.exterior + s.interior)
		-- a binary tree: every split node has two children
		assert.are.equal((s.nodes + 1) / 2, s.leaves)
		assert.are.equal(0, s.unsplit)
		assert.is_true(s.newton_steps > 0)
		assert.is_near(2 * (2 * 1.2 + 2 * 0.8 + 1.2 * 0.8), s.surface_area, 1e-12)
		assert.matches("^boxtree%(%d+ nodes, depth %d, %d+ leaves, %d+ interior%)$", tostring(tree))
	end)

	it("takes its options by name, and keeps them", function()
		local poly = ellipsoid(60, 1.2, 0.8, 0.5, 7)
		local tree = collide.boxtree(poly, { depth = 2, centroid = "volume", root_frame = "pca", inner_tolerance = 1e-8 })
		assert.are.same({ depth = 2, centroid = "volume", root_frame = "pca", inner_tolerance = 1e-8 }, tree:options())
		assert.is_true(tree:depth() <= 2)
		assert.are.equal("area", collide.boxtree(poly, { depth = 0, centroid = "area" }):options().centroid)
		local root_only = collide.boxtree(poly, { depth = 0 })
		assert.are.equal(1, #root_only)
		assert.are.equal(0, root_only:depth())
		assert.is_true(root_only:node(1).leaf)
	end)

	it("has an axis-aligned root by default, in the model frame, holding the polytope", function()
		local tree = collide.boxtree(cuboid(1, 0.6, 0.4))
		local root = tree:node(1)
		assert.are.equal(1, root.index)
		assert.are.equal(0, root.depth)
		assert.are.equal("exterior", root.label)
		assert.is_nil(root.parent)
		assert.are.same({ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, root.outer.axes)
		assert.are.same({ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, root.box_frame.axes)
		for i, h in ipairs{ 1, 0.6, 0.4 } do
			assert.is_near(h, root.outer.half[i], 1e-9)
			assert.is_near(0, root.outer.center[i], 1e-12)
			-- a box's largest inscribed box is itself
			assert.is_near(h, root.inner.half[i], 1e-6)
		end
		assert.is_near(8 * 0.24, root.volume, 1e-12)
		assert.are.equal(8, #root.vertices)
		assert.are.equal(6, #root.faces)
		assert.are.same({ 2, 3 }, root.children)
		assert.is_near(1, dot(root.split.normal, root.split.normal), 1e-12)
		-- the principal frame's axes are orthonormal
		for i = 1, 3 do
			for j = 1, 3 do
				assert.is_near(i == j and 1 or 0, dot(root.frame.axes[i], root.frame.axes[j]), 1e-12)
			end
		end
		-- a PCA root takes the piece's own frame: a solid box's is its own axes, up to sign (the
		-- paper's corner mean depends on how the faces were triangulated, so ask for the volume's)
		local pca = collide.boxtree(cuboid(1, 0.6, 0.4), { root_frame = "pca", centroid = "volume" }):node(1)
		for i = 1, 3 do
			assert.is_near(1, math.abs(pca.outer.axes[i][i]), 1e-12)
		end
	end)

	it("finds the octahedron's inner box: the cube of half side 1/3 (volume 8/27)", function()
		local root = collide.boxtree(octahedron(), { depth = 1 }):node(1)
		for i = 1, 3 do assert.is_near(1 / 3, root.inner.half[i], 1e-6) end
		assert.is_near(8 / 27, 8 * root.inner.half[1] * root.inner.half[2] * root.inner.half[3], 1e-6)
		for i = 1, 3 do assert.is_near(1, root.outer.half[i], 1e-9) end
	end)

	it("links parents and children, one level apart, the children's pieces splitting the parent's", function()
		local tree = collide.boxtree(ellipsoid(80, 1.5, 1, 0.6, 11), { depth = 4 })
		local count = #tree
		for i = 1, count do
			local n = tree:node(i)
			if n.leaf then
				assert.is_nil(n.children, "node " .. i)
			else
				local total = 0
				for _, c in ipairs(n.children) do
					local child = tree:node(c)
					assert.are.equal(i, child.parent, "node " .. c)
					assert.are.equal(n.depth + 1, child.depth, "node " .. c)
					total = total + child.volume
				end
				assert.is_near(n.volume, total, 1e-9 * n.volume, "node " .. i)
				assert.are.equal(n.children[1] + 1, n.children[2])
				assert.are.equal("exterior", n.label, "an interior node is never split")
			end
		end
	end)

	it("keeps each piece in its outer box and each accept box in its piece", function()
		local tree = collide.boxtree(ellipsoid(80, 1.5, 1, 0.6, 12), { depth = 4 })
		local accept_boxes = 0
		for i = 1, #tree do
			local n = tree:node(i)
			for _, v in ipairs(n.vertices) do
				assert.is_true(in_box(n.outer, v, 0), "node " .. i .. ": a vertex outside its outer box")
			end
			local piece = tree:piece(i)
			assert.is_near(n.volume, piece:volume(), 1e-12)
			assert.are.equal(#n.vertices, piece:vertex_count())
			if n.inner_accept then
				accept_boxes = accept_boxes + 1
				for _, c in ipairs(corners(n.inner_accept)) do
					assert.is_true(piece:contains(c), "node " .. i .. ": an accept-box corner outside the piece")
				end
				for k = 1, 3 do
					assert.is_true(n.inner_accept.half[k] <= n.inner.half[k])
				end
			end
			-- every face index names a vertex
			for _, f in ipairs(n.faces) do
				for _, v in ipairs(f) do assert.is_true(v >= 1 and v <= #n.vertices) end
			end
		end
		assert.is_true(accept_boxes > 0)
	end)

	it("lists a level's nodes, and with cut the leaves above it: together the whole solid", function()
		local poly = ellipsoid(60, 1.5, 1, 0.6, 13)
		local tree = collide.boxtree(poly, { depth = 4 })
		local by_depth = {}
		for i = 1, #tree do
			local d = tree:node(i).depth
			by_depth[d] = (by_depth[d] or 0) + 1
		end
		for level = 0, tree:depth() do
			local nodes = tree:nodes(level)
			assert.are.equal(by_depth[level], #nodes, "level " .. level)
			local total = 0
			for _, n in ipairs(tree:nodes(level, true)) do
				assert.is_true(n.depth == level or (n.depth < level and n.leaf))
				total = total + n.volume
			end
			assert.is_near(poly:volume(), total, 1e-9, "level " .. level)
		end
		assert.are.same(tree:node(1), tree:nodes(0)[1])
	end)

	it("keeps the original surface in its leaves' triangles, each with its face", function()
		local poly = cuboid(1, 0.6, 0.4)
		local tree = collide.boxtree(poly, { depth = 3 })
		local s = tree:stats()
		local all = tree:triangles()
		assert.are.equal(s.leaf_triangles, #all)
		assert.are.same(all, tree:triangles(1))
		local area = 0
		for _, t in ipairs(all) do
			area = area + triangle_area(t)
			assert.is_true(t.face >= 1 and t.face <= poly:face_count())
		end
		assert.is_near(s.surface_area, area + s.dropped_area, 1e-9)
		-- a node's range: its two children's together
		local root = tree:node(1)
		assert.are.equal(#tree:triangles(2) + #tree:triangles(3), root.triangle_count)
		assert.are.equal(root.triangle_count, #all)
	end)

	it("gives the tree's own polytope and pieces that outlive the tree's variable", function()
		local piece, whole
		do
			local tree = collide.boxtree(cuboid(1, 1, 1), { depth = 2 })
			piece, whole = tree:piece(2), tree:polytope()
		end
		collectgarbage("collect")
		collectgarbage("collect")
		assert.are.equal("convex", piece:kind())
		assert.is_near(4, piece:volume(), 1e-12)
		assert.is_near(8, whole:volume(), 1e-12)
		assert.is_true(collide.intersects(piece, whole))
	end)
end)

describe("boxtree:collides", function()
	local poly = ellipsoid(40, 1, 0.6, 0.4, 21)
	local tree = collide.boxtree(poly)

	it("says no by outer boxes when far apart, yes by inner boxes when deep, with statistics", function()
		local hit, s = tree:collides(tree, { position = { 5, 0, 0 } })
		assert.is_false(hit)
		assert.are.equal("outer", s.decided_by)
		assert.is_nil(s.decided_a)
		assert.are.equal(1, s.pairs_visited)
		assert.are.equal(1, s.outer_tests)
		hit, s = tree:collides(tree)
		assert.is_true(hit)
		assert.are.equal("inner", s.decided_by)
		assert.are.same({ 1, 1 }, { s.decided_a, s.decided_b })
		assert.are.equal(1, s.inner_tests)
		-- without inner boxes, only a leaf test can say yes
		hit, s = tree:collides(tree, nil, { inner_boxes = false })
		assert.is_true(hit)
		assert.are.equal("leaf", s.decided_by)
		assert.are.equal(0, s.inner_tests)
		assert.is_true(s.leaf_tests >= 1)
	end)

	it("agrees with GJK on the polytopes on random poses (exact leaf test), either descent", function()
		local random = support.generator(2024)
		local other = ellipsoid(30, 0.7, 0.5, 0.3, 22)
		local other_tree = collide.boxtree(other, { depth = 3, centroid = "area" })
		local decided = {}
		for case = 1, 300 do
			local pose = { position = { 3.2 * random() - 1.6, 2.4 * random() - 1.2, 1.6 * random() - 0.8 },
				rotation = random_rotation(random) }
			local truth = collide.intersects(poly, other:moved_to(pose))
			for _, descent in ipairs{ "paper", "larger" } do
				local hit, s = tree:collides(other_tree, pose, { leaf_test = "exact", descent = descent })
				assert.are.equal(truth, hit, ("case %d (seed 2024), %s descent"):format(case, descent))
				assert.are.equal(s.pairs_visited, s.outer_tests)
				decided[s.decided_by] = (decided[s.decided_by] or 0) + 1
				if hit then
					assert.is_true(s.decided_by == "inner" or s.decided_by == "leaf")
					assert.is_true(s.decided_a >= 1 and s.decided_a <= #tree)
					assert.is_true(s.decided_b >= 1 and s.decided_b <= #other_tree)
				else
					assert.is_true(s.decided_by == "outer" or s.decided_by == "exhausted")
				end
			end
			-- the paper's leaf test never says yes wrongly (it may miss a containment)
			local hit = tree:collides(other_tree, pose)
			if hit then assert.is_true(truth, ("case %d: paper leaf test"):format(case)) end
		end
		-- the poses reach every way of deciding
		for _, way in ipairs{ "outer", "inner", "leaf", "exhausted" } do
			assert.is_true((decided[way] or 0) > 0, way)
		end
	end)

	it("traces the pairs it visited, ending where it decided", function()
		local random = support.generator(77)
		local events = {}
		for case = 1, 100 do
			local pose = { position = { 2.4 * random() - 1.2, 1.6 * random() - 0.8, 0.8 * random() - 0.4 },
				rotation = random_rotation(random) }
			local hit, s = tree:collides(tree, pose, { trace = true, leaf_test = "exact" })
			local plain_hit, plain = tree:collides(tree, pose, { leaf_test = "exact" })
			assert.are.equal(plain_hit, hit)
			assert.is_nil(plain.trace)
			assert.is_nil(s.trace.truncated)
			assert.is_true(#s.trace >= s.pairs_visited, "case " .. case)
			for _, step in ipairs(s.trace) do
				events[step.event] = (events[step.event] or 0) + 1
				assert.is_true(step.a >= 1 and step.a <= #tree and step.b >= 1 and step.b <= #tree)
				if step.event == "outer_reject" then
					assert.is_true(step.axis >= 0 and step.axis <= 14)
				else
					assert.is_nil(step.axis)
				end
			end
			local last = s.trace[#s.trace]
			if hit then
				assert.are.equal(s.decided_by == "inner" and "inner_accept" or "leaf_hit", last.event)
				assert.are.same({ s.decided_a, s.decided_b }, { last.a, last.b })
			end
		end
		for _, event in ipairs{ "outer_reject", "inner_accept", "descend", "leaf_hit", "leaf_miss" } do
			assert.is_true((events[event] or 0) > 0, event)
		end
	end)

	it("stops descending at max_level", function()
		local deep = collide.boxtree(poly, { depth = 4 })
		local _, s = deep:collides(deep, { position = { 1.6, 0.5, 0 } }, { max_level = 0, trace = true, inner_boxes = false })
		for _, step in ipairs(s.trace) do
			assert.are.same({ 1, 1 }, { step.a, step.b })
		end
		assert.are.equal(1, s.leaf_tests)
	end)
end)

describe("boxtree errors", function()
	local cube = cuboid(1, 1, 1)
	local tree = collide.boxtree(cube, { depth = 2 })

	it("name wrong polytopes and options", function()
		local flat = collide.convex{ { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 } }
		local checks = {
			{ function() return collide.boxtree() end, "bad argument #1 to 'boxtree' (convex polytope (collide.convex) expected, got no value)" },
			{ function() return collide.boxtree(collide.box{ 1, 1, 1 }) end, "convex polytope (collide.convex) expected, got collide.shape" },
			{ function() return collide.boxtree(collide.sphere(0, 0, 0, 1)) end, "convex polytope (collide.convex) expected, got collide.sphere" },
			{ function() return collide.boxtree(collide.mesh.box(1, 1, 1)) end, "convex polytope (collide.convex) expected, got collide.mesh" },
			{ function() return collide.boxtree(cube:rounded(0.1)) end, "bad argument #1 to 'boxtree' (boxtree: a rounded polytope's rounding is not a polytope" },
			{ function() return collide.boxtree(flat) end, "bad argument #1 to 'boxtree' (boxtree: the polytope is flat (no solid to split))" },
			{ function() return collide.boxtree(cube, 4) end, "bad argument #2 to 'boxtree' (options table expected, got number)" },
			{ function() return collide.boxtree(cube, { deep = 3 }) end, "boxtree: unknown option 'deep' (expected depth, centroid, root_frame, inner_tolerance)" },
			{ function() return collide.boxtree(cube, { depth = 13 }) end, "bad argument #2 to 'boxtree' (boxtree: depth 13 is out of range (0 to 12))" },
			{ function() return collide.boxtree(cube, { depth = -1 }) end, "boxtree: depth -1 is out of range (0 to 12)" },
			{ function() return collide.boxtree(cube, { depth = 2.5 }) end, "boxtree: depth must be an integer" },
			{ function() return collide.boxtree(cube, { centroid = "mean" }) end, "bad argument #2 to 'boxtree' (boxtree: centroid must be one of 'paper', 'area', 'volume', got 'mean')" },
			{ function() return collide.boxtree(cube, { centroid = 1 }) end, "boxtree: centroid must be one of 'paper', 'area', 'volume', got number" },
			{ function() return collide.boxtree(cube, { root_frame = "obb" }) end, "boxtree: root_frame must be one of 'aabb', 'pca', got 'obb'" },
			{ function() return collide.boxtree(cube, { inner_tolerance = -1 }) end, "boxtree: inner_tolerance must be a finite number >= 0, got -1.0" },
			{ function() return collide.boxtree(cube, { inner_tolerance = nan }) end, "boxtree: inner_tolerance must be a finite number >= 0, got nan" },
			{ function() return collide.boxtree(cube, { inner_tolerance = "small" }) end, "boxtree: inner_tolerance must be a number, got string" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("name bad arguments to the methods", function()
		local checks = {
			{ function() return tree:node(0) end, "bad argument #1 to 'node' (node 0 out of range 1..7)" },
			{ function() return tree:node(8) end, "node 8 out of range 1..7" },
			{ function() return tree:node("root") end, "bad argument #1 to 'node' (number expected, got string)" },
			{ function() return tree:node(1.5) end, "number has no integer representation" },
			{ function() return tree:nodes(3) end, "bad argument #1 to 'nodes' (level 3 out of range 0..2)" },
			{ function() return tree:nodes() end, "bad argument #1 to 'nodes' (number expected, got no value)" },
			{ function() return tree:nodes(1, "yes") end, "bad argument #2 to 'nodes' (boolean expected, got string)" },
			{ function() return tree:triangles(99) end, "node 99 out of range 1..7" },
			{ function() return tree:piece(-1) end, "bad argument #1 to 'piece' (node -1 out of range 1..7)" },
			{ function() return tree.stats(cube) end, "collide.boxtree expected, got collide.shape" },
			{ function() return tree.depth() end, "collide.boxtree expected, got no value" },
			{ function() return tree:collides(cube) end, "bad argument #1 to 'collides' (collide.boxtree expected, got collide.shape)" },
			{ function() return tree:collides(tree, 5) end, "bad argument #2 to 'collides' (pose {position =, rotation =} expected, got number)" },
			{ function() return tree:collides(tree, { position = { 0, nan, 0 } }) end, "pose: position: y is nan" },
			{ function() return tree:collides(tree, { rotation = { 0, 0, 0, 0 } }) end, "pose: rotation: the zero quaternion is not a rotation" },
			{ function() return tree:collides(tree, { angle = 1 }) end, "pose: unknown option 'angle' (expected position, rotation)" },
			{ function() return tree:collides(tree, nil, 5) end, "bad argument #3 to 'collides' (options table expected, got number)" },
			{ function() return tree:collides(tree, nil, { descent = "deeper" }) end, "collides: descent must be one of 'paper', 'larger', got 'deeper'" },
			{ function() return tree:collides(tree, nil, { leaf_test = "gjk" }) end, "collides: leaf_test must be one of 'paper', 'exact', got 'gjk'" },
			{ function() return tree:collides(tree, nil, { max_level = 13 }) end, "collides: max_level must be in 0..12, got 13" },
			{ function() return tree:collides(tree, nil, { max_level = 0.5 }) end, "collides: max_level must be an integer" },
			{ function() return tree:collides(tree, nil, { inner_boxes = 0 }) end, "collides: inner_boxes must be a boolean, got number" },
			{ function() return tree:collides(tree, nil, { trace = "on" }) end, "collides: trace must be a boolean, got string" },
			{ function() return tree:collides(tree, nil, { traces = true }) end, "collides: unknown option 'traces' (expected descent, leaf_test, max_level, inner_boxes, trace)" },
			{ function() return tree:collides(tree, nil, nil, 1) end, "bad argument #4 to 'collides' (collides takes nothing after the options)" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("never crash on junk arguments to any method", function()
		local junk = table.pack(nil, true, 0, -1, 1, 3, 1e300, nan, math.huge, "x", {}, { 1 }, { 1, 2, 3 },
			{ position = 1 }, { trace = true }, print, cube, tree, collide.points(2))
		local calls = 0
		for name, f in pairs(getmetatable(tree)) do
			if type(f) == "function" and name ~= "__gc" then
				for i = 1, junk.n do
					pcall(f, tree, junk[i])
					pcall(f, junk[i], tree)
					pcall(f, tree, tree, junk[i])
					pcall(f, tree, tree, nil, junk[i])
					calls = calls + 4
				end
			end
		end
		for i = 1, junk.n do
			pcall(collide.boxtree, junk[i])
			pcall(collide.boxtree, cube, junk[i])
			calls = calls + 2
		end
		assert.is_true(calls > 300)
		collectgarbage("collect")
	end)
end)
