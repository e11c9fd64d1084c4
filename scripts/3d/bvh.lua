-- A bounding volume hierarchy over a mesh (collide.bvh, mesh_bvh.h): the triangles are split in two
-- again and again (by the surface area heuristic over their centres) until a leaf holds a few; each
-- node keeps the box around its triangles. A query descends from the root and drops every box it
-- cannot reach, so it tests the triangles of the few leaves near it, wherever on the surface that is.
-- The tetra-tree's cones all start at one apex and grow long and thin far from it; the BVH's boxes
-- hug the surface where it is, which pays on meshes that are not star-shaped (a torus, a hollow
-- ball): the HUD counts both structures' work on the same query.
--
-- Drawn: the boxes of one level of the tree (the cut at the chosen depth: the nodes at that depth
-- and the leaves above it), coloured by depth from the root (blue) to the deepest leaves (red); with
-- "nested", every level down to it at once. Sphere mode: a ball (red when it meets the surface,
-- orange when it lies wholly inside, green when apart); the boxes the surface search looked at (white
-- when the ball reached them, dim red when it looked and dropped them), the triangles it tested
-- (yellow) and the one that met the ball (red); the contact (white) when it collides. Pair mode: a
-- second mesh b (blue, red when it meets a) moved by a pose; the boxes of a the pair descent visited
-- (white), the boxes of b the same query visits from b's side (violet, turned with b), the triangles
-- of a tested (yellow), and the contacts (bvh:contacts): crossings (yellow points), b's vertices in a
-- (red) and a's in b (magenta), each with the way b moves out; the deepest in white.
--
-- Keys: [ / ] shallower / deeper level; n nested levels; o level boxes on / off; l next leaf size
-- (1 to 64 triangles; rebuilt); p sphere / pair mode; arrows / page up / page down move the ball or
-- b (x, y / z); + / - radius of the ball or size of b; q / e turn b about y, z / x about x; s next
-- mesh; b next mesh for b; t follow a path; a visited boxes and tested triangles; k contacts;
-- w solid meshes. Left-drag orbits, right-drag pans, the wheel zooms.
-- Headless arguments: mesh=NAME other=NAME mode=sphere|pair depth=D leaf=N at=X,Y,Z r=R
-- turn=YAW,PITCH (degrees) size=S (0..5 halvings of b) path=on show=nested,solid,noboxes,novisited,
-- nocontacts keys=K1,K2,...
local collide = require "collide"
local solids = require "solids"

local ARGS = solids.arguments(...)
-- Each mesh with a ball {x, y, z, r} that overlaps its surface somewhere telling, and where b
-- starts in pair mode.
local MESHES = solids.classes("fine", "ball", {
	["bumpy sphere"] = { 0.85, 0.45, 0.35, 0.3 }, torus = { 1.0, 0.0, 0.47, 0.25 },
	box = { 0.95, 0.35, 0.2, 0.3 }, ["hollow ball"] = { 0.8, 0.45, 0.3, 0.3 },
	["two boxes"] = { 0.1, 0.0, 0.1, 0.55 },
})
local STARTS = {
	["bumpy sphere"] = { 0.9, 0.5, 0.3 }, torus = { 1.2, 0.0, 0.3 }, box = { 0.95, 0.6, 0.3 },
	["hollow ball"] = { 0.2, 0.1, 0.0 }, ["two boxes"] = { 0.0, 0.0, 0.3 },
}
local OTHERS = {
	{ name = "torus", make = function() return collide.mesh.torus(0.45, 0.14, 24, 10) end },
	{ name = "box", make = function() return collide.mesh.box(0.3, 0.2, 0.15) end },
	{ name = "icosphere", make = function() return collide.mesh.icosphere(2, 0.35) end },
	{ name = "bumpy sphere", make = function() return collide.mesh.bumpy_sphere(2) end, scale = 0.35 },
}
local LEAF_SIZES = { 1, 2, 4, 8, 16, 64 }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
local RED, ORANGE, GREEN = { 0.95, 0.35, 0.3 }, { 0.98, 0.65, 0.2 }, { 0.35, 0.85, 0.45 }
local YELLOW, BLUE, MAGENTA = { 1.0, 0.88, 0.25 }, { 0.45, 0.6, 0.98 }, { 0.9, 0.4, 0.95 }
local GREY, WHITE, VIOLET = { 0.72, 0.75, 0.8 }, { 1, 1, 1 }, { 0.72, 0.6, 1.0 }

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end
local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function rgba(c, a) return { c[1], c[2], c[3], a } end
local function vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end

