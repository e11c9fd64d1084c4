-- The meet of two conformal objects (source 003; collide.cga, cga.h). Points, point pairs, circles,
-- lines, spheres and planes are all blades of one algebra, and one product, the meet
-- M = dual(A) _| B, intersects any two of them: two spheres meet in a circle, a line and a sphere in
-- a point pair, a line and a plane in a flat point, two planes in a line. The sign of M's square
-- says what the meet is: positive a real circle or pair, zero a tangent point, negative an imaginary
-- one (no common point). Where the meet degenerates (parallel planes, a line in a plane, coplanar
-- lines, one sphere inside another) the relation is named instead; solid mode counts a ball holding
-- the other object as a collision, which the source's surface mode does not.
--
-- The lesson (keys n / p, or step=K) walks the classification table with two unit spheres: 1 apart
-- they meet in a circle of radius sqrt(3)/2, 2 apart they touch, 3 apart the circle is imaginary
-- (radius^2 = -1.25), and a small sphere inside a large one is nested; then a line and a plane
-- against the unit sphere at heights 0.5, 1 and 2, a line parallel to and in a plane, planes, lines.
--
-- Drawn: A (blue) and B (orange), the selected one brighter; the common part coloured by its
-- relation (real green, tangent yellow, imaginary red and dashed at its imaginary radius, nested
-- orange, parallel / skew / disjoint grey, coincident / contained cyan). The HUD shows the meet's
-- square and its sign, the relation, the common part's geometry and both answers (surfaces, solids).
--
-- Keys: n / p next / previous step of the lesson; tab selects A or B; arrows / page up / page down
-- move the selected object (x, y / z); + / - its size; j / l, i / k turn its axis; a / b next kind for
-- A / B; t B sweeps along x through A. Left-drag orbits, right-drag pans, the wheel zooms.
-- Headless arguments: step=K a=KIND b=KIND at=X,Y,Z (B's centre) size=S (B's) keys=K1,K2,...
-- Kinds: sphere, plane, line, circle, pair, point.
local collide = require "collide"
local cga = collide.cga

local ARGS = {}
for _, word in ipairs({ ... }) do
	local k, v = tostring(word):match("^([%w_]+)=(.*)$")
	if k then ARGS[k] = v end
end

local KINDS = { "sphere", "plane", "line", "circle", "pair", "point" }
local COLORS = {
	real = { 0.35, 0.9, 0.45 }, tangent = { 1.0, 0.88, 0.25 }, imaginary = { 0.95, 0.35, 0.35 },
	nested = { 0.98, 0.62, 0.2 }, parallel = { 0.6, 0.62, 0.66 }, skew = { 0.6, 0.62, 0.66 },
	disjoint = { 0.6, 0.62, 0.66 }, coincident = { 0.3, 0.9, 0.95 }, contained = { 0.3, 0.9, 0.95 },
}
local BLUE, ORANGE = { 0.45, 0.6, 0.98 }, { 0.98, 0.6, 0.25 }

-- An object: its kind, centre, size (radius, half-length) and axis (normal, direction).
local function object(kind, center, size, axis) return { kind = kind, center = center, size = size, axis = axis } end

