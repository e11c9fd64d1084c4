-- A segment, a triangle, a sphere or a second mesh against every triangle of a mesh, by the source's
-- bounded CGA tests (source 003, ch. IV, Algorithms IV.1-IV.6; collide.cga.mesh_query and mesh_mesh,
-- cga_collide.h). The source measured them as brute force: no hierarchy, each triangle of the mesh
-- tested in turn, so the work is the triangle count whatever the query. Each test reads signs of
-- meets: the triangle's dual plane against the query's ends (which side), the Plucker products of
-- the segment's line with the edge lines (inside the edges), the dual sphere's inner products with
-- the points (inside the ball). Triangle pairs first ask whether all of one lies on one side of the
-- other's plane (the plane rejects), and a segment or triangle lying in a plane is compared within
-- it (coplanar). Where a sign is too close to zero for its rounding bound, the engine's exact
-- predicate decides (exact fallbacks), so the answers equal the Euclidean tests' on every input:
-- switching the method to "euclidean" must light the very same triangles, and the HUD checks it
-- each frame. Touching counts as meeting. A sphere counts as its surface (the source's: a mesh
-- strictly inside it is not met) or, in solid mode, as the ball.
--
-- Drawn: the mesh, see-through; the triangles the query meets in yellow; the query in blue (a
-- segment, a triangle, a sphere: filled when solid, rings when surface). In mesh mode a small
-- icosphere (blue) moves against the mesh, the triangles of both that meet in yellow and green. The
-- HUD shows both methods' counts, the CGA statistics and the time per query of each method
-- (os.clock, the mean over several queries).
--
-- Keys: q next query (segment, triangle, sphere, mesh); m surface / solid; c method cga / euclidean
-- (the one drawn); s next mesh; arrows / page up / page down move the query (x, y / z); + / -
-- size; j / l, i / k turn the segment or triangle; t sweep the query around the mesh; w the mesh
-- solid or see-through. Left-drag the query's centre (the white +) to move it, the lit triangles
-- and both methods' counts following live; left-drag elsewhere orbits, right-drag pans, the wheel
-- zooms.
-- Headless arguments: query=segment|triangle|sphere|mesh mode=surface|solid method=cga|euclidean
-- at=X,Y,Z size=S mesh=NAME (bumpy, icosphere, torus, box) keys=K1,K2,...
local collide = require "collide"
local figures = require "figures"
local cga = collide.cga

local ARGS = figures.arguments(...)

local add, normalize, cross, rgba = figures.add, figures.normalize, figures.cross, figures.rgba
local vec_text = figures.vec_text

local QUERIES = { "segment", "triangle", "sphere", "mesh" }
local MESHES = {
	{ name = "bumpy sphere", key = "bumpy", make = function() return collide.mesh.bumpy_sphere(3) end },
	{ name = "icosphere", key = "icosphere", make = function() return collide.mesh.icosphere(3) end },
	{ name = "torus", key = "torus", make = function() return collide.mesh.torus(1, 0.35, 48, 24) end },
	{ name = "box", key = "box", make = function() return collide.mesh.box(0.9, 0.6, 0.45) end },
}
local MOVES = { left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 } }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
-- not red: the viewer tints back faces red, and they show through the see-through mesh
local YELLOW, GREEN, BLUE, GREY = { 1.0, 0.82, 0.2 }, { 0.35, 0.9, 0.45 }, { 0.4, 0.6, 1.0 }, { 0.72, 0.75, 0.8 }
local REPEATS = { segment = 20, triangle = 20, sphere = 20, mesh = 2 } -- queries timed per method per frame

-- ---- state ----

local query = "sphere"
local solid = false
local method = "cga"
local mesh_index = 1
local mesh, mesh_vertices, mesh_triangles, mesh_box
local at = { 0.85, 0.3, 0.25 } -- the query's centre
local size = 0.35              -- the sphere's and the icosphere's radius; the segment and triangle reach further
local axis = normalize{ -0.3, 0.9, 0.3 } -- the segment's direction, the triangle's normal: across the surface
local probe                    -- mesh mode: the small icosphere, at the origin
local sweeping, sweep_t = false, 0
local show_solid = false
local q = {}                   -- what update computed for draw
local drawn = {}               -- drawing meshes, kept while what they show is unchanged
local timed = {}               -- smoothed seconds per query, by method

