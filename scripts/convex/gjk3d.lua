-- GJK in 3D, then EPA, step by step (source 004; collide.gjk, collide.penetration; gjk.h, epa.h).
-- GJK walks a simplex of points of the Minkowski difference K = A - B (a point, segment, triangle or
-- tetrahedron) towards the origin: v is the simplex's point nearest the origin, w = s_A(-v) - s_B(v)
-- K's support point along the search direction -v, g = |v|^2 - v.w bounds the error, and Johnson's
-- sub-algorithm keeps the subset of the simplex and w nearest the origin. When the shapes overlap the
-- origin ends up inside a tetrahedron of K; EPA then grows that tetrahedron into a polytope inside K:
-- each step takes the face nearest the origin, asks K for its support point along the face's normal
-- and, when that point reaches farther than the face, splits the polytope there. It stops when the
-- nearest face is (to 1e-12) on K's boundary: its distance is the depth, its normal the way B moves out.
-- Rounded shapes are cores swept by balls: K is drawn for the cores and the radii are added at the end.
--
-- Drawn, left: A (blue) and B (orange), the supports s_A(-v) and s_B(v) of the current GJK step with
-- the directions they answer, and the answer: the witness segment between the nearest points (white),
-- or on overlap EPA's contact points and normal (red). Right, around its own origin (the white axes):
-- K (green, translucent) as the hull of its support points; during GJK the simplex the step starts
-- from (violet), w (yellow), the search direction -v (yellow arrow), v (cyan arrow), the subset Johnson
-- kept (cyan edges); during EPA the polytope of the step (violet), its face nearest the origin (red)
-- with its normal scaled to its distance (red arrow), and the support point along it (yellow).
--
-- Keys: space / n next step (GJK's, then EPA's when the shapes overlap), b back, x last, r first;
-- arrows / page up / page down move B (x, y / z); q / e turn B about y, z / c about x; s next shape for
-- A, o next shape for B; t B follows a path through A; k K on / off. Left-drag orbits, right-drag pans,
-- the wheel zooms.
-- Headless arguments: a=NAME b=NAME at=X,Y,Z (B's centre) turn=YAW,PITCH (B's, degrees) phase=gjk|epa
-- step=K (within the phase; past the end shows the last) path=on keys=K1,K2,...
-- Shapes: box, polytope, octahedron, cylinder, cone, sphere, capsule.
local collide = require "collide"
local cd = require "convex_draw"

local ARGS = cd.arguments(...)

-- A seeded polytope: the hull of 14 points near an ellipsoid.
local function random_polytope()
	local seed, pts = 7, {}
	local function random()
		seed = (seed * 1103515245 + 12345) % 2147483648
		return seed / 2147483648
	end
	for i = 1, 14 do
		local z, t = 2 * random() - 1, 2 * math.pi * random()
		local r = math.sqrt(1 - z * z)
		pts[i] = { 0.75 * r * math.cos(t), 0.55 * r * math.sin(t), 0.5 * z }
	end
	return collide.convex(pts)
end

local SHAPES = {
	{ name = "box", make = function() return collide.box{ 0.7, 0.5, 0.4 } end },
	{ name = "polytope", make = random_polytope },
	{ name = "octahedron", make = function()
		return collide.convex{ { 0.7, 0, 0 }, { -0.7, 0, 0 }, { 0, 0.7, 0 }, { 0, -0.7, 0 }, { 0, 0, 0.7 }, { 0, 0, -0.7 } }
	end },
	{ name = "cylinder", make = function() return collide.cylinder(0.45, 0.6) end },
	{ name = "cone", make = function() return collide.cone(0.55, 0.6) end },
	{ name = "sphere", make = function() return collide.point3{ 0, 0, 0 }:rounded(0.55) end },
	{ name = "capsule", make = function() return collide.capsule({ 0, 0, -0.45 }, { 0, 0, 0.45 }, 0.3) end },
}