-- The lesson's steps: A, B, and what the step teaches.
local STEPS = {
	{ object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }), object("sphere", { 1, 0, 0 }, 1, { 0, 0, 1 }),
		"unit spheres 1 apart: a real circle, radius^2 = 3/4 (radius sqrt(3)/2 = 0.866)" },
	{ object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }), object("sphere", { 2, 0, 0 }, 1, { 0, 0, 1 }),
		"2 apart: the square is 0, the circle shrinks to the tangent point" },
	{ object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }), object("sphere", { 3, 0, 0 }, 1, { 0, 0, 1 }),
		"3 apart: the square is negative, an imaginary circle (radius^2 = -1.25)" },
	{ object("sphere", { 0, 0, 0 }, 3, { 0, 0, 1 }), object("sphere", { 0.5, 0, 0 }, 1, { 0, 0, 1 }),
		"nested: negative too, no common point, but the solid balls collide" },
	{ object("sphere", { 0, 0, 0 }, 2, { 0, 0, 1 }), object("sphere", { 1, 0, 0 }, 1, { 0, 0, 1 }),
		"internally tangent: the square is 0 again" },
	{ object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }), object("line", { 0, 0.5, 0 }, 1.5, { 1, 0, 0 }),
		"a line at height 0.5: a point pair (+-0.866, 0.5, 0); square r^2 - h^2 = 0.75" },
	{ object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }), object("plane", { 0, 0, 1 }, 1.5, { 0, 0, 1 }),
		"the plane z = 1: tangent (square 1 - 1 = 0)" },
	{ object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }), object("plane", { 0, 0, 2 }, 1.5, { 0, 0, 1 }),
		"the plane z = 2: imaginary circle, radius^2 = 1 - 4 = -3" },
	{ object("plane", { 0, 0, 0 }, 1.5, { 0, 0, 1 }), object("line", { 0, 0, 1 }, 1.5, { 1, 0, 0 }),
		"a line parallel to a plane: square 0 but the meet is not 0 (the source read one coefficient)" },
	{ object("plane", { 0, 0, 0 }, 1.5, { 0, 0, 1 }), object("line", { 0, 0, 0 }, 1.5, { 1, 1, 0 }),
		"a line in the plane: the whole meet is 0, the line is contained" },
	{ object("plane", { 0, 0, 0 }, 1.5, { 0, 0, 1 }), object("plane", { 0, 0, 0 }, 1.5, { 1, 0, 0 }),
		"two planes: a line; parallel planes leave a line at infinity" },
	{ object("line", { 0, 0, 0 }, 1.5, { 1, 0, 0 }), object("line", { 0.5, 0, 0.5 }, 1.5, { 0, 1, 0 }),
		"skew lines: the meet is a multiple of ni, its sign the handedness; 0 only when coplanar" },
}

-- ---- state ----

local step = 1
local objects
local selected = 2
local sweeping, sweep_t = false, 0
local q = {}

local function copy(o) return object(o.kind, { o.center[1], o.center[2], o.center[3] }, o.size, { o.axis[1], o.axis[2], o.axis[3] }) end

local function go_to(k)
	step = (k - 1) % #STEPS + 1
	objects = { copy(STEPS[step][1]), copy(STEPS[step][2]) }
end

local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function normalize(v)
	local n = math.sqrt(v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
	return { v[1] / n, v[2] / n, v[3] / n }
end
local function cross(a, b) return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] } end
local function dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
local function rgba(c, a) return { c[1], c[2], c[3], a } end

-- Two unit vectors across axis.
local function across(axis)
	local n = normalize(axis)
	local u = normalize(math.abs(n[1]) < 0.6 and cross(n, { 1, 0, 0 }) or cross(n, { 0, 1, 0 }))
	return u, cross(n, u)
end

-- The blade of an object.
local function blade(o)
	local c, s, n = o.center, o.size, normalize(o.axis)
	if o.kind == "sphere" then return cga.sphere(c, s)
	elseif o.kind == "plane" then return cga.plane(n, dot(n, c))
	elseif o.kind == "line" then return cga.line(c, add(c, n, 1))
	elseif o.kind == "circle" then return cga.circle{ center = c, normal = n, r = s }
	elseif o.kind == "pair" then return cga.pair(add(c, n, -s), add(c, n, s))
	else return cga.point(c) end
end

-- ---- input ----

local MOVES = { left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 } }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }

