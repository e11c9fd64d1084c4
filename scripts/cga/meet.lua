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
-- A / B; t B sweeps along x through A. Left-drag a centre (the white +) to move that object, the
-- meet following live; left-drag elsewhere orbits, right-drag pans, the wheel zooms.
-- Headless arguments: step=K a=KIND b=KIND at=X,Y,Z (B's centre) size=S (B's) keys=K1,K2,...
-- Kinds: sphere, plane, line, circle, pair, point.
local collide = require "collide"
local figures = require "figures"
local cga = collide.cga

local ARGS = figures.arguments(...)

local KINDS = figures.KINDS
local COLORS = {
	real = { 0.35, 0.9, 0.45 }, tangent = { 1.0, 0.88, 0.25 }, imaginary = { 0.95, 0.35, 0.35 },
	nested = { 0.98, 0.62, 0.2 }, parallel = { 0.6, 0.62, 0.66 }, skew = { 0.6, 0.62, 0.66 },
	disjoint = { 0.6, 0.62, 0.66 }, coincident = { 0.3, 0.9, 0.95 }, contained = { 0.3, 0.9, 0.95 },
}
local BLUE, ORANGE = { 0.45, 0.6, 0.98 }, { 0.98, 0.6, 0.25 }

-- An object: its kind, centre, size (radius, half-length) and axis (normal, direction).
local object = figures.object

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

local function go_to(k)
	step = (k - 1) % #STEPS + 1
	objects = { figures.copy(STEPS[step][1]), figures.copy(STEPS[step][2]) }
end

-- ---- input ----

local MOVES = { left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 } }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }

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
	elseif key == "j" or key == "l" or key == "i" or key == "k" then o.axis = figures.turn(o.axis, key)
	elseif key == "a" then figures.next_kind(objects[1])
	elseif key == "b" then figures.next_kind(objects[2])
	elseif key == "t" then sweeping = not sweeping
	end
end

local drag = figures.dragger(function() return { objects[1].center, objects[2].center } end,
	function(index) selected = index end)
mousepressed, mousemoved, mousereleased = drag.mousepressed, drag.mousemoved, drag.mousereleased

function load()
	go_to(tonumber(ARGS.step) or 1)
	local kinds = { ARGS.a, ARGS.b }
	for i = 1, 2 do
		for _, k in ipairs(KINDS) do
			if kinds[i] == k then objects[i].kind = k end
		end
	end
	local x, y, z = figures.numbers(ARGS.at)
	if x then objects[2].center = { x, y, z } end
	if tonumber(ARGS.size) then objects[2].size = tonumber(ARGS.size) end
	for key in tostring(ARGS.keys or ""):gmatch("[^,]+") do keypressed(key) end
end

function update(dt)
	if sweeping then
		sweep_t = sweep_t + (dt or 1 / 60)
		objects[2].center[1] = objects[1].center[1] + 3.5 * math.sin(0.5 * sweep_t)
	end
	q.a, q.b = figures.blade(objects[1]), figures.blade(objects[2])
	q.m = cga.meet(q.a, q.b)
	q.relation, q.kind = q.m:classify()
	q.square = q.m:square()
	q.common = q.m:common()
end

-- ---- drawing ----

local vec_text, describe = figures.vec_text, figures.describe

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
	-- the common part, in the relation's colour; an imaginary round dashed at sqrt(-radius^2)
	figures.draw_common(g, q.common, COLORS[q.relation] or { 1, 1, 1 })
	figures.draw_object(g, objects[1], BLUE, selected == 1 and "bright" or "dim")
	figures.draw_object(g, objects[2], ORANGE, selected == 2 and "bright" or "dim")
	figures.axes(g)
	drag:view(g)

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
	g.text(12, h - 24, "a / b: next kind for A / B  t: sweep B through A  drag a +: move it  drag: orbit  wheel: zoom", { 0.7, 0.75, 0.8 })
end