-- K is drawn with its centre (A's centre minus B's) at K_CENTER, so its origin is drawn at
-- K_CENTER - (A's centre - B's centre): it moves as B moves, and K stays in view.
local K_CENTER = { 2.1, 0, 0 }
local K_ORIGIN = { 2.5, 0, 0 }
local WHITE, BLUE, ORANGE = { 1, 1, 1 }, { 0.45, 0.62, 0.98 }, { 0.98, 0.62, 0.25 }
local YELLOW, CYAN, VIOLET = { 1.0, 0.9, 0.3 }, { 0.35, 0.9, 0.95 }, { 0.75, 0.55, 1.0 }
local RED, GREEN, GREY = { 1.0, 0.35, 0.3 }, { 0.4, 0.9, 0.5 }, { 0.6, 0.62, 0.68 }
local DIRECTIONS = cd.directions(400)

local function rgba(c, a) return { c[1], c[2], c[3], a } end
local function vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end
local function in_k(p) return cd.add(K_ORIGIN, p) end

-- ---- state ----

local a_index = cd.find(SHAPES, ARGS.a) or 1
local b_index = cd.find(SHAPES, ARGS.b) or 2
local position_a = { -1.6, 0, 0 }
local position, yaw, pitch = { 0, 0.3, -0.45 }, 60, 20
local phase, step = "gjk", 3
local on_path, path_step = ARGS.path == "on", 0
local show_k = true
local A, B
local q = {}     -- what update computed for draw
local drawn = {} -- meshes made for drawing, remade when what they show changes

local function kept(name, key, make) return cd.kept(drawn, name, key, make) end

local function pose_key()
	return table.concat({ a_index, b_index, position[1], position[2], position[3], yaw, pitch }, ",")
end

-- ---- the queries ----

local function clamp_step()
	local n = phase == "epa" and #q.epa or #q.gjk
	if n == 0 then
		phase, n = "gjk", #q.gjk
	end
	step = math.max(1, math.min(step, n))
end

local function run()
	A = SHAPES[a_index].make():moved_to{ position = position_a }
	B = SHAPES[b_index].make():moved_to{ position = position, rotation = cd.rotation(yaw, pitch) }
	K_ORIGIN = cd.sub(K_CENTER, cd.sub(position_a, position))
	q.distance, q.point_a, q.point_b, q.info = collide.gjk(A, B, { trace = true })
	q.gjk = q.info.trace
	q.epa = {}
	q.depth = nil
	if q.info.overlap then
		local info
		q.depth, q.normal, q.pen_a, q.pen_b, info = collide.penetration(A, B, { trace = true })
		q.epa = info.trace or {}
		q.epa_status = info.status
	end
	clamp_step()
end

function load()
	local at = cd.numbers(ARGS.at)
	if at and #at >= 3 then position = { at[1], at[2], at[3] } end
	local turn = cd.numbers(ARGS.turn)
	if turn and #turn >= 2 then yaw, pitch = turn[1], turn[2] end
	if ARGS.phase == "epa" then phase = "epa" end
	step = math.max(1, math.floor(tonumber(ARGS.step) or 3))
	run()
	for key in cd.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

local MOVES = { left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 } }

function keypressed(key)
	if key == "space" or key == "n" then
		if phase == "gjk" and step >= #q.gjk and #q.epa > 0 then
			phase, step = "epa", 1
		else
			step = step + 1
		end
	elseif key == "b" or key == "backspace" then
		if phase == "epa" and step <= 1 then
			phase, step = "gjk", #q.gjk
		else
			step = step - 1
		end
	elseif key == "x" then
		if #q.epa > 0 then phase, step = "epa", #q.epa else step = #q.gjk end
	elseif key == "r" then
		phase, step = "gjk", 1
	elseif MOVES[key] then
		local m = MOVES[key]
		position[m[1]] = math.max(-4, math.min(2, position[m[1]] + m[2] * 0.1))
		run()
	elseif key == "q" or key == "e" then
		yaw = yaw + (key == "e" and 10 or -10)
		run()
	elseif key == "z" or key == "c" then
		pitch = pitch + (key == "c" and 10 or -10)
		run()
	elseif key == "s" then
		a_index = a_index % #SHAPES + 1
		run()
	elseif key == "o" then
		b_index = b_index % #SHAPES + 1
		run()
	elseif key == "t" then
		on_path = not on_path
	elseif key == "k" then
		show_k = not show_k
	end
	clamp_step()