local function next_kind(o)
	for i, k in ipairs(KINDS) do
		if k == o.kind then
			o.kind = KINDS[i % #KINDS + 1]
			return
		end
	end
end

-- Turns the axis about y (j / l) or about the horizontal across it (i / k), by 15 degrees.
local function turn(o, key)
	local a = math.rad(15) * ((key == "l" or key == "i") and 1 or -1)
	local v = o.axis
	if key == "j" or key == "l" then
		o.axis = { v[1] * math.cos(a) + v[3] * math.sin(a), v[2], -v[1] * math.sin(a) + v[3] * math.cos(a) }
	else
		o.axis = { v[1], v[2] * math.cos(a) - v[3] * math.sin(a), v[2] * math.sin(a) + v[3] * math.cos(a) }
	end
end

function keypressed(key)
	local o = objects[selected]
	local move = MOVES[key]
	if move then
		o.center[move[1]] = o.center[move[1]] + 0.1 * move[2]
	elseif key == "n" or key == "space" then go_to(step + 1)
	elseif key == "p" then go_to(step - 1)
	elseif key == "tab" then selected = 3 - selected
	elseif PLUS[key] then o.size = math.min(o.size * 1.1, 10)
	elseif MINUS[key] then o.size = math.max(o.size / 1.1, 0.05)
	elseif key == "j" or key == "l" or key == "i" or key == "k" then turn(o, key)
	elseif key == "a" then next_kind(objects[1])
	elseif key == "b" then next_kind(objects[2])
	elseif key == "t" then sweeping = not sweeping
	end
end

function load()
	go_to(tonumber(ARGS.step) or 1)
	local kinds = { ARGS.a, ARGS.b }
	for i = 1, 2 do
		for _, k in ipairs(KINDS) do
			if kinds[i] == k then objects[i].kind = k end
		end
	end
	local x, y, z = tostring(ARGS.at or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	if tonumber(x) then objects[2].center = { tonumber(x), tonumber(y), tonumber(z) } end
	if tonumber(ARGS.size) then objects[2].size = tonumber(ARGS.size) end
	for key in tostring(ARGS.keys or ""):gmatch("[^,]+") do keypressed(key) end
end

function update(dt)
	if sweeping then
		sweep_t = sweep_t + (dt or 1 / 60)
		objects[2].center[1] = objects[1].center[1] + 3.5 * math.sin(0.5 * sweep_t)
	end
	q.a, q.b = blade(objects[1]), blade(objects[2])
	q.m = cga.meet(q.a, q.b)
	q.relation, q.kind = q.m:classify()
	q.square = q.m:square()
	q.common = q.m:common()
end

-- ---- drawing ----

local function circle_polyline(g, center, normal, radius, style, dashed)
	local u, v = across(normal)
	local n = 72
	local last = add(center, u, radius)
	for i = 1, n do
		local a = 2 * math.pi * i / n
		local p = add(add(center, u, radius * math.cos(a)), v, radius * math.sin(a))
		if not dashed or i % 2 == 0 then g.line3d(last, p, style) end
		last = p
	end
end

local function plane_quad(center, normal, half)
	local u, v = across(normal)
	local corners = {}
	for i, s in ipairs{ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } } do
		corners[i] = add(add(center, u, s[1] * half), v, s[2] * half)
	end
	-- both windings, so the quad shows from either side
	return collide.mesh{ vertices = corners, triangles = { { 1, 2, 3 }, { 1, 3, 4 }, { 1, 3, 2 }, { 1, 4, 3 } } }
end

local function draw_object(g, o, color, bright)
	local alpha = bright and 1 or 0.6
	local c, n = o.center, normalize(o.axis)
	if o.kind == "sphere" then
		g.sphere(c[1], c[2], c[3], o.size, { fill = rgba(color, bright and 0.28 or 0.16) })
	elseif o.kind == "plane" then
		g.mesh(plane_quad(c, n, 2.2), { fill = rgba(color, bright and 0.3 or 0.18), boundary = false })
	elseif o.kind == "line" then
		g.line3d(add(c, n, -4), add(c, n, 4), { line = rgba(color, alpha), width = bright and 3 or 2 })
	elseif o.kind == "circle" then
		circle_polyline(g, c, n, o.size, { line = rgba(color, alpha), width = bright and 3 or 2 })
	elseif o.kind == "pair" then
		g.line3d(add(c, n, -o.size), add(c, n, o.size), { line = rgba(color, 0.3), width = 1 })
		g.point3d(add(c, n, -o.size), { fill = rgba(color, alpha), size = 10 })
		g.point3d(add(c, n, o.size), { fill = rgba(color, alpha), size = 10 })
	else
		g.point3d(c, { fill = rgba(color, alpha), size = 11 })
	end
end

-- The common part, in the relation's colour; an imaginary round dashed at sqrt(-radius^2).
local function draw_common(g)
	local m, color = q.common, COLORS[q.relation] or { 1, 1, 1 }
	if not m then return end
	local style = { line = color, width = 4 }
	if m.kind == "circle" then
		circle_polyline(g, m.center, m.direction, math.sqrt(math.abs(m.radius2)), style, m.radius2 < 0)
	elseif m.kind == "point pair" then
		if m.radius2 >= 0 then
			g.point3d(m.points[1], { fill = color, size = 13 })
			g.point3d(m.points[2], { fill = color, size = 13 })
		else
			local r = math.sqrt(-m.radius2)
			g.line3d(add(m.center, m.direction, -r), add(m.center, m.direction, r), { line = rgba(color, 0.6), width = 1.5 })
		end
	elseif m.kind == "line" then
		g.line3d(add(m.center, m.direction, -4), add(m.center, m.direction, 4), style)
	elseif m.kind == "point" or m.kind == "flat point" then
		g.point3d(m.center, { fill = "black", size = 15 })
		g.point3d(m.center, { fill = color, size = 11 })
	end
end

local function vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end

local function describe(o)
	local n = normalize(o.axis)
	if o.kind == "sphere" then return ("sphere, centre %s, radius %.3g"):format(vec_text(o.center), o.size)
	elseif o.kind == "plane" then return ("plane through %s, normal %s"):format(vec_text(o.center), vec_text(n))
	elseif o.kind == "line" then return ("line through %s along %s"):format(vec_text(o.center), vec_text(n))
	elseif o.kind == "circle" then return ("circle, centre %s, radius %.3g, normal %s"):format(vec_text(o.center), o.size, vec_text(n))
	elseif o.kind == "pair" then return ("point pair about %s, %.3g apart along %s"):format(vec_text(o.center), 2 * o.size, vec_text(n))
	else return ("point %s"):format(vec_text(o.center)) end
end

local function common_text()
	local m = q.common
	if not m then return "none" end
	local text = ("%s at %s"):format(m.kind, vec_text(m.center))
	if m.kind == "circle" or m.kind == "point pair" then
		text = text .. ("\nradius^2 %.4g%s"):format(m.radius2, m.radius2 < 0 and "  (imaginary)" or
			(" (radius %.4g)"):format(math.sqrt(m.radius2)))
	end
	if m.kind == "point pair" and m.radius2 > 0 then
		text = text .. ("\npoints %s, %s"):format(vec_text(m.points[1]), vec_text(m.points[2]))
	end
	return text
end

function draw(g)
	g.camera3d { target = { 0.6, 0, 0 }, distance = 9, yaw = 30, pitch = 25 }
	draw_common(g)
	draw_object(g, objects[1], BLUE, selected == 1)
	draw_object(g, objects[2], ORANGE, selected == 2)
	-- the world axes, faint
	for k = 1, 3 do
		local e = { 0, 0, 0 }
		e[k] = 1
		g.line3d({ 0, 0, 0 }, e, { line = { 0.8, 0.8, 0.8, 0.35 }, width = 1 })
	end

	g.hud("lesson", ("step %d of %d: %s"):format(step, #STEPS, STEPS[step][3]))
	g.hud("A (blue)", describe(objects[1]) .. (selected == 1 and "  [moving]" or ""))
	g.hud("B (orange)", describe(objects[2]) .. (selected == 2 and "  [moving]" or ""))
	local sign = q.square > 0 and "> 0" or (q.square < 0 and "< 0" or "= 0")
	g.hud("meet", ("M = dual(A) _| B = %s\nM^2 = %.6g  (%s)"):format(tostring(q.m), q.square, sign))
	g.hud("relation", ("%s: %s"):format(q.relation:upper(), common_text()))
	g.hud("answers", ("surfaces meet: %s;  solids meet: %s"):format(q.m:surfaces_meet() and "yes" or "no",
		q.m:solids_meet() and "yes" or "no"))
	local _, h = g.size()
	local x = 12
	for _, entry in ipairs{ { "real", COLORS.real }, { "tangent", COLORS.tangent }, { "imaginary", COLORS.imaginary },
		{ "nested", COLORS.nested }, { "contained / coincident", COLORS.contained }, { "parallel / skew / disjoint", COLORS.parallel } } do
		x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
	end
	g.text(12, h - 44, "n / p: lesson step  tab: select A / B  arrows, page up/down: move  + / -: size  j / l, i / k: turn",
		{ 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "a / b: next kind for A / B  t: sweep B through A  drag: orbit  wheel: zoom", { 0.7, 0.75, 0.8 })
end