local function rebuild_mesh()
	mesh = MESHES[mesh_index].make()
	mesh_vertices, mesh_triangles = mesh:vertices(), mesh:triangles()
	mesh_box = { mesh:bounds() }
	drawn = {}
end

local function rebuild_probe()
	probe = collide.mesh.icosphere(1, size)
	drawn.probe = nil
end

-- The segment's ends, or the triangle's corners (equilateral, across the axis), sized to cross a
-- few of the mesh's triangles at the default size.
local SEGMENT_REACH, TRIANGLE_REACH = 2.5, 1.6
local function segment_ends() return { add(at, axis, -SEGMENT_REACH * size), add(at, axis, SEGMENT_REACH * size) } end
local function triangle_corners()
	local u = normalize(math.abs(axis[1]) < 0.6 and cross(axis, { 1, 0, 0 }) or cross(axis, { 0, 1, 0 }))
	local v = cross(axis, u)
	local corners = {}
	for k = 0, 2 do
		local a = 2 * math.pi * k / 3
		corners[k + 1] = add(add(at, u, TRIANGLE_REACH * size * math.cos(a)), v, TRIANGLE_REACH * size * math.sin(a))
	end
	return corners
end

-- The query table cga.mesh_query reads.
local function query_table()
	if query == "segment" then return { segment = segment_ends() } end
	if query == "triangle" then return { triangle = triangle_corners() } end
	return { sphere = { at, size }, mode = solid and "solid" or "surface" }
end

-- ---- input ----

local function find(list, value, field)
	for i, entry in ipairs(list) do
		if (field and entry[field] or entry) == value then return i end
	end
end