end

function update()
	if on_path then
		-- through A and out again, turning
		path_step = path_step + 1
		local a = 2 * math.pi * (path_step % 600) / 600
		position = { position_a[1] + 1.5 * math.cos(a), 0.35 * math.sin(2 * a), 0.5 * math.sin(a) }
		yaw = yaw + 0.4
		run()
	end
end

-- ---- drawing ----

-- A shape as a mesh: a polytope by its faces, anything else as the hull of its support points.
local function shape_mesh(name, shape)
	return kept(name, pose_key(), function()
		if shape:kind() == "convex" then return cd.polytope_mesh(shape) end
		return (cd.hull_mesh(cd.shape_points(shape, DIRECTIONS, false)))
	end)
end

-- K of the cores: the hull of its support points (and of the vertex differences of two polytopes);
-- its points when they span no solid (two balls: K of their centres is a point).
local function k_drawing()
	return kept("K", pose_key(), function()
		local points = {}
		for i, d in ipairs(DIRECTIONS) do
			points[i] = cd.sub(cd.core_support(A, d), cd.core_support(B, cd.scale(d, -1)))
		end
		if A:kind() == "convex" and B:kind() == "convex" then
			for _, a in ipairs(A:vertices()) do
				for _, b in ipairs(B:vertices()) do points[#points + 1] = cd.sub(a, b) end
			end
		end
		local moved = {}
		for i, p in ipairs(points) do moved[i] = in_k(p) end
		local mesh = cd.hull_mesh(moved)
		return { mesh = mesh or false, points = moved }
	end)
end

local function draw_shape(g, name, shape, color)
	if shape:kind() == "sphere" then
		g.sphere(shape.x, shape.y, shape.z, shape.r, { fill = rgba(color, 0.45) })
		return
	end
	local mesh = shape_mesh(name, shape)
	if mesh then g.mesh(mesh, { fill = rgba(color, 0.45), line = rgba(color, 0.6), wireframe = shape:kind() == "convex" or shape:kind() == "box", boundary = false }) end
end

local function axes(g, o, size)
	g.line3d(cd.add(o, { -size, 0, 0 }), cd.add(o, { size, 0, 0 }), { line = rgba(WHITE, 0.8), width = 1.5 })
	g.line3d(cd.add(o, { 0, -size, 0 }), cd.add(o, { 0, size, 0 }), { line = rgba(WHITE, 0.8), width = 1.5 })
	g.line3d(cd.add(o, { 0, 0, -size }), cd.add(o, { 0, 0, size }), { line = rgba(WHITE, 0.8), width = 1.5 })
	g.point3d(o, { fill = WHITE, size = 7 })
end

local function same(p, r) return p[1] == r[1] and p[2] == r[2] and p[3] == r[3] end

-- The simplex's points, every edge between them, and its faces (a triangle, or a tetrahedron's four).
local function draw_simplex(g, points, color, width, faces)
	for i = 1, #points do
		for j = i + 1, #points do g.line3d(points[i], points[j], { line = color, width = width }) end
	end
	if faces and #points == 3 then
		local m = kept("simplex3", table.concat({ pose_key(), phase, step }, ","), function()
			return collide.mesh{ vertices = points, triangles = { { 1, 2, 3 }, { 1, 3, 2 } } }
		end)
		g.mesh(m, { fill = rgba(color, 0.25), boundary = false })
	end
end

