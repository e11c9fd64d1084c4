-- Bulk: every binding that takes or returns a list, driven with 10^4 to 10^5 elements and a full
-- collection between calls, so that a binding that pushed a value per element without room on the
-- Lua stack, or kept a pointer into a buffer the collector moved or freed, shows up (under
-- AddressSanitizer as a report, otherwise as a wrong count).
local collide = require "collide"

local N = 100000 -- points, vertices, results
local HOLES = 10000
-- For the structures whose point test is linear in the polygon or mesh (the plain polygon, the
-- coverings, the polyhedron, distances): fewer points, so that the spec stays quick with sanitizers.
local LINEAR = 10000

local function collect()
	collectgarbage()
	collectgarbage()
end

-- n points on a circle of radius r about (cx, cy).
local function ring(n, r, cx, cy)
	local t = {}
	for i = 1, n do
		local a = 2 * math.pi * i / n
		t[i] = { (cx or 0) + r * math.cos(a), (cy or 0) + r * math.sin(a) }
	end
	return t
end

-- n points of a k by k grid over [lo, hi]^dim, as a table (dim 2 or 3).
local function grid_points(n, lo, hi, dim)
	local t = {}
	for i = 1, n do
		local u, v, w = (i * 0.618034) % 1, (i * 0.754878) % 1, (i * 0.569840) % 1
		t[i] = dim == 2 and { lo + (hi - lo) * u, lo + (hi - lo) * v } or { lo + (hi - lo) * u, lo + (hi - lo) * v, lo + (hi - lo) * w }
	end
	return t
end

