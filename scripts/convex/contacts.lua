-- Contact manifolds, ray casts and shape casts (collide.contact, collide.raycast, collide.shapecast;
-- contact.h). A physics step asks three things of two convex shapes: where they touch and how deep
-- (the manifold: one normal from A towards B and up to 4 points, 2 in 2D, each pairing a point of A
-- with a point of B, depth = (point_a - point_b) . normal), where a ray first meets a shape, and when
-- a shape moving along a straight line first touches another (the time of impact). Spheres, capsules
-- and boxes with each other (and 2D circles, capsules and polygons) have closed forms; every other
-- pair goes through GJK (apart) or EPA (overlapping) for the normal and then clips the two features
-- that face each other along it ("gjk+clipping", "epa+clipping"). A speculative margin gives shapes
-- that are apart by less than it points with negative depths (the gap).
--
-- Drawn, contact mode: A (blue) and B (orange); each point of the manifold as its point_a (light
-- blue dot) and point_b (light orange dot) joined by a red segment (overlap) or a yellow one (a gap
-- within the margin), the midpoint (white; yellow for a gap; the deepest first and largest; numbered
-- in 2D), the outline of the points (white) and the normal as a green arrow from their centre. Ray
-- mode: the ray from its origin (white dot) to the first hit (yellow), on past it (faint), the hit
-- point (red) with the surface normal there (green arrow), and where it would meet the other shape
-- (dim dot). Cast mode: B where it starts (orange), the motion (white arrow) and B at its end (faint
-- outline), the volume B sweeps (faint), B at the time of impact (yellow), the point where it touches
-- A there (red) and the normal (green arrow). The HUD has the method, the depths, t and the normals.
--
-- Keys: d 3D / 2D; r ray mode, m cast mode (the same key again: back to contacts); arrows / page up /
-- page down move B (x, y / z; in cast mode B's start); q / e turn B about y (2D: in the plane), z / c
-- about x; s next shape for A, o next shape for B; + / - the speculative margin (0.05 steps); g the
-- general path (GJK/EPA and clipping) whatever the pair, to compare with the closed forms; [ / ] turn
-- the ray or the motion about the vertical (2D: in the plane), , / . tilt it up / down; t animate
-- (contacts: B along a path through A; rays and casts: the ray or the motion swings). 3D: left-drag
-- orbits, right-drag pans, the wheel zooms. 2D: left-drag moves A, B, the ray's origin, the ray's
-- handle (its direction) or the motion's head, whichever is nearest the mouse; right-drag pans.
-- Headless arguments: dim=2|3 mode=contact|ray|cast a=NAME b=NAME at=X,Y[,Z] (B's centre; in cast
-- mode B's start) turn=YAW,PITCH (3D, degrees) angle=DEGREES (2D) margin=M general=on from=X,Y[,Z]
-- dir=X,Y[,Z] (the ray) motion=X,Y[,Z] (the cast) path=on keys=K1,K2,...
-- Shapes, 3D: sphere, capsule, box, cylinder, cone, polytope; 2D: circle, capsule, box, triangle,
-- hexagon, rounded box.
local collide = require "collide"
local cd = require "convex_draw"

local ARGS = cd.arguments(...)

-- A seeded polytope: the hull of 14 points near an ellipsoid, scaled by s.
local function random_polytope(s)
	local seed, pts = 7, {}
	local function random()
		seed = (seed * 1103515245 + 12345) % 2147483648
		return seed / 2147483648
	end
	for i = 1, 14 do
		local z, t = 2 * random() - 1, 2 * math.pi * random()
		local r = math.sqrt(1 - z * z)
		pts[i] = { 0.7 * s * r * math.cos(t), 0.45 * s * r * math.sin(t), 0.5 * s * z }
	end
	return collide.convex(pts)
end

-- Each shape made at a scale (A is drawn larger than B); upright: its axis (z) turned to y, the
-- view's up, so a cylinder stands and a cone points up.
local SHAPES3 = {
	{ name = "sphere", make = function(s) return collide.point3{ 0, 0, 0 }:rounded(0.5 * s) end },
	{ name = "capsule", make = function(s) return collide.capsule({ -0.5 * s, 0, 0 }, { 0.5 * s, 0, 0 }, 0.28 * s) end },
	{ name = "box", make = function(s) return collide.box{ 0.6 * s, 0.3 * s, 0.4 * s } end },
	{ name = "cylinder", upright = true, make = function(s) return collide.cylinder(0.42 * s, 0.38 * s) end },
	{ name = "cone", upright = true, make = function(s) return collide.cone(0.48 * s, 0.45 * s) end },
	{ name = "polytope", make = random_polytope },
}
local function rect(s, hx, hy)
	return { { -hx * s, -hy * s }, { hx * s, -hy * s }, { hx * s, hy * s }, { -hx * s, hy * s } }
end
local SHAPES2 = {
	{ name = "circle", make = function(s) return collide.circle(0, 0, 0.6 * s) end },
	{ name = "capsule", make = function(s) return collide.capsule2({ -0.6 * s, 0 }, { 0.6 * s, 0 }, 0.35 * s) end },
	{ name = "box", make = function(s) return collide.polygon2(rect(s, 0.8, 0.45)) end },
	{ name = "triangle", make = function(s)
		return collide.polygon2{ { -0.8 * s, -0.5 * s }, { 0.9 * s, -0.4 * s }, { -0.1 * s, 0.8 * s } }
	end },
	{ name = "hexagon", make = function(s)
		local pts = {}
		for k = 0, 5 do pts[k + 1] = { 0.7 * s * math.cos(k * math.pi / 3), 0.6 * s * math.sin(k * math.pi / 3) } end
		return collide.polygon2(pts)
	end },
	{ name = "rounded box", make = function(s) return collide.polygon2(rect(s, 0.6, 0.3)):rounded(0.15 * s) end },
}
local SCALE_A = { [2] = 1.6, [3] = 1.5 }

local WHITE, BLUE, ORANGE = { 1, 1, 1 }, { 0.45, 0.62, 0.98 }, { 0.98, 0.62, 0.25 }
local LIGHT_BLUE, LIGHT_ORANGE = { 0.7, 0.85, 1.0 }, { 1.0, 0.85, 0.6 }
local YELLOW, RED, GREEN, GREY = { 1.0, 0.9, 0.3 }, { 1.0, 0.35, 0.3 }, { 0.4, 0.95, 0.5 }, { 0.6, 0.62, 0.68 }
local DIRECTIONS = cd.directions(400)
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
local UPRIGHT = cd.rotation(0, -90) -- z to y

local function rgba(c, a) return { c[1], c[2], c[3], a } end
local function clamp(x, lo, hi) return math.max(lo, math.min(hi, x)) end
local function unit(v)
	local n = cd.length(v)
	if n == 0 then return { 1, 0, 0 } end
	return cd.scale(v, 1 / n)
end
local function qmul(p, r)
	return {
		p[4] * r[1] + p[1] * r[4] + p[2] * r[3] - p[3] * r[2],
		p[4] * r[2] - p[1] * r[3] + p[2] * r[4] + p[3] * r[1],
		p[4] * r[3] + p[1] * r[2] - p[2] * r[1] + p[3] * r[4],
		p[4] * r[4] - p[1] * r[1] - p[2] * r[2] - p[3] * r[3],
	}
end

-- ---- state ----

local dim = tostring(ARGS.dim or ""):lower():match("^2") and 2 or 3
local mode = (ARGS.mode == "ray" or ARGS.mode == "cast") and ARGS.mode or "contact"
local margin = 0
local general = ARGS.general == "on"
local on_path, path_step = ARGS.path == "on", 0

-- What each dimension remembers (switching back and forth keeps both).
local S = {
	[3] = {
		a = cd.find(SHAPES3, ARGS.a) or 3, b = cd.find(SHAPES3, ARGS.b) or 3,
		a_at = { 0, 0, 0 },
		-- tipped onto an edge, that edge sunk 0.02 into A's top face
		b_at = { 0.1, 0.45 + 0.3 * math.cos(math.rad(20)) + 0.4 * math.sin(math.rad(20)) - 0.02, -0.2 },
		cast_from = { 1.9, 1.9, 0.4 }, yaw = 25, pitch = 20,
		ray_from = { -2.4, 1.6, 1.3 }, ray_dir = unit{ 2.5, -0.7, -1.5 },
		motion = { -2.9, -1.65, -0.95 },
	},
	[2] = {
		a = cd.find(SHAPES2, ARGS.a) or 3, b = cd.find(SHAPES2, ARGS.b) or 5,
		a_at = { -0.6, -1.0 }, b_at = { -0.25, 0.18 }, cast_from = { 3.0, 1.6 }, angle = 4,
		ray_from = { -4.3, 1.0 }, ray_dir = unit{ 4.0, -0.95, 0 },
		motion = { -4.6, -2.2 },
	},
}
local A, B, B_start -- placed shapes (B_start: B where the cast starts)
local q = {}        -- what run computed for draw
local drawn = {}    -- meshes made for drawing, remade when what they show changes
local dragging      -- 2D: which handle the left button holds

local function st() return S[dim] end
local function shapes() return dim == 3 and SHAPES3 or SHAPES2 end
local function vec_text(v)
	-- round-off (a normal's 1e-15) shown as the 0 it is
	local function x(c) return math.abs(c) < 1e-9 and 0 or c end
	if dim == 2 then return ("(%.3g, %.3g)"):format(x(v[1]), x(v[2])) end
	return ("(%.3g, %.3g, %.3g)"):format(x(v[1]), x(v[2]), x(v[3]))
end
local function kept(name, key, make) return cd.kept(drawn, name, key, make) end

-- ---- placing the shapes ----

local base = {} -- the shapes at the identity pose, made once per kind and role
local function made(role, index)
	local k = ("%d%s%d"):format(dim, role, index)
	if not base[k] then base[k] = shapes()[index].make(role == "A" and SCALE_A[dim] or 1) end
	return base[k]
end

local function pose_b(at)
	local s = st()
	if dim == 2 then return { position = { at[1], at[2] }, angle = math.rad(s.angle) } end
	local rotation = cd.rotation(s.yaw, s.pitch)
	if SHAPES3[s.b].upright then rotation = qmul(rotation, UPRIGHT) end
	return { position = at, rotation = rotation }
end

local pose_a -- A's pose (3D)

local function place()
	local s = st()
	if dim == 2 then
		A = made("A", s.a):moved_to{ position = { s.a_at[1], s.a_at[2] }, angle = 0 }
	else
		pose_a = { position = s.a_at, rotation = SHAPES3[s.a].upright and UPRIGHT or { 0, 0, 0, 1 } }
		A = made("A", s.a):moved_to(pose_a)
	end
	B = made("B", s.b):moved_to(pose_b(s.b_at))
	B_start = made("B", s.b):moved_to(pose_b(s.cast_from))
end

-- ---- the queries ----

local function flat(v) -- a 2D query takes {x, y}
	if dim == 2 then return { v[1], v[2] } end
	return v
end

local function run()
	place()
	local s = st()
	q = {}
	if mode == "contact" then
		q.m = collide.contact(A, B, { margin = margin, general = general })
		q.other = collide.contact(A, B, { margin = margin, general = not general })
		if not q.m then q.distance = collide.gjk(A, B) end
	elseif mode == "ray" then
		q.hit_a = collide.raycast(A, flat(s.ray_from), flat(s.ray_dir))
		q.hit_b = collide.raycast(B, flat(s.ray_from), flat(s.ray_dir))
		q.first, q.first_name = q.hit_a, "A"
		if q.hit_b and (not q.hit_a or q.hit_b.t < q.hit_a.t) then q.first, q.first_name = q.hit_b, "B" end
	else
		q.cast = collide.shapecast(A, B_start, flat(s.motion))
		q.b_end = B_start:moved_to(pose_b(cd.add(s.cast_from, s.motion)))
		if q.cast then q.b_hit = B_start:moved_to(pose_b(cd.add(s.cast_from, s.motion, q.cast.t))) end
	end
end

local function pose_key()
	local s = st()
	return table.concat({ dim, mode, s.a, s.b, s.a_at[1], s.a_at[2], s.a_at[3] or 0, s.b_at[1], s.b_at[2], s.b_at[3] or 0,
		s.cast_from[1], s.cast_from[2], s.cast_from[3] or 0, s.motion[1], s.motion[2], s.motion[3] or 0,
		s.yaw or s.angle, s.pitch or 0 }, ",")
end

-- ---- input ----

-- v turned by dyaw degrees about the vertical (2D: in the plane) and tilted by dpitch degrees towards it.
local function swing(v, dyaw, dpitch)
	local n = cd.length(v)
	if dim == 2 then
		local a = math.atan(v[2], v[1]) + math.rad(dyaw)
		return { n * math.cos(a), n * math.sin(a), 0 }
	end
	local yaw = math.atan(v[3], v[1]) + math.rad(dyaw)
	local pitch = math.atan(v[2], math.sqrt(v[1] * v[1] + v[3] * v[3])) + math.rad(dpitch)
	pitch = clamp(pitch, -math.rad(85), math.rad(85))
	return { n * math.cos(pitch) * math.cos(yaw), n * math.sin(pitch), n * math.cos(pitch) * math.sin(yaw) }
end

local function swing_current(dyaw, dpitch)
	local s = st()
	if mode == "ray" then
		s.ray_dir = swing(s.ray_dir, dyaw, dpitch)
	elseif mode == "cast" then
		s.motion = swing(s.motion, dyaw, dpitch)
	end
end

local MOVES = {
	left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 },
}

function keypressed(key)
	local s = st()
	if key == "d" then
		dim = 5 - dim
		dragging = nil
	elseif key == "r" then
		mode = mode == "ray" and "contact" or "ray"
	elseif key == "m" then
		mode = mode == "cast" and "contact" or "cast"
	elseif MOVES[key] then
		local m = MOVES[key]
		if dim == 3 or m[1] < 3 then
			local at = mode == "cast" and s.cast_from or s.b_at
			at[m[1]] = clamp(at[m[1]] + m[2] * 0.05, -4, 4)
		end
	elseif key == "q" or key == "e" then
		if dim == 2 then
			s.angle = s.angle + (key == "q" and 5 or -5)
		else
			s.yaw = s.yaw + (key == "e" and 5 or -5)
		end
	elseif (key == "z" or key == "c") and dim == 3 then
		s.pitch = s.pitch + (key == "c" and 5 or -5)
	elseif key == "s" then
		s.a = s.a % #shapes() + 1
	elseif key == "o" then
		s.b = s.b % #shapes() + 1
	elseif PLUS[key] then
		margin = math.floor((margin + 0.05) * 100 + 0.5) / 100
		margin = math.min(margin, 2)
	elseif MINUS[key] then
		margin = math.max(0, math.floor((margin - 0.05) * 100 + 0.5) / 100)
	elseif key == "g" then
		general = not general
	elseif key == "[" or key == "]" then
		swing_current(key == "[" and 5 or -5, 0)
	elseif key == "," or key == "." then
		swing_current(0, key == "." and 5 or -5)
	elseif key == "t" then
		on_path = not on_path
		return
	else
		return
	end
	run()
end

function load()
	local s = st()
	local at = cd.numbers(ARGS.at)
	if at and #at >= dim then
		local target = mode == "cast" and s.cast_from or s.b_at
		for i = 1, dim do target[i] = at[i] end
	end
	local turn = cd.numbers(ARGS.turn)
	if turn and #turn >= 2 then S[3].yaw, S[3].pitch = turn[1], turn[2] end
	local angle = cd.numbers(ARGS.angle)
	if angle then S[2].angle = angle[1] end
	local m = cd.numbers(ARGS.margin)
	if m and m[1] >= 0 then margin = math.min(m[1], 2) end
	local from = cd.numbers(ARGS.from)
	if from and #from >= dim then s.ray_from = { from[1], from[2], dim == 3 and from[3] or 0 } end
	local dir = cd.numbers(ARGS.dir)
	if dir and #dir >= dim then
		local d = { dir[1], dir[2], dim == 3 and dir[3] or 0 }
		if cd.length(d) > 0 then s.ray_dir = unit(d) end
	end
	local motion = cd.numbers(ARGS.motion)
	if motion and #motion >= dim then s.motion = { motion[1], motion[2], dim == 3 and motion[3] or nil } end
	run()
	for key in cd.words(ARGS.keys) do keypressed(key) end
end

function update()
	if not on_path then return end
	path_step = path_step + 1
	local a = 2 * math.pi * (path_step % 480) / 480
	local s = st()
	if mode == "contact" then
		-- round A, dipping into it and out again, turning
		if dim == 3 then
			s.b_at = { s.a_at[1] + 0.9 * math.cos(a), 0.75 + 0.35 * math.sin(2 * a), s.a_at[3] + 0.6 * math.sin(a) }
			s.yaw = s.yaw + 0.5
		else
			s.b_at = { s.a_at[1] + 1.7 * math.cos(a), s.a_at[2] + 1.2 * math.sin(a) }
			s.angle = s.angle + 0.5
		end
	else
		swing_current(0.35 * math.cos(a), 0)
	end
	run()
end

-- 2D: the handles the left button can take, each with where it is and what moving it does.
local function handles()
	local s = st()
	local list = { { at = s.a_at, set = function(p) s.a_at = p end } }
	if mode == "cast" then
		list[#list + 1] = { at = s.cast_from, set = function(p) s.cast_from = p end }
		local head = cd.add(s.cast_from, s.motion)
		list[#list + 1] = { at = head, set = function(p) s.motion = { p[1] - s.cast_from[1], p[2] - s.cast_from[2] } end }
	else
		list[#list + 1] = { at = s.b_at, set = function(p) s.b_at = p end }
	end
	if mode == "ray" then
		list[#list + 1] = { at = s.ray_from, set = function(p) s.ray_from = { p[1], p[2], 0 } end }
		local handle = cd.add(s.ray_from, s.ray_dir, 1.5)
		list[#list + 1] = { at = handle, set = function(p)
			local d = { p[1] - s.ray_from[1], p[2] - s.ray_from[2], 0 }
			if cd.length(d) > 1e-9 then s.ray_dir = unit(d) end
		end }
	end
	return list
end

function mousepressed(x, y, button)
	if dim ~= 2 or button ~= 1 then return end
	local best, best_d = nil, math.huge
	for _, h in ipairs(handles()) do
		local d = math.abs(x - h.at[1]) + math.abs(y - h.at[2])
		if d < best_d then best, best_d = h, d end
	end
	dragging = best and { set = best.set, grab = { x - best.at[1], y - best.at[2] } }
end

function mousereleased(_, _, button)
	if button == 1 then dragging = nil end
end

function mousemoved(x, y)
	if dim ~= 2 or not dragging then return end
	dragging.set{ clamp(x - dragging.grab[1], -6, 6), clamp(y - dragging.grab[2], -4, 4) }
	run()
end

-- ---- drawing, 3D ----

-- A shape's hull in its body frame, made once per kind and role: a polytope's faces, anything else
-- the hull of its support points. Placed by turning and moving the vertices, so a turned box keeps
-- its six square faces (a hull of turned corners, off by round-off from coplanar, would not).
local function body_hull(role, index)
	return kept(("hull %d %s %d"):format(dim, role, index), 0, function()
		local shape = made(role, index)
		if shape:kind() == "convex" then return { vertices = shape:vertices(), faces = shape:faces() } end
		local ok, hull = pcall(collide.convex, cd.shape_points(shape, DIRECTIONS, false))
		if not ok then return false end
		return { vertices = hull:vertices(), faces = hull:faces() }
	end)
end

-- The placed hull as a mesh (faces fanned), and for a polytope or a box the edges of its faces (a
-- mesh's wireframe would add the fans' diagonals).
local function shape_drawing(name, role, index, pose)
	return kept(name, pose_key(), function()
		local hull = body_hull(role, index)
		if not hull then return { mesh = false, edges = {} } end
		local v, triangles, edges = {}, {}, {}
		for i, p in ipairs(hull.vertices) do v[i] = cd.add(pose.position, cd.turn(pose.rotation, p)) end
		local kind = made(role, index):kind()
		for _, f in ipairs(hull.faces) do
			for k = 2, #f - 1 do triangles[#triangles + 1] = { f[1], f[k], f[k + 1] } end
			if kind == "convex" or kind == "box" then
				for k = 1, #f do
					local i, j = f[k], f[k % #f + 1]
					if i < j then edges[#edges + 1] = { v[i], v[j] } end
				end
			end
		end
		return { mesh = collide.mesh{ vertices = v, triangles = triangles }, edges = edges }
	end)
end

-- role and index: which shape it is (its body hull), pose: where it is
local function draw_shape3(g, name, shape, role, index, pose, color, alpha)
	alpha = alpha or 0.45
	if shape:kind() == "sphere" then
		g.sphere(shape.x, shape.y, shape.z, shape.r, { fill = rgba(color, alpha) })
		return
	end
	local d = shape_drawing(name, role, index, pose)
	for _, e in ipairs(d.edges) do g.line3d(e[1], e[2], { line = rgba(color, 0.8), width = 1.5 }) end
	if d.mesh then g.mesh(d.mesh, { fill = rgba(color, alpha), boundary = false }) end
end

-- The manifold's points around their centre, in order about the normal (for the outline).
local function around(points, normal)
	local c = { 0, 0, 0 }
	for _, p in ipairs(points) do c = cd.add(c, p.position, 1 / #points) end
	local u = unit(cd.cross(normal, math.abs(normal[1]) < 0.9 and { 1, 0, 0 } or { 0, 1, 0 }))
	local w = cd.cross(normal, u)
	local list = {}
	for i, p in ipairs(points) do
		local d = cd.sub(p.position, c)
		list[i] = { p = p.position, a = math.atan(cd.dot(d, w), cd.dot(d, u)) }
	end
	table.sort(list, function(x, y) return x.a < y.a end)
	local ordered = {}
	for i, e in ipairs(list) do ordered[i] = e.p end
	return ordered, c
end

local function draw_manifold3(g, m)
	local ordered, c = around(m.points, m.normal)
	if #ordered >= 2 then
		for i = 1, #ordered do
			if #ordered > 2 or i == 1 then
				g.line3d(ordered[i], ordered[i % #ordered + 1], { line = rgba(WHITE, 0.7), width = 1.5 })
			end
		end
	end
	for i, p in ipairs(m.points) do
		local gap = p.depth < 0
		g.line3d(p.point_a, p.point_b, { line = gap and YELLOW or RED, width = 3 })
		g.point3d(p.point_a, { fill = LIGHT_BLUE, size = 9 })
		g.point3d(p.point_b, { fill = LIGHT_ORANGE, size = 9 })
		g.point3d(p.position, { fill = gap and YELLOW or WHITE, size = i == 1 and 14 or 11 })
	end
	cd.arrow3d(g, c, cd.add(c, m.normal, 0.7), { line = GREEN, width = 4, size = 11 })
end

local function draw_ray3(g)
	local s = st()
	local far = cd.add(s.ray_from, s.ray_dir, 8)
	g.point3d(s.ray_from, { fill = WHITE, size = 12 })
	local h = q.first
	if h then
		g.line3d(s.ray_from, h.point, { line = YELLOW, width = 3 })
		g.line3d(h.point, far, { line = rgba(YELLOW, 0.3), width = 1.5 })
		local other = q.first_name == "A" and q.hit_b or q.hit_a
		if other then g.point3d(other.point, { fill = rgba(RED, 0.5), size = 9 }) end
		g.point3d(h.point, { fill = RED, size = 14 })
		if h.t > 0 then cd.arrow3d(g, h.point, cd.add(h.point, h.normal, 0.6), { line = GREEN, width = 4, size = 11 }) end
	else
		g.line3d(s.ray_from, far, { line = rgba(YELLOW, 0.6), width = 2 })
	end
end

local function draw_cast3(g)
	local s = st()
	local to = cd.add(s.cast_from, s.motion)
	cd.arrow3d(g, s.cast_from, to, { line = WHITE, width = 2.5, size = 10 })
	if q.cast then
		local at = cd.add(s.cast_from, s.motion, q.cast.t)
		g.point3d(at, { fill = YELLOW, size = 11 })
		g.point3d(q.cast.point, { fill = RED, size = 14 })
		if q.cast.t > 0 then
			cd.arrow3d(g, q.cast.point, cd.add(q.cast.point, q.cast.normal, 0.6), { line = GREEN, width = 4, size = 11 })
		end
	end
	-- B at the end of the motion, faint
	draw_shape3(g, "B end", q.b_end, "B", s.b, pose_b(cd.add(s.cast_from, s.motion)), GREY, 0.12)
	if q.b_hit then
		draw_shape3(g, "B hit", q.b_hit, "B", s.b, pose_b(cd.add(s.cast_from, s.motion, q.cast.t)), YELLOW, 0.5)
	end
end

local function draw3(g)
	g.camera3d { target = { -0.1, 0.95, 0 }, distance = 5.0, yaw = -30, pitch = 28 }
	if mode == "contact" then
		if q.m then draw_manifold3(g, q.m) end
	elseif mode == "ray" then
		draw_ray3(g)
	else
		draw_cast3(g)
	end
	-- translucent surfaces last, so what lies inside them shows through
	local s = st()
	draw_shape3(g, "A", A, "A", s.a, pose_a, BLUE)
	if mode == "cast" then
		draw_shape3(g, "B start", B_start, "B", s.b, pose_b(s.cast_from), ORANGE, 0.35)
	else
		draw_shape3(g, "B", B, "B", s.b, pose_b(s.b_at), ORANGE)
	end
end

-- ---- drawing, 2D ----

local function draw_shape2(g, shape, color, alpha, width)
	local style = { fill = rgba(color, alpha or 0.3), line = color, width = width or 2 }
	if shape:kind() == "circle" then
		g.circle(shape.x, shape.y, shape.r, style)
	else
		g.polygon(cd.outline2(shape), style)
	end
end

local function label(g, p, text, color, dx, dy)
	local x, y = g.to_screen(p[1], p[2])
	g.text(x + (dx or 8), y + (dy or -8), text, color)
end

local function draw_manifold2(g, m)
	local c = { 0, 0 }
	for _, p in ipairs(m.points) do c = { c[1] + p.position[1] / m.count, c[2] + p.position[2] / m.count } end
	if m.count == 2 then
		local p, r = m.points[1].position, m.points[2].position
		g.segment(p[1], p[2], r[1], r[2], { line = rgba(WHITE, 0.7), width = 1.5 })
	end
	for i, p in ipairs(m.points) do
		local gap = p.depth < 0
		g.segment(p.point_a[1], p.point_a[2], p.point_b[1], p.point_b[2], { line = gap and YELLOW or RED, width = 3 })
		g.point(p.point_a[1], p.point_a[2], { fill = LIGHT_BLUE, size = 9 })
		g.point(p.point_b[1], p.point_b[2], { fill = LIGHT_ORANGE, size = 9 })
		g.point(p.position[1], p.position[2], { fill = gap and YELLOW or WHITE, size = i == 1 and 13 or 11 })
		label(g, p.position, tostring(i), gap and YELLOW or WHITE, 8, 4)
	end
	cd.arrow2d(g, c, { c[1] + 1.0 * m.normal[1], c[2] + 1.0 * m.normal[2] }, { line = GREEN, width = 3 })
end

local function draw_ray2(g)
	local s = st()
	local far = cd.add(s.ray_from, s.ray_dir, 14)
	local h = q.first
	if h then
		g.segment(s.ray_from[1], s.ray_from[2], h.point[1], h.point[2], { line = YELLOW, width = 3 })
		g.segment(h.point[1], h.point[2], far[1], far[2], { line = rgba(YELLOW, 0.3), width = 1.5 })
		local other = q.first_name == "A" and q.hit_b or q.hit_a
		if other then g.point(other.point[1], other.point[2], { fill = rgba(RED, 0.5), size = 9 }) end
		g.point(h.point[1], h.point[2], { fill = RED, size = 13 })
		if h.t > 0 then
			local tip = { h.point[1] + 0.9 * h.normal[1], h.point[2] + 0.9 * h.normal[2] }
			cd.arrow2d(g, h.point, tip, { line = GREEN, width = 3 })
		end
	else
		g.segment(s.ray_from[1], s.ray_from[2], far[1], far[2], { line = rgba(YELLOW, 0.6), width = 2 })
	end
	local handle = cd.add(s.ray_from, s.ray_dir, 1.5)
	g.point(s.ray_from[1], s.ray_from[2], { fill = WHITE, size = 12 })
	g.point(handle[1], handle[2], { fill = rgba(WHITE, 0.6), size = 8 })
	label(g, s.ray_from, "ray", WHITE, -12, -28)
end

local function draw_cast2(g)
	local s = st()
	local swept = {}
	for _, p in ipairs(cd.outline2(B_start, 90)) do
		swept[#swept + 1] = p
		swept[#swept + 1] = { p[1] + s.motion[1], p[2] + s.motion[2] }
	end
	g.polygon(cd.hull2(swept), { fill = rgba(ORANGE, 0.08), line = false })
	draw_shape2(g, q.b_end, GREY, 0.05, 1.5)
	draw_shape2(g, B_start, ORANGE)
	if q.b_hit then draw_shape2(g, q.b_hit, YELLOW, 0.3, 2.5) end
	local to = cd.add(s.cast_from, s.motion)
	cd.arrow2d(g, s.cast_from, to, { line = WHITE, width = 2.5 })
	g.point(s.cast_from[1], s.cast_from[2], { fill = WHITE, size = 9 })
	g.point(to[1], to[2], { fill = rgba(WHITE, 0.6), size = 9 })
	if q.cast then
		local at = cd.add(s.cast_from, s.motion, q.cast.t)
		g.point(at[1], at[2], { fill = YELLOW, size = 10 })
		g.point(q.cast.point[1], q.cast.point[2], { fill = RED, size = 13 })
		if q.cast.t > 0 then
			local n = q.cast.normal
			local tip = { q.cast.point[1] + 0.9 * n[1], q.cast.point[2] + 0.9 * n[2] }
			cd.arrow2d(g, q.cast.point, tip, { line = GREEN, width = 3 })
		end
	end
	label(g, s.cast_from, "B", ORANGE, -22, -22)
end

local function draw2(g)
	g.camera2d { fit = { -4.8, -2.6, 4.8, 3.4 }, margin = 0.02 }
	local s = st()
	draw_shape2(g, A, BLUE)
	label(g, s.a_at, "A", BLUE, -6, 4)
	if mode == "cast" then
		draw_cast2(g)
	else
		draw_shape2(g, B, ORANGE)
		label(g, s.b_at, "B", ORANGE, -6, 4)
		if mode == "contact" and q.m then draw_manifold2(g, q.m) end
		if mode == "ray" then draw_ray2(g) end
	end
end

-- ---- the HUD ----

local function manifold_summary(m)
	return ("%s, %d point%s, depth %.4f"):format(m.method, m.count, m.count == 1 and "" or "s", m.depth)
end

local function hud_contact(g)
	local m = q.m
	if m then
		g.hud("manifold", ("%s: normal %s"):format(manifold_summary(m), vec_text(m.normal)))
		local lines = {}
		for i, p in ipairs(m.points) do
			lines[i] = ("%d  depth %7.4f%s at %s"):format(i, p.depth, p.depth < 0 and " (gap)" or "", vec_text(p.position))
		end
		g.hud("points", table.concat(lines, "\n"))
	else
		g.hud("manifold", ("none: apart by %.4f, more than the margin"):format(q.distance or 0))
	end
	g.hud("margin", ("%.2f (+/-): points with a gap up to it get negative depths"):format(margin))
	local other = q.other and manifold_summary(q.other) or "none"
	if general then
		g.hud("path", "general (g): GJK/EPA, then the facing features clipped")
		g.hud("without g", other)
	else
		g.hud("path", "the pair's own (closed form where it has one)")
		g.hud("with g", other)
	end
end

local function hit_text(h)
	if not h then return "missed" end
	local text = ("t = %.4f at %s, normal %s, %s"):format(h.t, vec_text(h.point), vec_text(h.normal), h.method)
	if h.method == "gjk" then text = text .. (", %d iterations"):format(h.iterations) end
	return text
end

local function hud_ray(g)
	local s = st()
	g.hud("ray", ("from %s along %s"):format(vec_text(s.ray_from), vec_text(s.ray_dir)))
	if q.first then
		local name = shapes()[q.first_name == "A" and s.a or s.b].name
		g.hud("first hit", ("%s (%s), t = %.4f"):format(q.first_name, name, q.first.t))
	else
		g.hud("first hit", "none: the ray misses both")
	end
	g.hud("A", hit_text(q.hit_a))
	g.hud("B", hit_text(q.hit_b))
end

local function hud_cast(g)
	local s = st()
	g.hud("cast", ("B from %s by the motion %s"):format(vec_text(s.cast_from), vec_text(s.motion)))
	local c = q.cast
	if not c then
		g.hud("impact", "none: B passes A")
	elseif c.t == 0 then
		g.hud("impact", ("t = 0: B already touches A at its start (at %s)"):format(vec_text(c.point)))
	else
		g.hud("impact", ("t = %.4f: B at %s, moved %.4f"):format(c.t, vec_text(cd.add(s.cast_from, s.motion, c.t)),
			c.t * cd.length(s.motion)))
		g.hud("touching", ("at %s, normal %s"):format(vec_text(c.point), vec_text(c.normal)))
		local how = c.method == "gjk" and (" (GJK ray cast on A - B), %d iterations"):format(c.iterations) or ""
		g.hud("method", c.method .. how)
	end
end

function draw(g)
	if dim == 3 then draw3(g) else draw2(g) end
	local s = st()
	local names = { contact = "contact manifold", ray = "ray cast", cast = "shape cast" }
	g.hud("mode", ("%s, %dD%s"):format(names[mode], dim, on_path and " (animated)" or ""))
	local at = mode == "cast" and s.cast_from or s.b_at
	g.hud("shapes", ("A %s, B %s at %s, %s"):format(shapes()[s.a].name, shapes()[s.b].name, vec_text(at),
		dim == 3 and ("turned %.0f / %.0f"):format(s.yaw % 360, s.pitch % 360) or ("%.0f deg"):format(s.angle % 360)))
	if mode == "contact" then
		hud_contact(g)
	elseif mode == "ray" then
		hud_ray(g)
	else
		hud_cast(g)
	end

	local _, h = g.size()
	local x = 12
	local legend = ({
		contact = { { "A", BLUE }, { "B", ORANGE }, { "point_a", LIGHT_BLUE }, { "point_b", LIGHT_ORANGE },
			{ "midpoint", WHITE }, { "overlap", RED }, { "gap (margin)", YELLOW }, { "normal", GREEN } },
		ray = { { "A", BLUE }, { "B", ORANGE }, { "ray", YELLOW }, { "hit", RED }, { "normal", GREEN } },
		cast = { { "A", BLUE }, { "B at the start", ORANGE }, { "B at impact", YELLOW }, { "B at the end", GREY },
			{ "motion", WHITE }, { "touching point", RED }, { "normal", GREEN } },
	})[mode]
	for _, entry in ipairs(legend) do
		x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
	end
	g.text(12, h - 44, "d: 2D/3D  r: rays  m: casts  s/o: shape A/B  arrows, page up/down: move B  q/e, z/c: turn B",
		{ 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "+/-: margin  g: general path  [/]: turn the ray or motion  ,/.: tilt it  t: animate  "
		.. (dim == 2 and "drag: move A, B or a handle" or "drag: orbit"), { 0.7, 0.75, 0.8 })
end
