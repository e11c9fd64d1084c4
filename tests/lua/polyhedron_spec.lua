-- collide.polyhedron (source 000, chapter 3 and 5.1-5.5): polyhedra with polygonal faces, holes
-- and non-manifold edges; their covering (fans, false edges, signs) for drawing; the point test
-- against the brute-force crossing count and the mesh oracle; segments and pairs; the source's two
-- complex models; the fast path; collide.fan_triangle_hit (Alg. 5.7); errors and lifetime.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0

-- ---- models ----

-- The box [lo, hi] as six squares, counter-clockwise seen from outside.
local function box(lo, hi)
	local v = {}
	for k = 0, 7 do
		v[k + 1] = { k & 1 ~= 0 and hi[1] or lo[1], k & 2 ~= 0 and hi[2] or lo[2], k & 4 ~= 0 and hi[3] or lo[3] }
	end
	return { vertices = v, faces = { { 1, 3, 4, 2 }, { 5, 6, 8, 7 }, { 1, 2, 6, 5 }, { 3, 7, 8, 4 }, { 1, 5, 7, 3 }, { 2, 4, 8, 6 } } }
end

local function cube() return collide.polyhedron(box({ 0, 0, 0 }, { 1, 1, 1 })) end

-- The box [0, 4]^2 x [0, 2] with a pocket [1, 3]^2 x [1, 2] sunk into its top: the top is a face
-- with a hole, given as {outer loop, hole}.
local function pocket_box()
	return collide.polyhedron{
		vertices = { { 0, 0, 0 }, { 4, 0, 0 }, { 4, 4, 0 }, { 0, 4, 0 }, { 0, 0, 2 }, { 4, 0, 2 }, { 4, 4, 2 }, { 0, 4, 2 },
			{ 1, 1, 2 }, { 3, 1, 2 }, { 3, 3, 2 }, { 1, 3, 2 }, { 1, 1, 1 }, { 3, 1, 1 }, { 3, 3, 1 }, { 1, 3, 1 } },
		faces = {
			{ 1, 4, 3, 2 }, { 1, 2, 6, 5 }, { 2, 3, 7, 6 }, { 3, 4, 8, 7 }, { 4, 1, 5, 8 },
			{ 9, 10, 14, 13 }, { 10, 11, 15, 14 }, { 11, 12, 16, 15 }, { 12, 9, 13, 16 }, { 13, 14, 15, 16 },
			{ { 5, 6, 7, 8 }, { 9, 12, 11, 10 } },
		},
	}
end

-- n points uniformly in the polyhedron's box grown by a fifth on each side (a stream from seed).
local function random_points(p, n, seed)
	local random = support.generator(seed)
	local b = { p:bounds() }
	local pts = collide.points(n, 3)
	for i = 1, n do
		local q = {}
		for k = 1, 3 do
			local lo, hi = b[k], b[k + 3]
			local margin = (hi - lo) * 0.2
			q[k] = lo - margin + random() * (hi - lo + 2 * margin)
		end
		pts:set(i, q[1], q[2], q[3])
	end
	return pts
end

local function check_answers(name, pts, expected, results)
	for i = 1, #pts do
		if expected[i] ~= results[i] then
			assert.are.equal(expected[i], results[i], name .. " point " .. i .. " (" .. table.concat({ pts:get(i) }, ", ") .. ")")
		end
	end
end

local function mid(a, b) return { (a[1] + b[1]) / 2, (a[2] + b[2]) / 2, (a[3] + b[3]) / 2 } end

