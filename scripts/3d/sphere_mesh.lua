-- A sphere against a mesh with the tetra-tree (source 000, 5.3, Alg. 5.4): when the centre is inside
-- the solid the ball collides at once (Prop. 5.24); otherwise the tree is descended through the cones
-- the ball can reach: a cone counts when the ball reaches its extended cone (its three side planes
-- pushed out by r, Def. 5.17), its enclosing tetrahedron pushed out by r, and its enclosing sphere.
-- Those are the cone's area of influence. In the leaves reached, each covering triangle is tested
-- exactly against the ball, until one meets it.
--
-- Drawn: the mesh; the ball, red when it meets the surface, orange when it lies wholly inside the
-- solid (the solid test says yes, the surface test no), green when apart. The areas of influence,
-- from the surface search's trace (tree:sphere_meets_surface_trace): the enclosing tetrahedra of the
-- deepest cones it reached (leaves, or cones none of whose children the ball reaches) in blue, the
-- triangles it tested in yellow and the one that met the ball in red (the search stops there, so a
-- ball that collides shows little; move it just clear of the surface to see the whole area). The
-- HUD counts the work of both tests and says whether mesh:intersects (every triangle, the
-- brute-force oracle) agrees. The contact when it collides (tree:sphere_contact): the surface point
-- nearest the centre (white), the normal that moves the ball out and, faint, the ball moved out by
-- the depth. The nearest surface point to the centre (cyan, tree:closest_point) and the signed
-- distance (negative inside). In ray mode (tree:ray_cast), a ray from the centre along a direction
-- you turn, its hit, and the hit triangle's normal there.
--
-- Keys: arrows / page up / page down move the ball (x, y / z); + / - radius; s next mesh; r ray
-- mode; j / l turn the ray left / right, i / k up / down; t follow a path around the mesh (a circle
-- grazing it, jittered, as the source's timing study moves its queries); c cache on / off; a areas
-- of influence; n nearest point; w the mesh solid or see-through. Left-drag orbits, right-drag pans,
-- the wheel zooms.
-- Headless arguments: mesh=NAME at=X,Y,Z r=R mode=sphere|ray dir=YAW,PITCH (degrees) path=on
-- cache=off show=solid,noinfluence,nonearest keys=K1,K2,...
local collide = require "collide"
local solids = require "solids"

local ARGS = solids.arguments(...)
-- Each mesh with a ball {x, y, z, r} that overlaps its surface somewhere telling, and a point the
-- ray aims at first (the torus's: across the hole, at the far side of the tube).
local MESHES = solids.classes("fine", "ball", {
	["bumpy sphere"] = { 0.85, 0.45, 0.35, 0.3 }, torus = { 1.0, 0.0, 0.47, 0.25 },
	box = { 0.95, 0.35, 0.2, 0.3 }, ["hollow ball"] = { 0.8, 0.45, 0.3, 0.3 },
	["two boxes"] = { 0.1, 0.0, 0.1, 0.55 },
})
local AIMS = { torus = { -1, 0, 0 } }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
local RED, ORANGE, GREEN = { 0.95, 0.35, 0.3 }, { 0.98, 0.65, 0.2 }, { 0.35, 0.85, 0.45 }
local YELLOW, BLUE, CYAN, GREY = { 1.0, 0.88, 0.25 }, { 0.45, 0.6, 0.98 }, { 0.3, 0.9, 0.95 }, { 0.6, 0.62, 0.66 }

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end
local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function rgba(c, a) return { c[1], c[2], c[3], a } end

-- ---- state ----

local mesh_index = solids.find(MESHES, ARGS.mesh) or 1
local mesh, tree, box, size, center, cache
local radius = 0.3
local ray_mode = ARGS.mode == "ray"
local yaw, pitch = 0, 0 -- the ray's direction, degrees: yaw about y from +x, pitch up from level
local on_path = ARGS.path == "on"
local use_cache = ARGS.cache ~= "off"
local show = { influence = true, nearest = true, solid = false }
local path_step = 0
local q = {}       -- what update computed for draw
local drawn = {}   -- meshes made for drawing, remade when what they show changes

local function rebuild(keep_ball)
	mesh = MESHES[mesh_index].make()
	tree = collide.tetratree(mesh, { depth = 5, min_tetrahedra = 4 })
	cache = tree:cache()
	box = { mesh:bounds() }
	size = math.max(box[4] - box[1], box[5] - box[2], box[6] - box[3])
	if not keep_ball then
		local b = MESHES[mesh_index].ball
		center, radius = { b[1], b[2], b[3] }, b[4]
		-- the ray aims at the mesh's middle (or the mesh's own aim)
		local aim = AIMS[MESHES[mesh_index].name] or { (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2 }
		local d = { aim[1] - center[1], aim[2] - center[2], aim[3] - center[3] }
		local n = math.sqrt(d[1] ^ 2 + d[2] ^ 2 + d[3] ^ 2)
		yaw, pitch = math.deg(math.atan(-d[3], d[1])) % 360, math.deg(math.asin(d[2] / n))
	end
	drawn = {}
end

-- ---- the path: a circle around the mesh's middle that grazes its sides, tilted, jittered ----

local PATH_STEPS = 720

-- A deterministic jitter in [-1, 1) for step k (the same path on every run).
local function jitter(k, salt)
	local x = math.sin(k * 12.9898 + salt * 78.233) * 43758.5453
	return 2 * (x - math.floor(x)) - 1
end

local function path_point(k)
	local mid = { (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2 }
	local a = 2 * math.pi * (k % PATH_STEPS) / PATH_STEPS
	local rx, ry = 0.55 * (box[4] - box[1]), 0.55 * (box[5] - box[2])
	local j = 0.01 * size
	return { mid[1] + rx * math.cos(a) + j * jitter(k, 1), mid[2] + ry * math.sin(a) + j * jitter(k, 2),
		mid[3] + 0.35 * (box[6] - box[3]) * math.sin(2 * a) + j * jitter(k, 3) }
end

function load()
	for word in solids.words(ARGS.show) do
		if word == "noinfluence" then show.influence = false
		elseif word == "nonearest" then show.nearest = false
		elseif show[word] ~= nil then show[word] = true end
	end
	rebuild()
	local x, y, z = solids.numbers(ARGS.at)
	if x then center = { x, y, z } end
	local r = tonumber(ARGS.r)
	if r and r >= 0 and r < math.huge then radius = r end
	local dy, dp = tostring(ARGS.dir or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	if tonumber(dy) and tonumber(dp) then yaw, pitch = tonumber(dy) % 360, clamp(tonumber(dp), -89, 89) end
	for key in solids.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

function keypressed(key)
	if solids.move_probe(key, center, 0.05) then
		return
	elseif PLUS[key] or MINUS[key] then
		radius = clamp(radius * (PLUS[key] and 1.15 or 1 / 1.15), 0.01, size)
	elseif key == "s" then
		mesh_index = mesh_index % #MESHES + 1
		rebuild()
	elseif key == "r" then
		ray_mode = not ray_mode
	elseif key == "j" or key == "l" then
		yaw = (yaw + (key == "l" and 10 or -10)) % 360
	elseif key == "i" or key == "k" then
		pitch = clamp(pitch + (key == "i" and 10 or -10), -80, 80)
	elseif key == "t" then
		on_path = not on_path
	elseif key == "c" then
		use_cache = not use_cache
		cache:reset()
	elseif key == "a" then
		show.influence = not show.influence
	elseif key == "n" then
		show.nearest = not show.nearest
	elseif key == "w" then
		show.solid = not show.solid
	end
end

-- ---- the queries ----

local function direction()
	local a, b = math.rad(yaw), math.rad(pitch)
	return { math.cos(b) * math.cos(a), math.sin(b), -math.cos(b) * math.sin(a) }
end

function update()
	if on_path then
		path_step = path_step + 1
		center = path_point(path_step)
	end
	local c = use_cache and cache or nil
	q.solid, q.solid_stats = tree:intersects_sphere_stats(center, radius, c)
	q.surface, q.trace, q.stats = tree:sphere_meets_surface_trace(center, radius, c)
	q.oracle = mesh:intersects(collide.sphere{ center = center, radius = radius })
	q.contact = tree:sphere_contact(center, radius)
	q.nearest, q.distance, q.nearest_triangle = tree:closest_point(center)
	q.signed = tree:signed_distance(center)
	-- the cones the surface search reached whose children it did not reach (the leaves among them),
	-- and the triangle that met the ball (the last one tested, when it met)
	q.frontier, q.leaves = solids.frontier(tree, q.trace.cones)
	q.met = q.surface and q.trace.tetrahedra[#q.trace.tetrahedra] or nil
	if ray_mode then
		q.dir = direction()
		q.hit, q.ray_stats = tree:ray_cast_stats(center, q.dir)
	else
		q.hit, q.ray_stats = nil, nil
	end
end

-- ---- drawing ----

-- A drawing mesh kept under name while key does not change.
local function kept(name, key, make) return solids.kept(drawn, name, key, make) end

local function tested_faces()
	local list = q.trace.tetrahedra
	return kept("tested", table.concat(list, ","), function() return solids.covering_triangles(tree, list, q.met) end)
end

local function met_face()
	return kept("met", tostring(q.met), function()
		if not q.met then return false end
		local t = tree:covering():tetrahedron(q.met)
		return solids.triangles_mesh{ { t.a, t.b, t.c } }
	end)
end

local function influence_faces()
	return kept("influence", table.concat(q.frontier, ","), function() return solids.cone_envelopes(tree, q.frontier) end)
end

local function vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end

function draw(g)
	solids.camera(g, box, 35, 25)
	local state_color = q.surface and RED or (q.solid and ORANGE or GREEN)
	-- lines and points first: the translucent faces drawn after them blend over them
	g.point3d(center, { fill = "black", size = 11 })
	g.point3d(center, { fill = state_color, size = 8 })
	if show.nearest then
		g.line3d(center, q.nearest, { line = rgba(CYAN, 0.8), width = 1.5 })
		g.point3d(q.nearest, { fill = CYAN, size = 9 })
	end
	local c = q.contact
	if c then
		local reach = math.max(c.depth, 0.15 * size)
		g.line3d(c.point, add(c.point, c.normal, reach), { line = "white", width = 2.5 })
		g.point3d(add(c.point, c.normal, reach), { fill = "white", size = 6 })
		g.point3d(c.point, { fill = "white", size = 10 })
	end
	if ray_mode then
		local d = q.dir
		if q.hit then
			g.line3d(center, q.hit.point, { line = YELLOW, width = 2.5 })
			g.point3d(q.hit.point, { fill = "black", size = 13 })
			g.point3d(q.hit.point, { fill = YELLOW, size = 10 })
			g.line3d(q.hit.point, add(q.hit.point, q.hit.normal, 0.2 * size), { line = rgba(YELLOW, 0.7), width = 1.5 })
		else
			g.line3d(center, add(center, d, 2 * size), { line = rgba(YELLOW, 0.5), width = 1.5 })
		end
	end
	-- faces, the most opaque first
	if show.influence then
		local met = met_face()
		if met then g.mesh(met, { fill = rgba(RED, 0.85), boundary = false }) end
		local tested = tested_faces()
		if tested then g.mesh(tested, { fill = rgba(YELLOW, 0.55), boundary = false }) end
	end
	g.sphere(center[1], center[2], center[3], radius, { fill = rgba(state_color, ray_mode and 0.15 or 0.35) })
	if c and not ray_mode then
		local out = add(center, c.normal, c.depth)
		g.sphere(out[1], out[2], out[3], radius, { fill = { 1, 1, 1, 0.1 } })
	end
	g.mesh(mesh, show.solid and { fill = { 0.72, 0.75, 0.8 } } or
		{ fill = { 0.72, 0.75, 0.8, 0.25 }, line = { 0.08, 0.09, 0.11, 0.25 }, wireframe = true, boundary = false })
	if show.influence then
		local influence = influence_faces()
		if influence then
			g.mesh(influence, { fill = rgba(BLUE, 0.08), line = rgba(BLUE, 0.35), wireframe = true, boundary = false })
		end
	end

	-- HUD
	local m = MESHES[mesh_index]
	g.hud("mesh", ("%s (%s), %d triangles"):format(m.name, m.about, mesh:triangle_count()))
	g.hud("ball", ("centre %s, radius %.3g%s"):format(vec_text(center), radius, on_path and "  (on the path)" or ""))
	g.hud("solid", ("%s  (mesh:intersects %s)"):format(q.solid and "COLLIDES" or "apart",
		q.oracle == q.solid and "agrees" or "DISAGREES"))
	g.hud("surface", q.surface and "the ball meets the surface" or
		(q.solid and "not met: the ball lies wholly inside" or "not met"))
	if c then
		g.hud("contact", ("point %s\nnormal %s, depth %.4g"):format(vec_text(c.point), vec_text(c.normal), c.depth))
	else
		g.hud("contact", "none")
	end
	g.hud("nearest point", ("%s on triangle %d\nsigned distance %.4g (%s)"):format(vec_text(q.nearest), q.nearest_triangle,
		q.signed, q.signed <= 0 and "the centre is inside" or "outside"))
	g.hud("areas of influence", ("%d cones reached (%d deepest drawn, %d leaves)\n%d triangles tested%s"):format(
		#q.trace.cones, #q.frontier, q.leaves, #q.trace.tetrahedra, q.met and (", triangle %d met the ball"):format(q.met) or ""))
	g.hud("solid query", ("%d cones, %d triangles, %d cache hits (cache %s)"):format(q.solid_stats.nodes_visited,
		q.solid_stats.primitives_tested, q.solid_stats.cache_hits, use_cache and "on" or "off"))
	if ray_mode then
		local d = q.dir
		g.hud("ray", ("along %s (yaw %.0f, pitch %.0f)\n%s"):format(vec_text(d), yaw, pitch, q.hit and
			("hits triangle %d at distance %.4g, %s\n%d cones, %d triangles tested"):format(q.hit.triangle, q.hit.distance,
				vec_text(q.hit.point), q.ray_stats.nodes_visited, q.ray_stats.primitives_tested) or
			("misses the mesh (%d cones, %d triangles tested)"):format(q.ray_stats.nodes_visited, q.ray_stats.primitives_tested)))
	end
	local _, h = g.size()
	local x = 12
	for _, entry in ipairs{ { "meets the surface", RED }, { "wholly inside", ORANGE }, { "apart", GREEN },
		{ "cones reached", BLUE }, { "triangles tested", YELLOW }, { "nearest point", CYAN } } do
		x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
	end
	g.text(12, h - 44, "arrows, page up/down: move the ball  + / -: radius  s: mesh  r: ray mode  j / l, i / k: turn the ray",
		{ 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "t: follow the path  c: cache  a: areas of influence  n: nearest point  w: solid  drag: orbit  wheel: zoom",
		{ 0.7, 0.75, 0.8 })
end
