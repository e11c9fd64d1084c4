-- Versors (source 003, II and A.4; collide.cga, cga.h). One sandwich X' = V X V~ moves every conformal
-- object alike, spheres, planes, lines, circles, point pairs and points, because the versor acts on the
-- algebra, not on one kind of shape. A translator T = 1 - t ni / 2 moves by t; a rotor
-- R = cos(θ/2) - sin(θ/2) B turns by +θ, right-handed, about the axis dual to B (so e12 turns x towards
-- y about z: the source's A.97 had -θ, erratum 6); a motor T R turns and then moves, a screw when the
-- move is along the axis; a dilator D = cosh(a/2) + sinh(a/2) no^ni with a = -ln(factor) scales about
-- the origin, radii included (for a factor of 3, a = ln(1/3) = -1.0986, not the source's -1.108:
-- erratum 9); the dual plane n + d ni, an odd versor, reflects in the plane n . x = d. A versor is
-- built from the product of reflections, so it keeps the products: the meet of moved objects is the
-- moved meet, meet(V A V~, V B V~) = V meet(A, B) V~ (for a dilator up to the weight, for a
-- reflection up to the sign, since a reflection turns the orientation over).
--
-- The lesson (keys n / p, or step=K) translates a sphere, turns a circle 90 degrees about z (x goes
-- to y), screws a line with a motor, dilates a sphere by 3 (3 times the radius, 3 times as far from
-- the origin), reflects a point pair in a plane, and last moves two spheres and their meet to show
-- that the versor commutes with the meet.
--
-- Drawn: the object before the versor (blue, dim), after it (orange, bright), the fractional versor
-- applied at 1/4, 2/4 and 3/4 of its parameter (faint orange) and the paths of a few of the object's
-- points (faint yellow: straight for a translator or dilator, arcs for a rotor, helices for a motor,
-- segments across the mirror for a reflection); the rotor's or motor's axis (white), the mirror (grey),
-- the centre of dilation (white dot); the world axes x red, y green, z blue. In the last step: A and
-- B before (blue) and after (orange), their meet before (dim green), the meet of the moved objects
-- (green) and the moved meet (white dashes). The HUD shows the versor as a multivector and its
-- parameters, the object's geometry before and after as the engine reads it from the blades, what
-- changed, and in the last step the difference between the two meets.
--
-- Keys: n / p next / previous step of the lesson; a next kind of object (B's in the last step); v next
-- versor (its parameter back to the default); + / - the parameter (distance 0.25, angle 15 degrees,
-- factor x1.25, mirror offset 0.25); j / l, i / k turn the axis (translation, rotation axis, mirror
-- normal); space animates (the parameter sweeps from none to its value and back). Left-drag the
-- object's centre (a white +; in the last step A's too) to move it before the versor, the moved
-- object, the paths and the meets following live; left-drag elsewhere orbits, right-drag pans, the
-- wheel zooms.
-- Headless arguments: step=K kind=KIND versor=translator|rotor|motor|dilator|reflect amount=X
-- axis=X,Y,Z keys=K1,K2,...
-- Kinds: sphere, plane, line, circle, pair, point.
local collide = require "collide"
local figures = require "figures"
local cga = collide.cga

local ARGS = figures.arguments(...)

local KINDS = figures.KINDS
local VERSORS = { "translator", "rotor", "motor", "dilator", "reflect" }
-- Each versor's parameter: its default, what + / - do to it, and its value when the versor does nothing.
local PARAMETERS = {
	translator = { default = 3, step = 0.25, none = 0 },
	rotor = { default = 90, step = 15, none = 0 },
	motor = { default = 180, step = 15, none = 0 },
	dilator = { default = 3, step = 1.25, none = 1 },
	reflect = { default = 0.25, step = 0.25, none = 0 },
}
local LIFT = 1 / 180 -- a motor advances 1 along its axis per half turn
local PIECES = 4     -- the path: the fractional versor at 1/4, 2/4 and 3/4
local BLUE, ORANGE, PATH = { 0.45, 0.6, 0.98 }, { 0.98, 0.6, 0.25 }, { 1.0, 0.9, 0.45, 0.45 }
local GREEN, WHITE = { 0.35, 0.9, 0.45 }, { 1, 1, 1 }
local object, add, scale, normalize, dot = figures.object, figures.add, figures.scale, figures.normalize, figures.dot

-- "(x, y, z)", rounding noise (below 1e-9) shown as 0.
local function vec_text(v)
	local function clean(x) return math.abs(x) < 1e-9 and 0 or x end
	return figures.vec_text{ clean(v[1]), clean(v[2]), clean(v[3]) }
end

-- The lesson's steps: the object, the versor, its parameter and axis, what the step teaches, and the
-- camera's target and distance (y is up on the screen).
local STEPS = {
	{ object("sphere", { -1, -1, 0 }, 0.6, { 0, 0, 1 }), "translator", 3, { 2, 2, 1 },
		"a translator T = 1 - t ni / 2 moves a sphere by t = (2, 2, 1): the centre moves, the radius stays",
		camera = { 0, 0.7, 0.5, 6.5 } },
	{ object("circle", { 1.5, 0, 0 }, 0.5, { 1, 0, 0 }), "rotor", 90, { 0, 0, 1 },
		"a rotor turns a circle 90 degrees about z, right-handed: x goes to y, centre and normal alike (erratum 6)",
		camera = { 0.5, 1.2, 0, 6.5 } },
	{ object("line", { 1.5, 0, 0 }, 1, { 0, 0, 1 }), "motor", 180, { 0, 1, 0 },
		"a motor turns a line 180 degrees about y (up) and lifts it 1: a screw, its points ride helices",
		camera = { 0, 1.2, 0, 9.5 } },
	{ object("sphere", { 0.6, 0.4, 0 }, 0.3, { 0, 0, 1 }), "dilator", 3, { 0, 0, 1 },
		"a dilator scales by 3 about the origin: radius 0.3 -> 0.9, centre 3x as far (a = ln(1/3), erratum 9)",
		camera = { 0.9, 1.2, 0, 6.5 } },
	{ object("pair", { -1, 0.5, 0.5 }, 0.5, { 1, 1, 0 }), "reflect", 0.25, { 1, 0, 0 },
		"the dual plane e1 + 0.25 ni reflects a point pair in the plane x = 0.25: each point to its mirror image",
		camera = { 0.25, 1.1, 0.5, 7 } },
	{ object("sphere", { 1, 0, 0 }, 1, { 0, 0, 1 }), "motor", 90, { 0, 0, 1 },
		"the versor commutes with the meet: meet(V A V~, V B V~) = V meet(A, B) V~ (green and white dashes agree)",
		commute = true, camera = { 0.3, 1.0, 0.3, 8.5 } },
}
local A = object("sphere", { 0, 0, 0 }, 1, { 0, 0, 1 }) -- the last step's other sphere

-- ---- state ----

local step = 1
local shape                             -- the object the versor moves (B in the last step)
local versor = {}                        -- kind, amount, axis
local animating, anim_t, fraction = false, 0, 1
local q = {}

local function go_to(k)
	step = (k - 1) % #STEPS + 1
	local s = STEPS[step]
	shape = figures.copy(s[1])
	A.center = { 0, 0, 0 }
	versor = { kind = s[2], amount = s[3], axis = { s[4][1], s[4][2], s[4][3] } }
	animating, anim_t, fraction = false, 0, 1
end

-- The versor at fraction f of its parameter (f = 1: the whole versor; f = 0: none).
local function versor_at(f)
	local kind, n = versor.kind, normalize(versor.axis)
	local p = PARAMETERS[kind].none + f * (versor.amount - PARAMETERS[kind].none)
	if kind == "translator" then return cga.translator(scale(n, p))
	elseif kind == "rotor" then return cga.rotor(n, math.rad(p))
	elseif kind == "motor" then return cga.motor(n, math.rad(p), { 0, 0, 0 }, scale(n, p * LIFT))
	elseif kind == "dilator" then return cga.dilator(versor.amount ^ f)
	else return cga.dual_plane(n, p) end
end

-- A few points of the object, whose paths are drawn.
local function features(o)
	local c, n, s = o.center, normalize(o.axis), o.size
	local u, v = figures.across(n)
	if o.kind == "sphere" then return { c, add(c, u, s) }
	elseif o.kind == "plane" then return { c, add(c, u, 1.2) }
	elseif o.kind == "line" then return { add(c, n, -1.5), add(c, n, 1.5) }
	elseif o.kind == "circle" then return { c, add(c, u, s), add(c, v, s) }
	elseif o.kind == "pair" then return { add(c, n, -s), add(c, n, s) }
	else return { c } end
end

local function moved_point(V, p) return { cga.euclid(cga.apply(V, cga.point(p))) } end

-- The object o moved by V, as the engine reads it back from the blade (a flat drawn about where
-- o's centre went).
local function moved(V, o)
	local blade = cga.apply(V, figures.blade(o))
	local geo = cga.geometry(blade)
	return figures.from_geometry(geo, moved_point(V, o.center)), geo, blade
end

-- The coefficients' Euclidean length.
local function coefficient_norm(a)
	local sum = 0
	for _, c in ipairs(cga.coeffs(a)) do sum = sum + c * c end
	return math.sqrt(sum)
end

-- The scalar s that brings b closest to a (least squares on the coefficients), or nil when b is 0.
local function best_factor(a, b)
	local ab, bb = 0, 0
	local ca, cb = cga.coeffs(a), cga.coeffs(b)
	for i = 1, #ca do
		ab, bb = ab + ca[i] * cb[i], bb + cb[i] * cb[i]
	end
	return bb > 0 and ab / bb or nil
end

-- ---- input ----

local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }

local function next_versor()
	for i, k in ipairs(VERSORS) do
		if k == versor.kind then
			versor.kind = VERSORS[i % #VERSORS + 1]
			versor.amount = PARAMETERS[versor.kind].default
			return
		end
	end
end

-- + / -: a step of the parameter; the dilator's factor multiplies, the others add.
local function change(sign)
	local p = PARAMETERS[versor.kind]
	if versor.kind == "dilator" then
		versor.amount = math.min(math.max(versor.amount * p.step ^ sign, 0.05), 20)
	else
		versor.amount = math.min(math.max(versor.amount + sign * p.step, -720), 720)
	end
end

function keypressed(key)
	if key == "n" then go_to(step + 1)
	elseif key == "p" then go_to(step - 1)
	elseif key == "a" then figures.next_kind(shape)
	elseif key == "v" then next_versor()
	elseif PLUS[key] then change(1)
	elseif MINUS[key] then change(-1)
	elseif key == "j" or key == "l" or key == "i" or key == "k" then versor.axis = figures.turn(versor.axis, key)
	elseif key == "space" then
		animating = not animating
		anim_t = 0
	end
end

-- the object's centre, and in the last step A's too
local drag = figures.dragger(function()
	if STEPS[step].commute then return { shape.center, A.center } end
	return { shape.center }
end)
mousepressed, mousemoved, mousereleased = drag.mousepressed, drag.mousemoved, drag.mousereleased

function load()
	go_to(tonumber(ARGS.step) or 1)
	for _, k in ipairs(KINDS) do
		if ARGS.kind == k then shape.kind = k end
	end
	for _, k in ipairs(VERSORS) do
		if ARGS.versor == k and k ~= versor.kind then
			versor.kind, versor.amount = k, PARAMETERS[k].default
		end
	end
	if tonumber(ARGS.amount) then versor.amount = tonumber(ARGS.amount) end
	local amount, low, high = versor.amount, -720, 720
	if versor.kind == "dilator" then low, high = 0.05, 20 end
	if not (amount >= low and amount <= high) then versor.amount = PARAMETERS[versor.kind].default end
	local x, y, z = figures.numbers(ARGS.axis)
	if x and (x ~= 0 or y ~= 0 or z ~= 0) then versor.axis = { x, y, z } end
	for key in tostring(ARGS.keys or ""):gmatch("[^,]+") do keypressed(key) end
end

function update(dt)
	if animating then
		anim_t = anim_t + (dt or 1 / 60)
		fraction = 0.5 - 0.5 * math.cos(1.2 * anim_t)
	else
		fraction = 1
	end
	q.V = versor_at(fraction)
	q.before = cga.geometry(figures.blade(shape))
	q.shape, q.after = moved(q.V, shape)
	-- the path: the fractional versor's pieces, and where the features go
	q.pieces = {}
	if versor.kind ~= "reflect" and not STEPS[step].commute then
		for i = 1, PIECES - 1 do q.pieces[i] = (moved(versor_at(i / PIECES), shape)) end
	end
	q.paths = {}
	for i, p in ipairs(features(shape)) do
		local path = { p }
		if versor.kind == "reflect" then
			path[2] = moved_point(versor_at(1), p)
		else
			for k = 1, 32 do path[k + 1] = moved_point(versor_at(k / 32), p) end
		end
		q.paths[i] = path
	end
	-- the last step: the meet of the moved objects against the moved meet
	if STEPS[step].commute then
		local a, b = figures.blade(A), figures.blade(shape)
		q.a_moved, q.a_geo = moved(q.V, A)
		q.meet = cga.meet(a, b)
		q.meet_of_moved = cga.meet(cga.apply(q.V, a), cga.apply(q.V, b))
		q.moved_meet = cga.apply(q.V, q.meet)
		q.difference = coefficient_norm(q.meet_of_moved - q.moved_meet)
		q.factor = best_factor(q.meet_of_moved, q.moved_meet)
		q.residual = q.factor and coefficient_norm(q.meet_of_moved - q.factor * q.moved_meet) or 0
		local ok, geo = pcall(cga.geometry, q.moved_meet)
		q.moved_common = ok and geo or nil
	end
end

-- ---- drawing ----

local function geometry_text(geo)
	local kind = geo.kind
	if kind == "sphere" then return ("sphere, centre %s, radius %.4g"):format(vec_text(geo.center), geo.radius or 0)
	elseif kind == "plane" then return ("plane, normal %s, n.x = %.4g"):format(vec_text(geo.direction), geo.distance)
	elseif kind == "line" then return ("line through %s along %s"):format(vec_text(geo.center), vec_text(geo.direction))
	elseif kind == "circle" then
		return ("circle, centre %s, radius %.4g, normal %s"):format(vec_text(geo.center), geo.radius or 0, vec_text(geo.direction))
	elseif kind == "point pair" then
		return ("pair, centre %s, radius %.4g, axis %s"):format(vec_text(geo.center), geo.radius or 0, vec_text(geo.direction))
	else return ("%s %s"):format(kind, vec_text(geo.center)) end
end

local function versor_text()
	local kind, n, amount = versor.kind, normalize(versor.axis), versor.amount
	local p = PARAMETERS[kind].none + fraction * (amount - PARAMETERS[kind].none)
	local now = animating and ("  [sweeping: %d%%]"):format(math.floor(100 * fraction + 0.5)) or ""
	if kind == "translator" then
		return ("translator by %.3g along %s: t = %s"):format(p, vec_text(n), vec_text(scale(n, p))) .. now
	elseif kind == "rotor" then
		return ("rotor: %.4g degrees about %s through the origin, right-handed"):format(p, vec_text(n)) .. now
	elseif kind == "motor" then
		return ("motor: %.4g degrees about %s through the origin, then %.3g along it"):format(p, vec_text(n), p * LIFT) .. now
	elseif kind == "dilator" then
		local factor = amount ^ fraction
		return ("dilator: factor %.4g about the origin (a = -ln factor = %.5g)"):format(factor, -math.log(factor)) .. now
	end
	return ("reflection in the plane n.x = %.3g, n = %s (the versor is n + d ni)"):format(p, vec_text(n)) .. now
end

-- What the versor changed, read from the centres before and after.
local function change_text()
	local c0, c1 = q.before.center, q.shape.center
	if q.before.kind == "line" or q.before.kind == "plane" then c0 = shape.center end
	local kind, n = versor.kind, normalize(versor.axis)
	if kind == "translator" then
		return ("centre moved by %s"):format(vec_text(add(c1, c0, -1)))
	elseif kind == "rotor" or kind == "motor" then
		local r0, r1 = add(c0, n, -dot(c0, n)), add(c1, n, -dot(c1, n))
		if math.sqrt(dot(r0, r0)) < 1e-9 then return "the centre is on the axis" end
		local angle = math.deg(math.atan(dot(n, figures.cross(r0, r1)), dot(r0, r1)))
		local text = ("centre turned %+.4g degrees about the axis (+: right-handed)"):format(angle)
		return kind == "rotor" and text or text .. (", %.3g along it"):format(dot(c1, n) - dot(c0, n))
	elseif kind == "dilator" then
		local d0, d1 = math.sqrt(dot(c0, c0)), math.sqrt(dot(c1, c1))
		local text = d0 > 0 and ("distance from the origin %.4g -> %.4g (x%.4g)"):format(d0, d1, d1 / d0) or "centre at the origin"
		if (q.before.radius2 or 0) > 0 then
			text = text .. ("; radius %.4g -> %.4g (x%.4g)"):format(q.before.radius, q.after.radius or 0,
				(q.after.radius or 0) / q.before.radius)
		end
		return text
	end
	local d = PARAMETERS.reflect.none + fraction * versor.amount
	return ("centre's side of the mirror: %.4g before, %.4g after"):format(dot(c0, n) - d, dot(c1, n) - d)
end

-- The rotor's or motor's axis, t from the origin, or the centre of dilation; the mirror comes last
-- (drawn translucent after everything, so what lies behind it still shows).
local function draw_versor(g)
	local kind, n = versor.kind, normalize(versor.axis)
	if kind == "rotor" or kind == "motor" then
		g.line3d(scale(n, -3), scale(n, 3), { line = { 1, 1, 1, 0.5 }, width = 1.5 })
	elseif kind == "dilator" then
		g.point3d({ 0, 0, 0 }, { fill = WHITE, size = 9 })
	elseif kind == "translator" then
		g.line3d({ 0, 0, 0 }, scale(n, versor.amount), { line = { 1, 1, 1, 0.35 }, width = 1 })
	end
end

local function draw_mirror(g)
	if versor.kind ~= "reflect" then return end
	local n, c = normalize(versor.axis), shape.center
	local d = fraction * versor.amount
	g.mesh(figures.plane_quad(add(c, n, d - dot(c, n)), n, 2.2), { fill = { 0.75, 0.78, 0.82, 0.2 }, boundary = false })
end

function draw(g)
	local view = STEPS[step].camera
	g.camera3d { target = { view[1], view[2], view[3] }, distance = view[4], yaw = 35, pitch = 25 }
	figures.axes(g, true)
	draw_versor(g)
	for _, path in ipairs(q.paths) do
		for i = 2, #path do g.line3d(path[i - 1], path[i], { line = PATH, width = 1.5 }) end
	end
	for _, piece in ipairs(q.pieces) do figures.draw_object(g, piece, ORANGE, "faint") end
	if STEPS[step].commute then
		figures.draw_common(g, q.meet:common(), figures.rgba(GREEN, 0.45), { width = 2 })
		figures.draw_common(g, q.meet_of_moved:common(), GREEN)
		figures.draw_common(g, q.moved_common, WHITE, { width = 2.5, dashed = true })
		figures.draw_object(g, A, BLUE, "dim")
		figures.draw_object(g, q.a_moved, ORANGE, "bright")
	end
	figures.draw_object(g, shape, BLUE, "dim")
	if shape.kind == "sphere" then figures.draw_object(g, shape, BLUE, "faint") end -- its great circles
	figures.draw_object(g, q.shape, ORANGE, "bright")
	draw_mirror(g)
	drag:view(g)

	g.hud("lesson", ("step %d of %d: %s"):format(step, #STEPS, STEPS[step][5]))
	g.hud("versor", versor_text())
	g.hud("V", tostring(q.V))
	if STEPS[step].commute then
		g.hud("A", ("%s -> %s"):format(figures.describe(A), geometry_text(q.a_geo)))
	end
	g.hud(STEPS[step].commute and "B before" or "before (blue)", geometry_text(q.before))
	g.hud(STEPS[step].commute and "B after" or "after (orange)", geometry_text(q.after))
	if not STEPS[step].commute then g.hud("change", change_text()) end
	if STEPS[step].commute then
		g.hud("meet(VA, VB)", tostring(q.meet_of_moved))
		g.hud("V meet(A,B) V~", tostring(q.moved_meet))
		local text = ("|meet(VA, VB) - V meet(A, B) V~| = %.3g (coefficients)"):format(q.difference)
		if q.factor and math.abs(q.factor - 1) > 1e-9 then
			text = text .. ("\nequal up to the factor %.6g: residual %.3g%s"):format(q.factor, q.residual,
				q.factor < 0 and " (a reflection turns the orientation over)" or
				" (the weight: the meet normalises its inputs, the dilator scales their weights)")
		end
		g.hud("difference", text)
	end
	local _, h = g.size()
	local x = 12
	for _, entry in ipairs{ { "before", BLUE }, { "after", ORANGE }, { "path", PATH }, { "x", { 0.95, 0.4, 0.4 } },
		{ "y", { 0.45, 0.9, 0.45 } }, { "z", { 0.45, 0.6, 1.0 } } } do
		x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
	end
	if STEPS[step].commute then
		for _, entry in ipairs{ { "meet(VA, VB)", GREEN }, { "V meet(A, B) V~ (dashed)", WHITE } } do
			x = x + g.text(x, h - 64, entry[1], entry[2]) + 14
		end
	end
	g.text(12, h - 44, "n / p: lesson step  a: next object  v: next versor  + / -: parameter", { 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "j / l, i / k: turn the axis  space: sweep  drag a +: move it  drag: orbit  wheel: zoom", { 0.7, 0.75, 0.8 })
end