function keypressed(key)
	local move = MOVES[key]
	if move then
		at[move[1]] = at[move[1]] + 0.05 * move[2]
	elseif PLUS[key] or MINUS[key] then
		size = math.max(0.02, math.min(size * (PLUS[key] and 1.15 or 1 / 1.15), 2))
		if query == "mesh" then rebuild_probe() end
	elseif key == "q" then
		query = QUERIES[find(QUERIES, query) % #QUERIES + 1]
		if query == "mesh" then rebuild_probe() end
	elseif key == "m" then
		solid = not solid
	elseif key == "c" then
		method = method == "cga" and "euclidean" or "cga"
	elseif key == "s" then
		mesh_index = mesh_index % #MESHES + 1
		rebuild_mesh()
	elseif key == "j" or key == "l" or key == "i" or key == "k" then
		axis = normalize(figures.turn(axis, key))
	elseif key == "t" then
		sweeping = not sweeping
	elseif key == "w" then
		show_solid = not show_solid
	end
end

-- the query's centre; the hand takes over from the sweep
local drag = figures.dragger(function() return { at } end, function() sweeping = false end)
mousepressed, mousemoved, mousereleased = drag.mousepressed, drag.mousemoved, drag.mousereleased

function load()
	if find(QUERIES, ARGS.query) then query = ARGS.query end
	solid = ARGS.mode == "solid"
	if ARGS.method == "euclidean" then method = "euclidean" end
	mesh_index = find(MESHES, ARGS.mesh, "key") or find(MESHES, ARGS.mesh, "name") or 1
	local x, y, z = figures.numbers(ARGS.at)
	if x then at = { x, y, z } end
	local s = tonumber(ARGS.size)
	if s and s > 0 and s < 10 then size = s end
	rebuild_mesh()
	rebuild_probe()
	for key in tostring(ARGS.keys or ""):gmatch("[^,]+") do keypressed(key) end
end

-- ---- the queries ----

-- Seconds per call of f, the mean of n calls, smoothed over frames under name (nil without a clock).
local function time_per_query(name, n, f)
	if not (os and os.clock) then return nil end
	local start = os.clock()
	for _ = 1, n do f() end
	local seconds = (os.clock() - start) / n
	timed[name] = timed[name] and 0.9 * timed[name] + 0.1 * seconds or seconds
	return timed[name]
end

-- The answers of one method: count, hits (1-based), stats; in mesh mode also the probe's hits.
local function ask(how)
	if query == "mesh" then
		local options = { method = how, pose = { position = at } }
		local pairs_met, hits, probe_hits, stats = cga.mesh_mesh(mesh, probe, options)
		local seconds = time_per_query(how .. " mesh", REPEATS.mesh, function() cga.mesh_mesh(mesh, probe, options) end)
		return { count = pairs_met, hits = hits, probe_hits = probe_hits, stats = stats, seconds = seconds }
	end
	local qt = query_table()
	local count, hits, stats = cga.mesh_query(mesh, qt, { method = how, hits = true })
	local seconds = time_per_query(how .. " " .. query, REPEATS[query],
		function() cga.mesh_query(mesh, qt, { method = how }) end)
	return { count = count, hits = hits, stats = stats, seconds = seconds }
end

function update(dt)
	if sweeping then
		-- a tilted circle that grazes the mesh's surface
		sweep_t = sweep_t + (dt or 1 / 60)
		local a = 0.6 * sweep_t
		at = { 0.95 * math.cos(a), 0.35 * math.sin(2 * a), 0.95 * math.sin(a) }
	end
	q.cga, q.euclidean = ask("cga"), ask("euclidean")
	q.shown = q[method]
	q.same = table.concat(q.cga.hits, ",") == table.concat(q.euclidean.hits, ",") and
		(query ~= "mesh" or table.concat(q.cga.probe_hits, ",") == table.concat(q.euclidean.probe_hits, ","))
end

-- ---- drawing ----

-- A collide.mesh of the listed triangles of (vertices, triangles), moved by offset; false when none.
local function triangles_mesh(vertices, triangles, list, offset)
	if #list == 0 then return false end
	local points, faces = {}, {}
	local o = offset or { 0, 0, 0 }
	for k, i in ipairs(list) do
		for j = 1, 3 do points[3 * (k - 1) + j] = add(vertices[triangles[i][j]], o, 1) end
		faces[k] = { 3 * k - 2, 3 * k - 1, 3 * k }
	end
	return collide.mesh{ vertices = points, triangles = faces }
end

-- The drawing drawn[name], made again by make() when key changes.
local function kept(name, key, make)
	local entry = drawn[name]
	if not entry or entry.key ~= key then
		entry = { key = key, value = make() }
		drawn[name] = entry
	end
	return entry.value
end

-- The query's lines, drawn before the faces so that the see-through mesh blends over them.
local function draw_query_lines(g)
	local style = { line = BLUE, width = 3 }
	if query == "segment" then
		local e = segment_ends()
		g.line3d(e[1], e[2], style)
		g.point3d(e[1], { fill = BLUE, size = 9 })
		g.point3d(e[2], { fill = BLUE, size = 9 })
	elseif query == "triangle" then
		local c = triangle_corners()
		for k = 1, 3 do g.line3d(c[k], c[k % 3 + 1], style) end
	elseif query == "sphere" then
		for _, e in ipairs{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } do
			figures.circle_polyline(g, at, e, size, { line = rgba(BLUE, 0.9), width = solid and 1.5 or 2.5 })
		end
	end
end

-- The query's faces, drawn last, over the triangles they meet.
local function draw_query_faces(g)
	if query == "triangle" then
		-- both windings, so it shows from either side
		g.mesh(collide.mesh{ vertices = triangle_corners(), triangles = { { 1, 2, 3 }, { 1, 3, 2 } } },
			{ fill = rgba(BLUE, 0.3), boundary = false })
	elseif query == "sphere" and solid then
		g.sphere(at[1], at[2], at[3], size, { fill = rgba(BLUE, 0.3) })
	end
end

local function method_text(r)
	local text = ("%d %s%s"):format(r.count, query == "mesh" and "triangle pair" or "triangle", r.count == 1 and "" or "s")
	if r.seconds then text = text .. (", %.1f us per query"):format(r.seconds * 1e6) end
	return text
end

local function query_text()
	if query == "segment" then
		local e = segment_ends()
		return ("segment %s to %s"):format(vec_text(e[1]), vec_text(e[2]))
	elseif query == "triangle" then
		return ("triangle about %s, normal %s"):format(vec_text(at), vec_text(axis))
	elseif query == "sphere" then
		return ("sphere at %s, radius %.3g, as its %s"):format(vec_text(at), size, solid and "solid ball" or "surface")
	end
	return ("icosphere of %d triangles at %s, radius %.3g"):format(probe:triangle_count(), vec_text(at), size)
end

function draw(g)
	-- fitted to the mesh, which sits a little right of and below the middle, clear of the HUD (as
	-- the 3D lessons frame theirs)
	local box = mesh_box
	local span = math.max(box[4] - box[1], box[5] - box[2], box[6] - box[3])
	local radius = 0.5 * math.sqrt((box[4] - box[1]) ^ 2 + (box[5] - box[2]) ^ 2 + (box[6] - box[3]) ^ 2)
	local yaw = math.rad(35)
	local right = { math.cos(yaw), 0, -math.sin(yaw) } -- the camera's right (viewer/camera3d.c)
	local c = { (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2 }
	g.camera3d { target = { c[1] - 0.15 * span * right[1], c[2] + 0.08 * span, c[3] - 0.15 * span * right[3] },
		distance = 2.9 * radius, yaw = 35, pitch = 25 }
	local r = q.shown
	-- lines first: the translucent faces drawn after them blend over them
	draw_query_lines(g)
	local hit_faces = kept("hits", method .. ":" .. mesh_index .. ":" .. table.concat(r.hits, ","),
		function() return triangles_mesh(mesh_vertices, mesh_triangles, r.hits) end)
	if hit_faces then g.mesh(hit_faces, { fill = rgba(YELLOW, 0.9), boundary = false }) end
	if query == "mesh" then
		local key = ("%.17g,%.17g,%.17g,%.17g"):format(at[1], at[2], at[3], size)
		local pv, pt = probe:vertices(), probe:triangles()
		local probe_hits = kept("probe hits", key .. ":" .. method .. ":" .. table.concat(r.probe_hits, ","),
			function() return triangles_mesh(pv, pt, r.probe_hits, at) end)
		if probe_hits then g.mesh(probe_hits, { fill = rgba(GREEN, 0.9), boundary = false }) end
		local all = {}
		for i = 1, #pt do all[i] = i end
		local moved = kept("probe", key, function() return triangles_mesh(pv, pt, all, at) end)
		g.mesh(moved, { fill = rgba(BLUE, 0.3), line = rgba(BLUE, 0.6), wireframe = true, boundary = false })
	end
	g.mesh(mesh, show_solid and { fill = GREY } or
		{ fill = rgba(GREY, 0.22), line = { 0.08, 0.09, 0.11, 0.22 }, wireframe = true, boundary = false })
	draw_query_faces(g)
	figures.axes(g)
	drag:view(g)

	g.hud("lesson", "each triangle tested in turn by signs of CGA meets")
	g.hud("mesh", ("%s, %d triangles"):format(MESHES[mesh_index].name, mesh:triangle_count()))
	g.hud("query", query_text() .. (sweeping and "  (sweeping)" or ""))
	g.hud("method drawn", method)
	g.hud("cga", method_text(q.cga))
	g.hud("euclidean", method_text(q.euclidean))
	g.hud("agree", q.same and "yes: the same triangles by both" or "NO: the methods differ")
	local s = q.cga.stats
	g.hud("cga stats", ("%d pairs tested, %d plane rejects\n%d coplanar, %d exact fallbacks, %d hits"):format(
		s.pairs, s.plane_rejects, s.coplanar, s.exact_fallbacks, s.hits))
	if query == "mesh" then
		g.hud("met", ("%d triangles of the mesh, %d of the icosphere"):format(#r.hits, #r.probe_hits))
	end

	local _, h = g.size()
	local x = 12
	for _, entry in ipairs{ { "query", BLUE }, { "mesh triangles met", YELLOW }, { "icosphere triangles met", GREEN } } do
		x = x + g.text(x, h - 84, entry[1], entry[2]) + 14
	end
	g.text(12, h - 64, "q: query  m: surface / solid  c: cga / euclidean  s: mesh", { 0.7, 0.75, 0.8 })
	g.text(12, h - 44, "arrows, page up/down: move  + / -: size  j / l, i / k: turn", { 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "t: sweep around the mesh  w: solid mesh  drag the +: move it  drag: orbit  wheel: zoom", { 0.7, 0.75, 0.8 })
end