-- The colour of a depth out of deepest: hue from blue (the root) to red (the deepest leaves).
local function depth_color(depth, deepest)
	local t = deepest > 0 and depth / deepest or 0
	local h = (1 - t) * 0.66 * 6
	local i = math.floor(h) % 6
	local f = h - math.floor(h)
	local v, s = 1.0, 0.75
	local p, q, u = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
	local rgb = ({ { v, u, p }, { q, v, p }, { p, v, u }, { p, q, v }, { u, p, v }, { v, p, q } })[i + 1]
	return rgb
end

-- The quaternion {x, y, z, w} of yaw about y then pitch about x (degrees), a vector turned by it,
-- and the inverse of a pose.
local function rotation(yaw, pitch)
	local a, b = math.rad(yaw) / 2, math.rad(pitch) / 2
	local qy = { 0, math.sin(a), 0, math.cos(a) }
	local qx = { math.sin(b), 0, 0, math.cos(b) }
	return { -- qy * qx
		qy[4] * qx[1] + qy[1] * qx[4] + qy[2] * qx[3] - qy[3] * qx[2],
		qy[4] * qx[2] - qy[1] * qx[3] + qy[2] * qx[4] + qy[3] * qx[1],
		qy[4] * qx[3] + qy[1] * qx[2] - qy[2] * qx[1] + qy[3] * qx[4],
		qy[4] * qx[4] - qy[1] * qx[1] - qy[2] * qx[2] - qy[3] * qx[3],
	}
end

local function turn(q, v)
	-- v + 2 w (u x v) + 2 u x (u x v), u the vector part
	local u, w = { q[1], q[2], q[3] }, q[4]
	local c1 = { u[2] * v[3] - u[3] * v[2], u[3] * v[1] - u[1] * v[3], u[1] * v[2] - u[2] * v[1] }
	local c2 = { u[2] * c1[3] - u[3] * c1[2], u[3] * c1[1] - u[1] * c1[3], u[1] * c1[2] - u[2] * c1[1] }
	return { v[1] + 2 * (w * c1[1] + c2[1]), v[2] + 2 * (w * c1[2] + c2[2]), v[3] + 2 * (w * c1[3] + c2[3]) }
end

local function inverse_pose(pose)
	local r = pose.rotation
	local back = { -r[1], -r[2], -r[3], r[4] }
	local p = turn(back, pose.position)
	return { position = { -p[1], -p[2], -p[3] }, rotation = back }
end

-- ---- state ----

local mesh_index = solids.find(MESHES, ARGS.mesh) or 2
local other_index = solids.find(OTHERS, ARGS.other) or 2
local leaf_index = 3
for i, n in ipairs(LEAF_SIZES) do if tostring(n) == ARGS.leaf then leaf_index = i end end
local pair_mode = ARGS.mode == "pair"
local level = tonumber(ARGS.depth) and math.floor(tonumber(ARGS.depth)) or 3
local halvings = math.max(0, math.min(5, math.floor(tonumber(ARGS.size) or 0)))
local mesh, bvh, tree, box, size, deepest, parent
local other, other_bvh, other_tree
local center, radius = { 0, 0, 0 }, 0.3
local position, yaw, pitch = { 0, 0, 0 }, 20, 10
local on_path = ARGS.path == "on"
local show = { boxes = true, visited = true, contacts = true, nested = false, solid = false }
local path_step = 0
local q = {}     -- what update computed for draw
local drawn = {} -- meshes made for drawing, remade when what they show changes