describe("bulk 2D", function()
	it("builds a polygon of 10^4 holes from tables and from buffers, and one of 10^5 vertices", function()
		-- a 100 x 100 grid of small squares inside a big one, clockwise holes
		local holes = {}
		local side = math.floor(math.sqrt(HOLES))
		for i = 0, side - 1 do
			for j = 0, side - 1 do
				local x, y = 1 + 2 * i, 1 + 2 * j
				holes[#holes + 1] = { { x, y }, { x, y + 1 }, { x + 1, y + 1 }, { x + 1, y } }
			end
		end
		local outer = { { 0, 0 }, { 2 * side + 1, 0 }, { 2 * side + 1, 2 * side + 1 }, { 0, 2 * side + 1 } }
		local p = collide.polygon(outer, { holes = holes })
		collect()
		assert.are.equal(HOLES + 1, #p:contours())
		local buffered = {}
		for k, h in ipairs(holes) do buffered[k] = collide.points(h) end
		collect()
		local q = collide.polygon(collide.points(outer), { holes = buffered })
		buffered = nil
		collect()
		assert.are.equal(HOLES + 1, #q:contours())
		assert.is_false(q:contains(1.5, 1.5))
		assert.is_true(q:contains(0.5, 0.5))

		local disc = collide.polygon(ring(N, 10))
		collect()
		assert.are.equal(N, #disc:contours()[1])
	end)

	it("answers 10^5 points from a table and from a buffer, and returns their results", function()
		local poly = collide.polygon(ring(1000, 10))
		local tree = collide.tritree(poly)
		local pts = grid_points(N, -12, 12, 2)
		local from_table = tree:contains_all(pts)
		collect()
		local buffer = collide.points(pts)
		pts = nil
		collect()
		local from_buffer = tree:contains_all(buffer)
		collect()
		assert.are.equal(N, #from_table)
		assert.are.equal(from_table:count(), from_buffer:count())
		local t = from_buffer:to_table()
		local rows = buffer:to_table()
		collect()
		assert.are.equal(N, #t)
		assert.are.equal(N, #rows)
		local inside = 0
		for i = 1, N do
			if t[i] then inside = inside + 1 end
		end
		assert.are.equal(from_table:count(), inside)
		-- the accelerated structures over the same polygon answer the same
		for _, structure in ipairs{ collide.grid(poly), collide.quadtree(poly) } do
			local r = structure:contains_all(buffer)
			collect()
			assert.are.equal(inside, r:count(), tostring(structure))
		end
		local few = collide.points(grid_points(LINEAR, -12, 12, 2))
		local expected = tree:contains_all(few):count()
		for _, structure in ipairs{ poly, collide.covering(poly) } do
			assert.are.equal(expected, structure:contains_all(few):count(), tostring(structure))
			collect()
		end
		assert.are.equal(#collide.covering(poly):triangles(), 1000)
		assert.is_true(#tree:cones() > 4)
		collect()
	end)

	it("makes a trajectory of 10^5 points", function()
		local path = collide.trajectory(collide.polygon(ring(100, 5)), { count = N })
		collect()
		assert.are.equal(N, #path)
		assert.are.equal(N, #path:to_table())
	end)
end)

describe("bulk 3D", function()
	it("builds a mesh of 10^5 vertices from tables and from a buffer, and reads it back", function()
		local source = collide.mesh.uv_sphere(1, 500, 250) -- 124502 vertices and 249000 triangles
		local vertices, triangles = source:vertices(), source:triangles()
		collect()
		assert.is_true(#vertices >= N)
		local m = collide.mesh{ vertices = vertices, triangles = triangles }
		collect()
		local from_buffer = collide.mesh{ vertices = collide.points(vertices), triangles = triangles }
		vertices, triangles = nil, nil
		collect()
		assert.are.equal(source:vertex_count(), m:vertex_count())
		assert.are.equal(source:triangle_count(), from_buffer:triangle_count())
	end)

	it("answers 10^5 points with every 3D structure, and returns lists of 10^4 hits", function()
		local m = collide.mesh.icosphere(5) -- 20480 triangles
		local pts = collide.points(grid_points(N, -1.2, 1.2, 3))
		collect()
		local bvh = collide.bvh(m)
		local expected = bvh:contains_all(pts):count()
		collect()
		local few = collide.points(grid_points(LINEAR, -1.2, 1.2, 3))
		local small = collide.mesh.icosphere(2)
		local small_expected = collide.bvh(small):contains_all(few):count()
		local m4 = collide.mesh.icosphere(4) -- 5120 triangles: the tetra-tree's build is the slow part
		assert.are.equal(collide.bvh(m4):contains_all(pts):count(), collide.tetratree(m4):contains_all(pts):count())
		collect()
		for _, structure in ipairs{ collide.covering3d(small), collide.polyhedron_from_mesh(small) } do
			assert.are.equal(small_expected, structure:contains_all(few):count(), tostring(structure))
			collect()
		end
		assert.are.equal(m:triangle_count(), #bvh:leaf_triangles())
		assert.are.equal(#bvh, #bvh:nodes())
		collect()
		-- a plane through the middle meets a ring of triangles; a sphere around it meets them all
		local count, hits = collide.cga.mesh_query(m, { sphere = collide.sphere(0, 0, 0, 2), mode = "solid" }, { hits = true })
		collect()
		assert.are.equal(m:triangle_count(), count)
		assert.are.equal(count, #hits)
		-- two copies of the mesh, one moved a little: a list of many contacts
		local bvh4 = collide.bvh(m4)
		local contacts = bvh4:contacts(collide.bvh(m4), { position = { 0.01, 0, 0 } }, 20000)
		collect()
		assert.is_true(#contacts > 1000)
		local polyhedron = collide.polyhedron_from_mesh(m4)
		assert.are.equal(m4:triangle_count(), #polyhedron:faces())
		assert.is_true(#polyhedron:tetrahedra() >= m4:triangle_count())
		collect()
	end)

	it("makes the hull of 10^5 points", function()
		local hull = collide.convex(collide.points(grid_points(N, -1, 1, 3)))
		collect()
		assert.is_true(#hull:vertices() > 8)
	end)
end)

describe("bulk on the GPU backend (CPU fallback)", function()
	it("answers 10^5 points and pairs 10^4 boxes", function()
		local m = collide.gpu.mesh(collide.mesh.icosphere(4), { device = "cpu" })
		local pts = collide.points(grid_points(N, -1.2, 1.2, 3))
		local r = m:contains(pts)
		collect()
		assert.are.equal(N, #r)
		local distances = m:distance(collide.points(grid_points(LINEAR, -1.2, 1.2, 3)))
		collect()
		assert.are.equal(LINEAR, #distances)
		-- 10^4 boxes in a row, each overlapping the next: 9999 pairs
		local boxes = {}
		for i = 1, 10000 do boxes[i] = { { i, 0, 0 }, { i + 1.5, 1, 1 } } end
		local bp = collide.gpu.broadphase{ device = "cpu" }
		local pairs_list, count = bp:pairs(boxes)
		collect()
		assert.are.equal(9999, count)
		assert.are.equal(2 * count, #pairs_list)
	end)
end)