local function draw_gjk_step(g, s)
	local v, w = s.v, s.w
	-- the simplex the step starts from: the candidates without w (v alone at the stop)
	local before = {}
	for _, c in ipairs(s.candidates) do
		if not same(c.w, w) or #s.candidates == 1 then before[#before + 1] = in_k(c.w) end
	end
	if #s.candidates == 0 then before = { in_k(v) } end
	draw_simplex(g, before, VIOLET, 2.5, true)
	for _, p in ipairs(before) do g.point3d(p, { fill = VIOLET, size = 10 }) end
	-- the subset Johnson kept (w among it, with exact arithmetic)
	local kept_points = {}
	for _, i in ipairs(s.kept) do kept_points[#kept_points + 1] = in_k(s.candidates[i].w) end
	draw_simplex(g, kept_points, CYAN, 4, false)
	-- v, -v and w
	local n = cd.length(v)
	cd.arrow3d(g, K_ORIGIN, in_k(v), { line = CYAN, width = 3 })
	if n > 0 then
		cd.arrow3d(g, K_ORIGIN, in_k(cd.scale(v, -0.7 / n)), { line = YELLOW, width = 3 })
	end
	g.point3d(in_k(w), { fill = YELLOW, size = 13 })
	if s.next_v then g.point3d(in_k(s.next_v), { fill = CYAN, size = 9 }) end
	-- left: the supports that made w, each with the direction it answers
	g.point3d(s.support_a, { fill = BLUE, size = 12 })
	g.point3d(s.support_b, { fill = ORANGE, size = 12 })
	if n > 0 then
		cd.arrow3d(g, s.support_a, cd.add(s.support_a, v, -0.5 / n), { line = BLUE, width = 2.5 })
		cd.arrow3d(g, s.support_b, cd.add(s.support_b, v, 0.5 / n), { line = ORANGE, width = 2.5 })
	end
end

local function draw_epa_step(g, s)
	local faces = {}
	for i, t in ipairs(s.faces) do faces[i] = { in_k(t[1]), in_k(t[2]), in_k(t[3]) } end
	local polytope = kept("epa", table.concat({ pose_key(), step }, ","), function()
		local vertices, triangles = {}, {}
		for _, t in ipairs(faces) do
			local n = #vertices
			vertices[n + 1], vertices[n + 2], vertices[n + 3] = t[1], t[2], t[3]
			triangles[#triangles + 1] = { n + 1, n + 2, n + 3 }
		end
		if #triangles == 0 then return false end
		return collide.mesh{ vertices = vertices, triangles = triangles }
	end)
	local t = s.nearest
	local near = { in_k(t[1]), in_k(t[2]), in_k(t[3]) }
	for k = 1, 3 do g.line3d(near[k], near[k % 3 + 1], { line = RED, width = 4 }) end
	local face = kept("nearest", table.concat({ pose_key(), step }, ","), function()
		return collide.mesh{ vertices = near, triangles = { { 1, 2, 3 }, { 1, 3, 2 } } }
	end)
	g.mesh(face, { fill = rgba(RED, 0.45), boundary = false })
	cd.arrow3d(g, K_ORIGIN, in_k(cd.scale(s.normal, s.distance)), { line = RED, width = 4, size = 10 })
	g.point3d(in_k(s.support), { fill = YELLOW, size = 13 })
	g.line3d(in_k(cd.scale(s.normal, s.distance)), in_k(s.support), { line = rgba(YELLOW, 0.7), width = 1.5 })
	-- the polytope last: its translucent faces would hide what lies inside it
	if polytope then
		g.mesh(polytope, { fill = rgba(VIOLET, 0.22), line = rgba(VIOLET, 0.95), wireframe = true, boundary = false })
	end
end

function draw(g)
	-- both panels, seen a little from above, moved down and right to leave room for the HUD
	g.camera3d { target = { 0.85, 0.45, 0 }, distance = 6.2, yaw = 10, pitch = 22 }
	-- Translucent surfaces go last (A, B, K), so that the steps' lines and points inside them are drawn
	-- first and show through.
	axes(g, K_ORIGIN, 0.35)
	local s = phase == "epa" and q.epa[step] or q.gjk[step]
	if s and phase == "epa" then
		draw_epa_step(g, s)
	elseif s then
		draw_gjk_step(g, s)
	end

	-- the answer
	if q.info.overlap then
		if q.pen_a then
			g.line3d(q.pen_a, q.pen_b, { line = RED, width = 3 })
			cd.arrow3d(g, q.pen_b, cd.add(q.pen_b, q.normal, 0.5), { line = RED, width = 2.5 })
			g.point3d(q.pen_a, { fill = BLUE, size = 8 })
		end
	else
		local last = phase == "gjk" and step == #q.gjk
		g.line3d(q.point_a, q.point_b, { line = last and WHITE or rgba(WHITE, 0.5), width = last and 3.5 or 2 })
		g.point3d(q.point_a, { fill = WHITE, size = 8 })
		g.point3d(q.point_b, { fill = WHITE, size = 8 })
	end

	local k = k_drawing()
	if show_k then
		if k.mesh then
			g.mesh(k.mesh, { fill = rgba(GREEN, 0.14), line = rgba(GREEN, 0.18), wireframe = true, boundary = false })
		else
			for _, p in ipairs(k.points) do g.point3d(p, { fill = GREEN, size = 4 }) end
		end
	end
	draw_shape(g, "A", A, BLUE)
	draw_shape(g, "B", B, ORANGE)

	-- HUD
	g.hud("shapes", ("A %s at %s; B %s at %s, turned %.0f / %.0f%s"):format(SHAPES[a_index].name, vec_text(position_a),
		SHAPES[b_index].name, vec_text(position), yaw % 360, pitch % 360, on_path and " (on the path)" or ""))
	if q.info.overlap then
		g.hud("answer", ("OVERLAP (GJK: %d iterations); EPA depth %.6g along %s, %d steps, %s"):format(q.info.iterations,
			q.depth, q.normal and vec_text(q.normal) or "-", #q.epa, q.epa_status or "-"))
	else
		g.hud("answer", ("distance %.6g after %d iterations%s"):format(q.distance, q.info.iterations,
			A:rounding() + B:rounding() > 0 and (" (cores %.6g, radii %.3g)"):format(q.info.core_distance,
				A:rounding() + B:rounding()) or ""))
	end
	if s and phase == "gjk" then
		g.hud("GJK step", ("%d of %d%s"):format(step, #q.gjk, s.stop and ": g is small enough, stop" or
			(step == #q.gjk and q.info.overlap and ": the origin is inside the simplex" or "")))
		g.hud("simplex", ("%d point(s) and w; Johnson keeps {%s}"):format(math.max(#s.candidates - 1, 1),
			table.concat(s.kept, ",")))
		g.hud("v", ("%s, |v| = %.5g"):format(vec_text(s.v), math.sqrt(s.vv)))
		g.hud("w", ("s_A(-v) - s_B(v) = %s"):format(vec_text(s.w)))
		g.hud("g", ("|v|^2 - v.w = %.4g;  %.5g <= distance <= %.5g"):format(s.g, s.lower, s.upper))
	elseif s then
		g.hud("EPA step", ("%d of %d: %d faces"):format(step, #q.epa, #s.faces))
		g.hud("nearest face", ("distance %.6g along %s"):format(s.distance, vec_text(s.normal)))
		g.hud("support", ("%s reaches %.6g: %s"):format(vec_text(s.support), s.reach,
			s.reach - s.distance <= 1e-12 * math.max(1, s.distance) and "no farther, stop" or
			("%.3g beyond the face: split there"):format(s.reach - s.distance)))
	end

	local _, h = g.size()
	local x = 12
	local legend = phase == "epa" and { { "A", BLUE }, { "B", ORANGE }, { "K", GREEN }, { "polytope", VIOLET },
		{ "nearest face and normal", RED }, { "support", YELLOW } }
		or { { "A", BLUE }, { "B", ORANGE }, { "K", GREEN }, { "simplex", VIOLET }, { "kept", CYAN }, { "v", CYAN },
		{ "w and -v", YELLOW }, { "witnesses", WHITE } }
	for _, entry in ipairs(legend) do
		x = x + g.text(x, h - 44, entry[1], entry[2]) + 14
	end
	g.text(12, h - 24, "space/n: step  b: back  x: last  r: first  arrows, page up/down: move B  q/e, z/c: turn B  "
		.. "s/o: shape A/B  t: path  k: K  drag: orbit", { 0.7, 0.75, 0.8 })
end