local function rebuild_structures()
	local leaf = LEAF_SIZES[leaf_index]
	bvh = collide.bvh(mesh, { leaf_triangles = leaf })
	deepest = bvh:stats().depth
	level = clamp(level, 0, deepest)
	parent = {}
	for i = 1, #bvh do
		for _, c in ipairs(bvh:node(i).children or {}) do parent[c] = i end
	end
	drawn = {}
end

local function rebuild(keep_probe)
	mesh = MESHES[mesh_index].make()
	tree = collide.tetratree(mesh, { depth = 5, min_tetrahedra = 4 })
	box = { mesh:bounds() }
	size = math.max(box[4] - box[1], box[5] - box[2], box[6] - box[3])
	rebuild_structures()
	if not keep_probe then
		local b = MESHES[mesh_index].ball
		center, radius = { b[1], b[2], b[3] }, b[4]
		local s = STARTS[MESHES[mesh_index].name]
		position = { s[1], s[2], s[3] }
	end
end

-- b's mesh at the chosen size (its own frame: the generator's, scaled about its origin).
local function rebuild_other()
	local o = OTHERS[other_index]
	local m = o.make()
	local s = (o.scale or 1) / 2 ^ halvings
	if s ~= 1 then
		local vertices = m:vertices()
		for _, v in ipairs(vertices) do v[1], v[2], v[3] = s * v[1], s * v[2], s * v[3] end
		m = collide.mesh{ vertices = vertices, triangles = m:triangles() }
	end
	other = m
	other_bvh = collide.bvh(other, { leaf_triangles = LEAF_SIZES[leaf_index] })
	other_tree = collide.tetratree(other, { depth = 5, min_tetrahedra = 4 })
	drawn = {}
end

-- ---- paths: around the mesh's middle, grazing its sides ----

local PATH_STEPS = 720

