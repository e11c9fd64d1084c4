-- Two meshes with tetra-trees (source 000, 5.5): does the moving one (b) meet the fixed one (a),
-- and where? DC-TT (Alg. 5.10) descends both trees together, keeping a pair of cones while their
-- enclosing spheres and tetrahedra may meet, and tests the triangles of the leaf pairs it reaches;
-- DC-List (Alg. 5.11) takes b as its bounding sphere against a's leaves, which pays when b is much
-- smaller; the flat DC tests every triangle pair. All three then test one vertex of each inside
-- the other, which the source leaves out: a body wholly inside the other collides.
--
-- Drawn: a (grey) and b (blue) see-through, b red when they meet. The cones of a the query
-- reached (their enclosing tetrahedra, faint blue) and the triangles of a it tested (yellow).
-- The contacts (tree:contacts): where the surfaces cross (yellow points), the vertices of b inside
-- a (red) and of a inside b (magenta), each with the way b must move to bring it out, as long as
-- its depth; the deepest in white. The HUD compares the three methods' work and checks the answer
-- against mesh:intersects (every triangle pair, the brute-force oracle).
--
-- Keys: arrows / page up / page down move b (x, y / z); q / e turn it about y, z / x about x;
-- m next method; s next mesh for a, b next mesh for b; + / - size of b (ratios 1:1 to 1:32, as the
-- source's study; b's tree is rebuilt); t follow a path around a; k contacts on / off; a reached
-- cones and tested triangles; w solid meshes. Left-drag orbits, right-drag pans, the wheel zooms.
-- Headless arguments: mesh=NAME other=NAME at=X,Y,Z turn=YAW,PITCH (degrees) size=S (1, 1/2, ...:
-- 0..5 halvings) method=tetratree|cone_list|covering path=on show=solid,nocontacts,noreached
-- keys=K1,K2,...
local collide = require "collide"
local solids = require "solids"

local ARGS = solids.arguments(...)
-- For each mesh of a, where b starts: overlapping it somewhere telling.
local MESHES = solids.classes("fine", "start", {
	["bumpy sphere"] = { 0.9, 0.5, 0.3 }, torus = { 1.2, 0.0, 0.3 }, box = { 0.95, 0.6, 0.3 },
	["hollow ball"] = { 0.2, 0.1, 0.0 }, ["two boxes"] = { 0.0, 0.0, 0.3 },
})
local OTHERS = {
	{ name = "torus", make = function() return collide.mesh.torus(0.45, 0.14, 24, 10) end },
	{ name = "box", make = function() return collide.mesh.box(0.3, 0.2, 0.15) end },
	{ name = "icosphere", make = function() return collide.mesh.icosphere(2, 0.35) end },
	{ name = "bumpy sphere", make = function() return collide.mesh.bumpy_sphere(2) end, scale = 0.35 },
}
local METHODS = { "tetratree", "cone_list", "covering" }
local METHOD_NAMES = { tetratree = "DC-TT (Alg. 5.10)", cone_list = "DC-List (Alg. 5.11)", covering = "DC, every triangle pair" }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
local RED, YELLOW, BLUE, MAGENTA = { 0.95, 0.35, 0.3 }, { 1.0, 0.88, 0.25 }, { 0.45, 0.6, 0.98 }, { 0.9, 0.4, 0.95 }
local GREY = { 0.72, 0.75, 0.8 }

local function rgba(c, a) return { c[1], c[2], c[3], a } end
local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end

-- The quaternion {x, y, z, w} of yaw about y then pitch about x (degrees), and a vector turned by it.
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

-- ---- state ----

local mesh_index = solids.find(MESHES, ARGS.mesh) or 1
local other_index = solids.find(OTHERS, ARGS.other) or 1
local method_index = 1
for i, m in ipairs(METHODS) do if m == ARGS.method then method_index = i end end
local halvings = math.max(0, math.min(5, math.floor(tonumber(ARGS.size) or 0)))
local mesh, tree, other, other_tree, box, size
local position, yaw, pitch = { 0, 0, 0 }, 20, 10
local on_path = ARGS.path == "on"
local show = { contacts = true, reached = true, solid = false }
local path_step = 0
local q = {}
local drawn = {}