describe("collide.polyhedron", function()
	it("is made from 1-based vertices and faces, holes as {outer, hole}", function()
		local p = pocket_box()
		assert.are.equal(16, p:vertex_count())
		assert.are.equal(11, p:face_count())
		assert.are.equal(11, #p)
		local s = p:stats()
		assert.are.equal(1, s.holes)
		assert.are.equal(2, s.false_edges)
		assert.are.equal(24, s.edges)
		assert.are.equal(10 * 4 + 8 + 2, s.tetrahedra)
		assert.are.equal(11, s.planar_faces)
		assert.is_true(math.abs(s.volume - (32 - 4)) < 1e-9)
		assert.is_true(s.origin_inside)
		assert.matches("^polyhedron%(16 vertices, 11 faces, 50 tetrahedra, origin inside%)$", tostring(p))
		-- the faces come back as loops, the same shape the constructor takes
		local faces = p:faces()
		assert.are.same({ { 1, 4, 3, 2 } }, faces[1])
		assert.are.same({ { 5, 6, 7, 8 }, { 9, 12, 11, 10 } }, faces[11])
		local again = collide.polyhedron{ vertices = p:vertices(), faces = faces }
		assert.are.equal(p:tetrahedron_count(), again:tetrahedron_count())
		-- a points buffer serves as vertices too
		local b = box({ 0, 0, 0 }, { 2, 2, 2 })
		local q = collide.polyhedron{ vertices = collide.points(b.vertices), faces = b.faces }
		assert.is_true(math.abs(q:volume() - 8) < 1e-12)
	end)

	it("joins each hole to its face by a false edge walked both ways, inside the face", function()
		local p = pocket_box()
		local top = p:face(11)
		assert.are.equal(4 + 4 + 2, #top.ring)
		assert.are.equal(2, #top.false_edges)
		local e1, e2 = top.false_edges[1], top.false_edges[2]
		assert.are.same({ e1[2], e1[1] }, e2)
		local v = p:vertices()
		assert.is_true(p:contains(mid(v[e1[1]], v[e1[2]])), "a false edge lies on its face")
		assert.are.same({ 2, 2, 2 }, top.centre)
		assert.are.equal("outside", top.centre_position, "W is in the pocket's mouth")
		assert.is_true(top.fanned and top.planar and top.fan_planar)
		assert.are.equal(1, top.side)
		assert.are.equal(10, top.tetrahedron_count)
		-- the covering for drawing: each tetrahedron over one ring edge, false ones flagged
		local false_edges = 0
		for i, t in ipairs(p:tetrahedra()) do
			assert.are.same(t, p:tetrahedron(i))
			assert.are.equal(3, #t.centre)
			if t.false_edge then false_edges = false_edges + 1 end
			assert.is_false(t.triangle_face)
			assert.is_nil(t.centre_index)
		end
		assert.are.equal(2, false_edges)
		assert.are.equal(24, #p:edges())
	end)

	it("answers as the crossing count on random points, for the source's complex models", function()
		local counts = { { 32, 18 }, { 44, 29 } }
		for which = 1, 2 do
			local p = collide.complex_polyhedron(which)
			assert.are.equal(counts[which][1], p:vertex_count())
			assert.are.equal(counts[which][2], p:face_count())
			local pts = random_points(p, 4000, 17 + which)
			local results, stats = p:contains_all(pts)
			local expected = p:contains_all(pts, "crossing")
			check_answers("complex " .. which, pts, expected, results)
			assert.are.equal(4000, stats.queries)
			local inside = results:count()
			assert.is_true(inside > 400 and inside < 3600)
		end
		local one = collide.complex_polyhedron(1)
		assert.is_false(one:origin_inside(), "its centroid is in the tunnel")
		assert.are.same({ 0, 0, 2 }, { one:origin() })
		assert.are.equal(2, one:stats().holes)
		assert.are.equal(10, collide.complex_polyhedron(2):stats().triangle_faces)
	end)

	it("agrees with mesh:contains when made from a mesh, and counts the surface as inside", function()
		for _, m in ipairs{ collide.mesh.box(1, 0.6, 0.4), collide.mesh.torus(1, 0.35, 24, 12), collide.mesh.bumpy_sphere(2) } do
			local p = collide.polyhedron_from_mesh(m)
			assert.are.equal(m:triangle_count(), p:face_count())
			assert.are.equal(m:triangle_count(), p:tetrahedron_count())
			assert.is_true(p:tetrahedron(1).triangle_face)
			local pts = random_points(p, 2000, 5)
			check_answers(tostring(m), pts, m:contains_all(pts, "crossing"), p:contains_all(pts))
			for _, v in ipairs(m:vertices()) do
				assert.is_true(p:contains(v))
			end
		end
		local p = cube()
		for _, q in ipairs{ { 0, 0, 0 }, { 1, 0.5, 0.5 }, { 0.5, 0, 1 }, { 0.25, 0.75, 1 }, { 0.5, 0.5, 0.5 } } do
			assert.is_true(p:contains(q), table.concat(q, ", "))
		end
		assert.is_false(p:contains(1.0001, 0.5, 0.5))
		assert.matches("expected a finite number, got nan", error_of(p.contains, p, nan, 0.5, 0.5))
		local inside, stats = p:contains_stats(0.5, 0.5, 0.5)
		assert.is_true(inside)
		assert.are.equal(1, stats.queries)
	end)

	it("gives the same answers with the triangle fast path off", function()
		local fast = collide.complex_polyhedron(2)
		local slow = collide.complex_polyhedron(2, { triangle_fast_path = false })
		assert.are.equal(2 * 22 + 17 * 4 + 10, fast:tetrahedron_count())
		assert.are.equal(2 * 22 + 17 * 4 + 10 * 3, slow:tetrahedron_count())
		local pts = random_points(fast, 3000, 9)
		check_answers("fast path", pts, fast:contains_all(pts), slow:contains_all(pts))
		for _, v in ipairs(fast:vertices()) do
			assert.is_true(slow:contains(v))
		end
	end)

	it("locates points in a covering tetrahedron (Table 5.1)", function()
		local p = collide.polyhedron(box({ -12, -12, -12 }, { 12, 12, 12 }), { origin = { 0, 0, 0 } })
		local t
		for i, candidate in ipairs(p:tetrahedra()) do
			if candidate.centre[1] == 12 then
				t = i
				break
			end
		end
		local tet = p:tetrahedron(t)
		assert.are.equal(1, tet.sign)
		assert.are.equal("interior", p:locate(t, mid(mid({ 0, 0, 0 }, tet.centre), mid(tet.a, tet.b))))
		assert.are.equal("vertex 1", p:locate(t, tet.centre))
		assert.are.equal("edge 23", p:locate(t, mid(tet.a, tet.b)))
		assert.are.equal("edge 01", p:locate(t, mid({ 0, 0, 0 }, tet.centre)))
		assert.are.equal("outside", p:locate(t, { 13, 0, 0 }))
		assert.matches("tetrahedron 99 out of range 1..24", error_of(p.locate, p, 99, { 0, 0, 0 }), 1, true)
	end)

	it("meets segments: the surface (Thm 5.4), one face, and the solid", function()
		local one = collide.complex_polyhedron(1)
		-- down the tunnel: no face; through a cap's false edge and the solid: the top cap first
		assert.are.same({ false, nil }, { one:segment_hits({ 0, 0, -1 }, { 0, 0, 5 }) })
		local hit, face = one:segment_hits({ 1.5, 1.5, 5 }, { 1.5, 1.5, 3 })
		assert.is_true(hit)
		assert.are.equal(1, face)
		assert.is_true(one:segment_hits_face(1, { 1.5, 1.5, 5 }, { 1.5, 1.5, 3 }))
		assert.is_false(one:segment_hits_face(2, { 1.5, 1.5, 5 }, { 1.5, 1.5, 3 }))
		-- wholly inside the solid: no face met, yet it meets the solid
		assert.is_false(one:segment_hits({ 4, 0.5, 1 }, { 4, -0.5, 3 }))
		assert.is_true(one:intersects_segment({ 4, 0.5, 1 }, { 4, -0.5, 3 }))
		assert.is_false(one:intersects_segment({ 0.5, 0.5, 1 }, { -0.5, -0.5, 3 }))
		-- in a cap's plane, across the hole (2D): meets the cap at its edges
		assert.is_true(one:segment_hits_face(1, { -3, 0, 4 }, { 3, 0, 4 }))
		assert.is_false(one:segment_hits_face(1, { -0.5, 0, 4 }, { 0.5, 0, 4 }))
		-- against the crossing count of the segment's ends and every face hit: random segments
		local random = support.generator(3)
		for i = 1, 500 do
			local a = { -7 + 14 * random(), -7 + 14 * random(), -1 + 6 * random() }
			local b = { -7 + 14 * random(), -7 + 14 * random(), -1 + 6 * random() }
			local any = false
			for f = 1, one:face_count() do
				any = any or one:segment_hits_face(f, a, b)
			end
			assert.are.equal(any, (one:segment_hits(a, b)), "segment " .. i)
			assert.are.equal(any or one:contains(a, "crossing"), one:intersects_segment(a, b), "segment " .. i)
		end
	end)

	it("decides pairs under a pose, containment and touching included", function()
		local two, one, c = collide.complex_polyhedron(2), collide.complex_polyhedron(1), cube()
		assert.is_true(two:intersects(c, { position = { 1.5, 9, 1.5 } }), "the cube deep inside")
		assert.is_true(c:intersects(two, { position = { -1.5, -9, -1.5 } }), "the other way round")
		assert.is_false(one:intersects(c, { position = { -0.5, -0.5, -1 } }), "through the tunnel")
		assert.is_true(one:intersects(c, { position = { 0, -0.5, -1 } }), "touching the tunnel's wall")
		assert.is_false(one:intersects(two, { position = { 20, 0, 0 } }))
		local half = math.sqrt(0.5)
		assert.is_true(one:intersects(two, { position = { 5, 0, 0 }, rotation = { 0, 0, half, half } }))
		local hit, stats = one:intersects_stats(c, { position = { 10, 10, 10 } })
		assert.is_false(hit)
		assert.is_true(stats.queries >= 1)
		-- the same pose through a mesh of the same solid: the mesh oracle agrees
		local m = collide.mesh.box(0.5, 0.5, 0.5)
		local pm = collide.polyhedron_from_mesh(m)
		local random = support.generator(11)
		for i = 1, 200 do
			local pose = { position = { -8 + 16 * random(), -8 + 16 * random(), -2 + 8 * random() } }
			local expected = one:intersects(c, { position = { pose.position[1] - 0.5, pose.position[2] - 0.5,
				pose.position[3] - 0.5 } })
			assert.are.equal(expected, one:intersects(pm, pose), "pose " .. i)
		end
	end)

	it("gives Alg. 5.7's codes for a fan triangle", function()
		local w, a, b = { 0, 0, 0 }, { 12, 0, 0 }, { 0, 12, 0 }
		local function code(x, y) return (collide.fan_triangle_hit({ x, y, -1 }, { x, y, 1 }, w, a, b)) end
		assert.are.equal(1, code(3, 3))
		assert.are.equal(2, code(6, 0))
		assert.are.equal(3, code(6, 6))
		assert.are.equal(3, code(12, 0))
		assert.are.equal(4, code(0, 0))
		assert.are.equal(0, code(7, 7))
		assert.are.same({ 5, "coplanar" }, { collide.fan_triangle_hit({ 1, 1, 0 }, { 2, 1, 0 }, w, a, b) })
		assert.are.same({ 4, "centre" }, { collide.fan_triangle_hit({ 0, 0, -1 }, { 0, 0, 1 }, w, a, b) })
	end)

	it("says what is wrong with bad input", function()
		local b = box({ 0, 0, 0 }, { 1, 1, 1 })
		local function fails(t, options) return error_of(collide.polyhedron, t, options) end
		assert.matches("bad argument #1 to '.-' %(table expected", fails(nil))
		assert.matches("vertices: expected a table of points", fails{ faces = b.faces })
		assert.matches("faces: expected a table of faces, got nil", fails{ vertices = b.vertices })
		assert.matches("faces: no faces", fails{ vertices = b.vertices, faces = {} })
		assert.matches("faces: face 2: expected a list of indices or of loops, got string",
			fails{ vertices = b.vertices, faces = { b.faces[1], "x" } })
		assert.matches("faces: face 1 loop 1: vertex index 9 out of range 1..8",
			fails{ vertices = b.vertices, faces = { { 1, 2, 9 } } })
		assert.matches("faces: face 1 loop 1: index 2 must be an integer, got a fraction",
			fails{ vertices = b.vertices, faces = { { 1, 2.5, 3 } } })
		assert.matches("vertex 2: expected a point", fails{ vertices = { { 0, 0, 0 }, "x" }, faces = b.faces })
		local open = { vertices = b.vertices, faces = { b.faces[1], b.faces[2], b.faces[3], b.faces[4], b.faces[5] } }
		assert.matches("the surface is not closed", fails(open))
		local bent = box({ 0, 0, 0 }, { 1, 1, 1 })
		bent.vertices[8][3] = 1.01
		assert.matches("is not planar", fails(bent))
		local bow = box({ 0, 0, 0 }, { 1, 1, 1 })
		bow.faces[2] = { 5, 8, 6, 7 }
		assert.matches("polyhedron: face 2 (in its plane, loop k as contour k): contour 1 edges", fails(bow), 1, true)
		local far = { vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 2, 2, 0 }, { 2, 3, 0 }, { 3, 2, 0 } },
			faces = { { { 1, 2, 3, 4 }, { 5, 6, 7 } } } }
		assert.matches("polyhedron: face 1 .*hole 1 lies outside the outer contour", fails(far))
		assert.matches("bad argument #2 to '.-' %(polyhedron: unknown option 'tolerance'", fails(b, { tolerance = 1 }))
		assert.matches("bad argument #2 to '.-' %(polyhedron: planarity_tolerance %-1 must be", fails(b, { planarity_tolerance = -1 }))
		assert.matches("triangle_fast_path must be a boolean", fails(b, { triangle_fast_path = 1 }))
		assert.matches("origin", fails(b, { origin = { 0, nan, 0 } }))
		assert.matches("out of range 1..2", error_of(collide.complex_polyhedron, 3))
		assert.matches("collide.mesh expected", error_of(collide.polyhedron_from_mesh, {}))
		local p = cube()
		assert.matches("not a point method", error_of(p.contains, p, 0.5, 0.5, 0.5, "tritree"))
		assert.matches("pose: rotation: the zero quaternion", error_of(p.intersects, p, p, { rotation = { 0, 0, 0, 0 } }))
		assert.matches("collide.polyhedron expected", error_of(p.intersects, p, collide.mesh.box(1, 1, 1)))
		assert.matches("face 7 out of range 1..6", error_of(p.face, p, 7))
		assert.matches("segment end", error_of(p.segment_hits, p, { 0, 0, 0 }))
	end)

	it("is released by close() and <close>, after which it says so", function()
		do
			local scoped <close> = cube()
			assert.is_true(scoped:contains(0.5, 0.5, 0.5))
		end
		local p = cube()
		p:close()
		p:close()
		assert.are.equal("polyhedron(closed)", tostring(p))
		assert.matches("polyhedron is closed", error_of(p.contains, p, 0.5, 0.5, 0.5))
		collectgarbage("collect")
	end)
end)