local function path_point(k)
	local mid = { (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2 }
	local a = 2 * math.pi * (k % PATH_STEPS) / PATH_STEPS
	return { mid[1] + 0.55 * (box[4] - box[1]) * math.cos(a), mid[2] + 0.55 * (box[5] - box[2]) * math.sin(a),
		mid[3] + 0.35 * (box[6] - box[3]) * math.sin(2 * a) }
end

function load()
	for word in solids.words(ARGS.show) do
		if word:match("^no") and show[word:sub(3)] ~= nil then show[word:sub(3)] = false
		elseif show[word] ~= nil then show[word] = true end
	end
	rebuild()
	rebuild_other()
	local x, y, z = solids.numbers(ARGS.at)
	if x then
		center = { x, y, z }
		position = { x, y, z }
	end
	local r = tonumber(ARGS.r)
	if r and r >= 0 and r < math.huge then radius = r end
	local ty, tp = tostring(ARGS.turn or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	if tonumber(ty) and tonumber(tp) then yaw, pitch = tonumber(ty), tonumber(tp) end
	for key in solids.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

function keypressed(key)
	if solids.move_probe(key, pair_mode and position or center, 0.05) then
		return
	elseif key == "[" or key == "]" then
		level = clamp(level + (key == "]" and 1 or -1), 0, deepest)
	elseif key == "n" then
		show.nested = not show.nested
	elseif key == "o" then
		show.boxes = not show.boxes
	elseif key == "l" then
		leaf_index = leaf_index % #LEAF_SIZES + 1
		rebuild_structures()
		rebuild_other()
	elseif key == "p" then
		pair_mode = not pair_mode
	elseif PLUS[key] or MINUS[key] then
		if pair_mode then
			halvings = math.max(0, math.min(5, halvings + (MINUS[key] and 1 or -1)))
			rebuild_other()
		else
			radius = clamp(radius * (PLUS[key] and 1.15 or 1 / 1.15), 0.01, size)
		end
	elseif key == "q" or key == "e" then
		yaw = yaw + (key == "e" and 10 or -10)
	elseif key == "z" or key == "x" then
		pitch = pitch + (key == "x" and 10 or -10)
	elseif key == "s" then
		mesh_index = mesh_index % #MESHES + 1
		rebuild()
	elseif key == "b" then
		other_index = other_index % #OTHERS + 1
		rebuild_other()
	elseif key == "t" then
		on_path = not on_path
	elseif key == "a" then
		show.visited = not show.visited
	elseif key == "k" then
		show.contacts = not show.contacts
	elseif key == "w" then
		show.solid = not show.solid
	end
end

-- ---- the queries ----

-- The distance from p to the box {min, max} (0 inside).
local function box_distance(p, lo, hi)
	local s = 0
	for k = 1, 3 do
		local gap = math.max(lo[k] - p[k], p[k] - hi[k], 0)
		s = s + gap * gap
	end
	return math.sqrt(s)
end

-- The distinct entries of a list, in first-seen order.
local function distinct(list)
	local seen, out = {}, {}
	for _, i in ipairs(list) do
		if not seen[i] then seen[i], out[#out + 1] = true, i end
	end
	return out
end

local function sphere_update()
	if on_path then
		path_step = path_step + 1
		center = path_point(path_step)
	end
	q.surface, q.trace, q.stats = bvh:sphere_meets_surface_trace(center, radius)
	q.solid, q.solid_stats = bvh:intersects_sphere_stats(center, radius)
	q.tt_surface, q.tt_stats = tree:sphere_meets_surface_stats(center, radius)
	q.tt_solid, q.tt_solid_stats = tree:intersects_sphere_stats(center, radius)
	q.oracle = mesh:intersects(collide.sphere{ center = center, radius = radius })
	q.contact = bvh:sphere_contact(center, radius)
	q.nearest, q.distance, q.nearest_triangle, q.near_stats = bvh:closest_point_stats(center)
	q.tt_near_stats = select(4, tree:closest_point_stats(center))
	-- the boxes looked at: reached by the ball, or dropped
	q.reached, q.dropped = {}, {}
	for _, i in ipairs(q.trace.nodes) do
		local node = bvh:node(i)
		local list = box_distance(center, node.min, node.max) <= radius and q.reached or q.dropped
		list[#list + 1] = i
	end
	q.tested = q.trace.triangles
	q.met = q.surface and q.tested[#q.tested] or nil
end

local function pair_update()
	if on_path then
		path_step = path_step + 1
		position = path_point(path_step)
		yaw = yaw + 0.5
	end
	local pose = { position = position, rotation = rotation(yaw, pitch) }
	q.pose = pose
	q.hit, q.trace, q.stats = bvh:intersects_trace(other_bvh, pose)
	q.surfaces, q.surface_stats = bvh:surfaces_meet_stats(other_bvh, pose)
	local _, b_trace = other_bvh:surfaces_meet_trace(bvh, inverse_pose(pose))
	q.b_nodes = distinct(b_trace.nodes)
	q.a_nodes = distinct(q.trace.nodes)
	q.tested = distinct(q.trace.triangles)
	q.tt_hit, q.tt_stats = tree:intersects_stats(other_tree, pose)
	q.oracle = mesh:intersects(other, pose)
	if show.contacts then
		q.contacts, q.summary = bvh:contacts(other_bvh, pose, 512)
	else
		q.contacts, q.summary = {}, nil
	end
end

function update()
	if pair_mode then pair_update() else sphere_update() end
end

-- ---- drawing ----

local function kept(name, key, make) return solids.kept(drawn, name, key, make) end

-- The twelve edges of a box given by its eight corners (corner k: bit 1 x, bit 2 y, bit 4 z).
local EDGES = { { 1, 2 }, { 3, 4 }, { 5, 6 }, { 7, 8 }, { 1, 3 }, { 2, 4 }, { 5, 7 }, { 6, 8 }, { 1, 5 }, { 2, 6 }, { 3, 7 }, { 4, 8 } }

local function corners(node, moved)
	local list = {}
	for k = 0, 7 do
		local c = { k & 1 == 0 and node.min[1] or node.max[1], k & 2 == 0 and node.min[2] or node.max[2],
			k & 4 == 0 and node.min[3] or node.max[3] }
		list[k + 1] = moved and moved(c) or c
	end
	return list
end

local function draw_box(g, node, style, moved)
	local c = corners(node, moved)
	for _, e in ipairs(EDGES) do g.line3d(c[e[1]], c[e[2]], style) end
end

-- The nodes the level shows: the cut at the chosen depth, or every node down to it.
local function level_nodes()
	return kept("level", table.concat({ level, tostring(show.nested), #bvh }, ","), function()
		if not show.nested then return bvh:nodes(level) end
		local list = {}
		for i = 1, #bvh do
			if bvh:node(i).depth <= level then list[#list + 1] = i end
		end
		return list
	end)
end

local function triangle_faces(name, list, skip)
	return kept(name, table.concat(list, ",") .. "|" .. tostring(skip), function()
		local vertices, triangles, faces = mesh:vertices(), mesh:triangles(), {}
		for _, t in ipairs(list) do
			if t ~= skip then
				local tri = triangles[t]
				faces[#faces + 1] = { vertices[tri[1]], vertices[tri[2]], vertices[tri[3]] }
			end
		end
		return solids.triangles_mesh(faces) or false
	end)
end

-- b where the pose puts it, remade when the pose changes.
local function moved_other()
	local r, p = q.pose.rotation, q.pose.position
	return kept("other", table.concat({ p[1], p[2], p[3], r[1], r[2], r[3], r[4], halvings, other_index }, ","), function()
		local vertices = other:vertices()
		for i, v in ipairs(vertices) do vertices[i] = add(turn(r, v), p, 1) end
		return collide.mesh{ vertices = vertices, triangles = other:triangles() }
	end)
end

local function draw_levels(g)
	if not show.boxes then return end
	local nodes = level_nodes()
	local alpha = show.nested and 0.35 or 0.75
	for _, i in ipairs(nodes) do
		local node = bvh:node(i)
		local faint = show.nested and node.depth < level
		draw_box(g, node, { line = rgba(depth_color(node.depth, deepest), faint and 0.2 or alpha), width = faint and 1 or 1.5 })
	end
end

local function draw_sphere_mode(g)
	local state_color = q.surface and RED or (q.solid and ORANGE or GREEN)
	g.point3d(center, { fill = "black", size = 11 })
	g.point3d(center, { fill = state_color, size = 8 })
	local c = q.contact
	if c then
		local reach = math.max(c.depth, 0.15 * size)
		g.line3d(c.point, add(c.point, c.normal, reach), { line = "white", width = 2.5 })
		g.point3d(c.point, { fill = "white", size = 10 })
	end
	if show.visited then
		for _, i in ipairs(q.dropped) do draw_box(g, bvh:node(i), { line = rgba(RED, 0.45), width = 1 }) end
		for _, i in ipairs(q.reached) do draw_box(g, bvh:node(i), { line = rgba(WHITE, 0.9), width = 2 }) end
	end
	draw_levels(g)
	if show.visited then
		if q.met then
			local met = triangle_faces("met", { q.met })
			if met then g.mesh(met, { fill = rgba(RED, 0.85), boundary = false }) end
		end
		local tested = triangle_faces("tested", q.tested, q.met)
		if tested then g.mesh(tested, { fill = rgba(YELLOW, 0.6), boundary = false }) end
	end
	g.sphere(center[1], center[2], center[3], radius, { fill = rgba(state_color, 0.3) })
	g.mesh(mesh, show.solid and { fill = GREY } or
		{ fill = rgba(GREY, 0.3), line = { 0.08, 0.09, 0.11, 0.25 }, wireframe = true, boundary = false })
end

local function draw_pair_mode(g)
	local arrow = 0.12 * size
	if show.contacts then
		for _, c in ipairs(q.contacts) do
			if c.kind == "crossing" then
				g.point3d(c.point, { fill = YELLOW, size = 5 })
			else
				local color = c.kind == "vertex_of_b" and RED or MAGENTA
				g.line3d(c.point, add(c.point, c.normal, math.max(c.depth, 0.02 * size)), { line = color, width = 1.5 })
				g.point3d(c.point, { fill = color, size = 7 })
			end
		end
		local d = q.summary and q.summary.deepest
		if d then
			g.line3d(d.point, add(d.point, d.normal, math.max(d.depth, arrow)), { line = "white", width = 3 })
			g.point3d(d.point, { fill = "white", size = 10 })
		end
	end
	if show.visited then
		for _, i in ipairs(q.a_nodes) do draw_box(g, bvh:node(i), { line = rgba(WHITE, 0.8), width = 1.5 }) end
		local r, p = q.pose.rotation, q.pose.position
		local function moved(v) return add(turn(r, v), p, 1) end
		for _, i in ipairs(q.b_nodes) do draw_box(g, other_bvh:node(i), { line = rgba(VIOLET, 0.85), width = 1.5 }, moved) end
	end
	draw_levels(g)
	if show.visited then
		local tested = triangle_faces("tested", q.tested)
		if tested then g.mesh(tested, { fill = rgba(YELLOW, 0.5), boundary = false }) end
	end
	local b_color = q.hit and RED or BLUE
	g.mesh(moved_other(), show.solid and { fill = b_color } or
		{ fill = rgba(b_color, 0.3), line = rgba(b_color, 0.5), wireframe = true, boundary = false })
	g.mesh(mesh, show.solid and { fill = GREY } or
		{ fill = rgba(GREY, 0.2), line = { 0.08, 0.09, 0.11, 0.2 }, wireframe = true, boundary = false })
end

local function kib(bytes) return ("%.1f KiB"):format(bytes / 1024) end

function draw(g)
	solids.camera(g, box, 35, 25)
	if pair_mode then draw_pair_mode(g) else draw_sphere_mode(g) end

	-- HUD
	local m, s, ts = MESHES[mesh_index], bvh:stats(), tree:stats()
	g.hud("mesh", ("%s (%s), %d triangles"):format(m.name, m.about, mesh:triangle_count()))
	g.hud("bvh", ("%d nodes, %d leaves (<= %d triangles), depth %d; %s (octree %s), %.2f ms"):format(s.nodes,
		s.leaves, LEAF_SIZES[leaf_index], s.depth, kib(s.memory_bytes), kib(s.octree_bytes), s.build_seconds * 1000))
	g.hud("tetra-tree", ("%d cones, %d leaves, %d levels; %s, %.2f ms"):format(ts.cones, ts.leaves, ts.levels,
		kib(ts.memory_bytes), ts.build_seconds * 1000))
	g.hud("boxes", ("depth %d of %d: %d boxes%s"):format(level, deepest, #level_nodes(),
		show.nested and ", every level down to it" or " (nodes at that depth, leaves above)"))
	if pair_mode then
		g.hud("b", ("%s, %d triangles, 1:%d, at %s, turned %.0f / %.0f%s"):format(OTHERS[other_index].name,
			other:triangle_count(), 2 ^ halvings, vec_text(position), yaw % 360, pitch % 360, on_path and " (on the path)" or ""))
		g.hud("answer", ("%s, surfaces %s  (mesh:intersects %s)"):format(q.hit and "COLLIDE" or "apart",
			q.surfaces and "meet" or "apart", q.hit == q.oracle and "agrees" or "DISAGREES"))
		g.hud("work", ("bvh        %5d node pairs, %6d triangle pairs\ntetra-tree %5d cone pairs, %6d triangle pairs"):format(
			q.stats.nodes_visited, q.stats.primitives_tested, q.tt_stats.nodes_visited, q.tt_stats.primitives_tested))
		g.hud("visited", ("%d boxes of a, %d of b, %d triangles of a tested"):format(#q.a_nodes, #q.b_nodes, #q.tested))
		if show.contacts and q.summary then
			local sm, d = q.summary, q.summary.deepest
			g.hud("contacts", ("%d: %d crossings, %d inner vertices%s"):format(sm.count, sm.crossings, sm.count - sm.crossings,
				d and ("\ndeepest %.4g, b moves along %s"):format(d.depth, vec_text(d.normal)) or ""))
		end
	else
		g.hud("ball", ("centre %s, radius %.3g%s: %s, %s  (mesh:intersects %s)"):format(vec_text(center), radius,
			on_path and " (on the path)" or "", q.solid and "COLLIDES" or "apart",
			q.surface and "meets the surface" or (q.solid and "wholly inside" or "surface apart"),
			q.oracle == q.solid and "agrees" or "DISAGREES"))
		g.hud("work", ("surface:  bvh %4d nodes, %4d triangles; tetra-tree %4d cones, %4d triangles\n"
			.. "solid:    bvh %4d nodes, %4d triangles; tetra-tree %4d cones, %4d triangles\n"
			.. "nearest:  bvh %4d nodes, %4d triangles; tetra-tree %4d cones, %4d triangles"):format(
			q.stats.nodes_visited, q.stats.primitives_tested, q.tt_stats.nodes_visited, q.tt_stats.primitives_tested,
			q.solid_stats.nodes_visited, q.solid_stats.primitives_tested, q.tt_solid_stats.nodes_visited,
			q.tt_solid_stats.primitives_tested, q.near_stats.nodes_visited, q.near_stats.primitives_tested,
			q.tt_near_stats.nodes_visited, q.tt_near_stats.primitives_tested))
		if #q.trace.nodes == 0 then
			g.hud("visited", ("no box: the clearance grid puts the centre deeper in empty space than the radius; "
				.. "surface %.3g away"):format(q.distance))
		else
			g.hud("visited", ("%d boxes reached, %d dropped, %d triangles tested%s; surface %.3g away%s"):format(
				#q.reached, #q.dropped, #q.tested, q.met and (" (%d met)"):format(q.met) or "", q.distance,
				q.contact and (", depth %.3g"):format(q.contact.depth) or ""))
		end
	end

	local _, h = g.size()
	local x = 12
	x = x + g.text(x, h - 84, "depth", { 0.7, 0.75, 0.8 }) + 10
	for d = 0, deepest do
		x = x + g.text(x, h - 84, tostring(d), depth_color(d, deepest)) + 8
	end
	x = 12
	local legend = pair_mode and { { "b meets a", RED }, { "apart", BLUE }, { "a's boxes visited", WHITE },
		{ "b's boxes visited", VIOLET }, { "triangles tested", YELLOW }, { "b's vertex in a", RED }, { "a's vertex in b", MAGENTA } }
		or { { "meets the surface", RED }, { "wholly inside", ORANGE }, { "apart", GREEN }, { "boxes reached", WHITE },
		{ "dropped", RED }, { "triangles tested", YELLOW } }
	for _, entry in ipairs(legend) do
		x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
	end
	g.text(12, h - 44, "[ / ]: level  n: nested  o: level boxes  l: leaf size  p: sphere / pair  arrows, page up/down: move  "
		.. "+ / -: radius or size of b  q / e, z / x: turn b", { 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "s: mesh  b: mesh b  t: follow the path  a: visited  k: contacts  w: solid  drag: orbit  wheel: zoom",
		{ 0.7, 0.75, 0.8 })
end