-- b's mesh at the chosen size (its own frame: the generator's, scaled about its origin).
local function make_other()
	local o = OTHERS[other_index]
	local m = o.make()
	local s = (o.scale or 1) / 2 ^ halvings
	if s == 1 then return m end
	local vertices = m:vertices()
	for _, v in ipairs(vertices) do v[1], v[2], v[3] = s * v[1], s * v[2], s * v[3] end
	return collide.mesh{ vertices = vertices, triangles = m:triangles() }
end

local function rebuild_other()
	other = make_other()
	other_tree = collide.tetratree(other, { depth = 5, min_tetrahedra = 4 })
	drawn = {}
end

local function rebuild(keep_pose)
	mesh = MESHES[mesh_index].make()
	tree = collide.tetratree(mesh, { depth = 5, min_tetrahedra = 4 })
	box = { mesh:bounds() }
	size = math.max(box[4] - box[1], box[5] - box[2], box[6] - box[3])
	if not keep_pose then
		local s = MESHES[mesh_index].start
		position = { s[1], s[2], s[3] }
	end
	drawn = {}
end

local PATH_STEPS = 720

local function path_point(k)
	local mid = { (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2 }
	local a = 2 * math.pi * (k % PATH_STEPS) / PATH_STEPS
	return { mid[1] + 0.6 * (box[4] - box[1]) * math.cos(a), mid[2] + 0.6 * (box[5] - box[2]) * math.sin(a),
		mid[3] + 0.3 * (box[6] - box[3]) * math.sin(3 * a) }
end

function load()
	for word in solids.words(ARGS.show) do
		if word == "nocontacts" then show.contacts = false
		elseif word == "noreached" then show.reached = false
		elseif show[word] ~= nil then show[word] = true end
	end
	rebuild()
	rebuild_other()
	local x, y, z = solids.numbers(ARGS.at)
	if x then position = { x, y, z } end
	local ty, tp = tostring(ARGS.turn or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	if tonumber(ty) and tonumber(tp) then yaw, pitch = tonumber(ty), tonumber(tp) end
	for key in solids.words(ARGS.keys) do keypressed(key) end
end

function keypressed(key)
	if solids.move_probe(key, position, 0.05) then
		return
	elseif key == "q" or key == "e" then
		yaw = yaw + (key == "e" and 10 or -10)
	elseif key == "z" or key == "x" then
		pitch = pitch + (key == "x" and 10 or -10)
	elseif key == "m" then
		method_index = method_index % #METHODS + 1
	elseif key == "s" then
		mesh_index = mesh_index % #MESHES + 1
		rebuild()
	elseif key == "b" then
		other_index = other_index % #OTHERS + 1
		rebuild_other()
	elseif PLUS[key] or MINUS[key] then
		halvings = math.max(0, math.min(5, halvings + (MINUS[key] and 1 or -1)))
		rebuild_other()
	elseif key == "t" then
		on_path = not on_path
	elseif key == "k" then
		show.contacts = not show.contacts
	elseif key == "a" then
		show.reached = not show.reached
	elseif key == "w" then
		show.solid = not show.solid
	end
end

-- ---- the queries ----

function update()
	if on_path then
		path_step = path_step + 1
		position = path_point(path_step)
		yaw = yaw + 0.5
	end
	local pose = { position = position, rotation = rotation(yaw, pitch) }
	q.pose = pose
	q.method = METHODS[method_index]
	q.hit, q.trace, q.stats = tree:intersects_trace(other_tree, pose, q.method)
	q.work = {}
	for _, m in ipairs(METHODS) do
		local _, stats = tree:intersects_stats(other_tree, pose, m)
		q.work[m] = stats
	end
	q.oracle = mesh:intersects(other, pose)
	if show.contacts then
		q.contacts, q.summary = tree:contacts(other_tree, pose, 512)
	else
		q.contacts, q.summary = {}, nil
	end
	q.frontier = solids.frontier(tree, q.trace.cones)
end

-- ---- drawing ----

local function kept(name, key, make) return solids.kept(drawn, name, key, make) end

-- b where the pose puts it, remade when the pose changes.
local function moved_other()
	local r, p = q.pose.rotation, q.pose.position
	return kept("other", table.concat({ p[1], p[2], p[3], r[1], r[2], r[3], r[4] }, ","), function()
		local vertices = other:vertices()
		for i, v in ipairs(vertices) do vertices[i] = add(turn(r, v), p, 1) end
		return collide.mesh{ vertices = vertices, triangles = other:triangles() }
	end)
end

local function reached_cones()
	return kept("reached", table.concat(q.frontier, ","), function() return solids.cone_envelopes(tree, q.frontier) end)
end

local function tested_faces()
	local list = q.trace.tetrahedra
	return kept("tested", table.concat(list, ","), function() return solids.covering_triangles(tree, list) end)
end

function draw(g)
	solids.camera(g, box, 35, 25)
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
	if show.reached then
		local tested = tested_faces()
		if tested then g.mesh(tested, { fill = rgba(YELLOW, 0.5), boundary = false }) end
	end
	local b_color = q.hit and RED or BLUE
	g.mesh(moved_other(), show.solid and { fill = b_color } or
		{ fill = rgba(b_color, 0.3), line = rgba(b_color, 0.5), wireframe = true, boundary = false })
	g.mesh(mesh, show.solid and { fill = GREY } or
		{ fill = rgba(GREY, 0.25), line = { 0.08, 0.09, 0.11, 0.25 }, wireframe = true, boundary = false })
	if show.reached then
		local cones = reached_cones()
		if cones then g.mesh(cones, { fill = rgba(BLUE, 0.06), line = rgba(BLUE, 0.3), wireframe = true, boundary = false }) end
	end

	g.hud("a", ("%s (%s), %d triangles"):format(MESHES[mesh_index].name, MESHES[mesh_index].about, mesh:triangle_count()))
	g.hud("b", ("%s, %d triangles, size 1:%d, at %s, turned %.0f / %.0f%s"):format(OTHERS[other_index].name,
		other:triangle_count(), 2 ^ halvings, vec_text(position), yaw % 360, pitch % 360, on_path and " (on the path)" or ""))
	g.hud("answer", ("%s by %s  (mesh:intersects %s)"):format(q.hit and "COLLIDE" or "apart", METHOD_NAMES[q.method],
		q.hit == q.oracle and "agrees" or "DISAGREES"))
	local lines = {}
	for _, m in ipairs(METHODS) do
		local s = q.work[m]
		lines[#lines + 1] = ("%-10s %5d cone pairs, %6d triangle tests"):format(m, s.nodes_visited, s.primitives_tested)
	end
	g.hud("work", table.concat(lines, "\n"))
	if show.contacts and q.summary then
		local s, d = q.summary, q.summary.deepest
		g.hud("contacts", ("%d: %d crossings, %d inner vertices%s"):format(s.count, s.crossings, s.count - s.crossings,
			d and ("\ndeepest %.4g at %s, b moves along %s"):format(d.depth, vec_text(d.point), vec_text(d.normal)) or ""))
	end
	g.hud("reached", ("%d cones of a, %d triangles of a tested"):format(#q.trace.cones, #q.trace.tetrahedra))
	local _, h = g.size()
	local x = 12
	for _, entry in ipairs{ { "b meets a", RED }, { "apart", BLUE }, { "crossing", YELLOW }, { "b's vertex in a", RED },
		{ "a's vertex in b", MAGENTA }, { "deepest", { 1, 1, 1 } } } do
		x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
	end
	g.text(12, h - 44, "arrows, page up/down: move b  q / e, z / x: turn b  m: method  s: mesh a  b: mesh b  + / -: size of b",
		{ 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "t: follow the path  k: contacts  a: reached cones  w: solid  drag: orbit  wheel: zoom", { 0.7, 0.75, 0.8 })
end
