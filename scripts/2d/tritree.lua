-- The tri-tree (source 000, 4.5): four quadrant cones with their apex at the centroid O, each
-- split in two at the midpoint of its defining edge (so level 2 splits at 45 degrees, level 3 at
-- atan(1/3) = 18.4 and 71.6 degrees ...), until a cone holds few covering triangles or the depth
-- is reached. Every cone keeps the covering triangles that reach into it and an enclosing triangle
-- around them (filled, neighbours alternating in shade). A point query descends from the root to
-- the one leaf cone holding the point, rejects it at once when it lies beyond the leaf's enclosing
-- triangle, and otherwise adds the weights of only that leaf's triangles (Prop. 4.12).
--
-- The yellow wedge is the leaf cone holding the point, the yellow outline its enclosing triangle,
-- and the outlined covering triangles the ones the query summed. Step through it with space (or
-- n): one cone of the descent at a time, then the enclosing-triangle test, then one triangle at a
-- time; b steps back, x shows everything again.
--
-- Keys: left-drag moves the point; s next polygon; + / - depth; [ / ] fitting iterations (both
-- rebuild the tree); m minimum triangles per cone (1, 2, 4, 8); l level shown; f fitted
-- enclosing triangles; r raw (unfitted) ones; c enclosing circles; e regular envelope;
-- space / n step; b back; x leave the step mode.
-- Headless arguments: shape=NAME at=X,Y depth=D fit=N min=M level=L step=K
-- show=raw,circles,envelope,nofitted keys=K1,K2,...
local collide = require "collide"
local input = require "input"
local shapes = require "shapes"
local bary = collide.barycentric

-- ---- the polygon classes (shapes.lua), each with where this lesson starts its point ----

local SHAPES = shapes.classes("point", {
	star = { 1.2, 2.2 }, ["C-shape"] = { -2.2, 1.2 }, holes = { 0.63, 1.07 }, comb = { -1.97, 1.52 },
	spiral = { -1.87, -0.93 }, convex = { 1.5, 1.0 },
})

-- ---- script arguments: key=value words after the script ----

local ARGS = shapes.arguments(...)

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end

-- ---- state ----

local MINIMUMS = { 1, 2, 4, 8 }
local shape = shapes.find(SHAPES, ARGS.shape) or 5
local depth = clamp(math.tointeger(tonumber(ARGS.depth)) or 4, 1, 12)
local fit = clamp(math.tointeger(tonumber(ARGS.fit)) or 8, 0, 64)
local minimum = clamp(math.tointeger(tonumber(ARGS.min)) or 2, 1, 64)
local level = nil                      -- level shown; nil: the deepest
local show = { fitted = true, raw = false, circles = false, envelope = false }
local poly, tree, cov, tris, origin, stats
local point = { 0, 0 }
local step = 0                         -- 0: everything at once; k: the k-th step of the query
local q = {}                           -- what update computed for draw

local function rebuild(keep_point)
	local s = SHAPES[shape]
	poly = shapes.polygon(s)
	tree = collide.tritree(poly, { depth = depth, min_triangles = minimum, fit_iterations = fit })
	cov = tree:covering()
	tris = cov:triangles()
	origin = { tree:apex() }
	stats = tree:stats()
	local c = cov:bounding_circle()
	q.reach = c.r + math.sqrt((c.x - origin[1]) ^ 2 + (c.y - origin[2]) ^ 2) + 0.8
	if level and level > stats.levels then level = stats.levels end
	if not keep_point then point = { s.point[1], s.point[2] } end
end

function load()
	for word in shapes.words(ARGS.show) do
		if word == "nofitted" then show.fitted = false elseif show[word] ~= nil then show[word] = true end
	end
	rebuild()
	level = tonumber(ARGS.level) and clamp(math.tointeger(tonumber(ARGS.level)) or 1, 1, stats.levels) or nil
	local x, y = shapes.number_pair(ARGS.at)
	if x then point = { x, y } end
	step = math.tointeger(tonumber(ARGS.step)) or 0
	for key in shapes.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

local drag = input.drag(function(x, y) point = { x, y } end)
mousepressed, mousereleased, mousemoved = drag.mousepressed, drag.mousereleased, drag.mousemoved

local PLUS, MINUS = input.PLUS, input.MINUS

function keypressed(key)
	if key == "s" then
		shape = shape % #SHAPES + 1
		rebuild()
		step = 0
	elseif PLUS[key] or MINUS[key] then
		depth = clamp(depth + (PLUS[key] and 1 or -1), 1, 12)
		rebuild(true)
	elseif key == "[" or key == "]" then
		fit = clamp(fit + (key == "]" and 1 or -1), 0, 64)
		rebuild(true)
	elseif key == "m" then
		local next_one = 1
		for i, v in ipairs(MINIMUMS) do
			if v == minimum then next_one = i % #MINIMUMS + 1 end
		end
		minimum = MINIMUMS[next_one]
		rebuild(true)
	elseif key == "l" then
		level = ((level or stats.levels) % stats.levels) + 1
	elseif key == "f" then
		show.fitted = not show.fitted
	elseif key == "r" then
		show.raw = not show.raw
	elseif key == "c" then
		show.circles = not show.circles
	elseif key == "e" then
		show.envelope = not show.envelope
	elseif key == "space" or key == "n" then
		step = step + 1                     -- update() clamps it to the steps there are
	elseif key == "b" or key == "backspace" then
		step = math.max(0, step - 1)
	elseif key == "x" or key == "0" then
		step = 0
	end
end

-- ---- the query ----

local function angle_of(p)
	local a = math.deg(math.atan(p[2] - origin[2], p[1] - origin[1]))
	return a < 0 and a + 360 or a
end

local function position_weight(position, s)
	if position == "interior" then return 2 * s end
	if position == "edge 01" or position == "edge 02" then return s end
	return nil -- on the polygon's edge, or at O: decided without the sum
end

function update()
	local inside, trace = tree:trace(point[1], point[2])
	local _, query_stats = tree:contains_stats(point[1], point[2])
	q.inside, q.trace, q.stats = inside, trace, query_stats
	q.cones = {}
	for i, c in ipairs(trace.cones) do q.cones[i] = tree:cone(c) end
	local leaf = q.cones[#q.cones]
	-- the enclosing-triangle test of the leaf: alpha of P in (O, env1, env2)
	q.env_alpha = leaf and (bary.signs(origin, leaf.env1, leaf.env2, point)) or 1
	-- the triangles summed, with their weights and the running sum
	q.terms, q.sum = {}, 0
	for i, t in ipairs(trace.triangles) do
		local tri = tris[t]
		local position = tri.sign ~= 0 and bary.locate(origin, tri.a, tri.b, point) or "degenerate"
		local w = tri.sign ~= 0 and position_weight(position, tri.sign) or 0
		if position == "outside" then w = 0 end
		q.sum = q.sum + (w or 0)
		q.terms[i] = { index = t, position = position, weight = w, sum = q.sum }
	end
	q.steps = leaf and #q.cones + 1 + #q.terms + 1 or 1
	if step > q.steps then step = q.steps end
end

-- ---- drawing ----

local YELLOW, GREEN, RED, GREY = { 1.0, 0.85, 0.25 }, { 0.35, 0.9, 0.45 }, { 1.0, 0.4, 0.35 }, { 0.6, 0.62, 0.66 }

local function far_point(p, far)
	local dx, dy = p[1] - origin[1], p[2] - origin[2]
	local len = math.sqrt(dx * dx + dy * dy)
	return { origin[1] + dx / len * far, origin[2] + dy / len * far }
end

local function wedge(g, cone, alpha, line)
	local far = q.reach or 30
	local a, b = far_point(cone.ray1, far), far_point(cone.ray2, far)
	g.polygon({ origin, a, b }, { fill = { YELLOW[1], YELLOW[2], YELLOW[3], alpha }, line = false })
	g.line({ a, origin, b }, { line = line or { YELLOW[1], YELLOW[2], YELLOW[3], 0.7 }, width = 1.5 })
end

local function label(g, x, y, text, color)
	local sx, sy = g.to_screen(x, y)
	g.text(sx - 4 * #text, sy - 9, text, color)
end

local function cone_text(cone, index)
	return ("cone %d, level %d%s\n%.1f to %.1f deg, %d triangles"):format(index, cone.level,
		cone.leaf and " (a leaf)" or "", angle_of(cone.ray1), angle_of(cone.ray2), #cone.triangles)
end

local function draw_triangle(g, index, width, alpha)
	local t = tris[index]
	local color = t.sign > 0 and GREEN or (t.sign < 0 and RED or YELLOW)
	g.triangle(origin[1], origin[2], t.a[1], t.a[2], t.b[1], t.b[2],
		{ fill = { color[1], color[2], color[3], alpha or 0.25 }, line = color, width = width or 2.5 })
end

function draw(g)
	g.camera2d { fit = { -12.5, -6, 6.5, 6 } }
	g.polygon(poly, { fill = { 0.33, 0.55, 0.86, 0.18 }, line = false })
	g.tritree(tree, { level = level or stats.levels, fitted = show.fitted, raw = show.raw, circles = show.circles,
		envelope = show.envelope, fill = { 0.55, 0.6, 0.75, 0.16 }, line = { 0.65, 0.7, 0.85, 0.7 }, width = 1 })
	g.polygon(poly, { fill = false, line = "white", width = 2 })

	local cones, terms = q.cones or {}, q.terms or {}
	local leaf = cones[#cones]
	local text                                       -- what this step says
	if step > 0 and not leaf then
		text = "the point is outside the polygon's\nbounding circle: OUTSIDE before\nany cone is looked at"
	elseif step == 0 then
		if leaf then wedge(g, leaf, 0.10) end
		for _, term in ipairs(terms) do draw_triangle(g, term.index) end
		if leaf then g.line({ origin, leaf.env1, leaf.env2 }, { line = YELLOW, width = 2.5, closed = true }) end
	elseif step <= #cones then
		-- the descent: this cone holds the point (beta, gamma >= 0 in (O, ray1, ray2)); its sibling not
		local cone = cones[step]
		if cone.parent then
			local parent = tree:cone(cone.parent)
			for _, child in ipairs(parent.children) do
				if child ~= q.trace.cones[step] then
					local sibling = tree:cone(child)
					local far = q.reach
					local a, b = far_point(sibling.ray1, far), far_point(sibling.ray2, far)
					g.polygon({ origin, a, b }, { fill = { GREY[1], GREY[2], GREY[3], 0.16 }, line = false })
					local m = far_point({ (a[1] + b[1]) / 2, (a[2] + b[2]) / 2 }, far * 0.8)
					label(g, m[1], m[2], "not entered", GREY)
				end
			end
		end
		wedge(g, cone, 0.14)
		g.line({ origin, cone.env1, cone.env2 }, { line = YELLOW, width = 1.5, closed = true })
		text = cone_text(cone, q.trace.cones[step]) .. "\nthe point is in it (beta, gamma >= 0)\n" ..
			(cone.leaf and "the descent ends here" or "-> try its two children")
	elseif step == #cones + 1 then
		wedge(g, leaf, 0.10)
		g.line({ origin, leaf.env1, leaf.env2 }, { line = YELLOW, width = 3, closed = true })
		if q.env_alpha < 0 then
			text = "the leaf's enclosing triangle:\nalpha < 0, the point is beyond\nall of the cone's triangles\n-> OUTSIDE, nothing summed"
		else
			text = ("the leaf's enclosing triangle:\nalpha >= 0 -> sum the cone's\n%d triangles (Prop. 4.12:\nno other triangle can hold it)"):format(#leaf.triangles)
		end
	elseif step <= #cones + 1 + #terms then
		wedge(g, leaf, 0.08)
		local k = step - #cones - 1
		for i = 1, k - 1 do draw_triangle(g, terms[i].index, 1.5, 0.10) end
		draw_triangle(g, terms[k].index, 3.5, 0.35)
		local term, tri = terms[k], tris[terms[k].index]
		local w = term.weight
		text = ("triangle %d (%s)\nthe point: %s\n%s\nrunning sum %d"):format(term.index,
			tri.sign > 0 and "+" or (tri.sign < 0 and "-" or "degenerate"), term.position,
			w == nil and "on the boundary: inside" or ("weight %s%d"):format(w >= 0 and "+" or "", w), term.sum)
	else
		for _, term in ipairs(terms) do draw_triangle(g, term.index) end
		if leaf and q.env_alpha < 0 then
			text = "answer: OUTSIDE\n(rejected by the enclosing\ntriangle)"
		else
			text = ("answer: sum %d\n-> %s"):format(q.sum, q.inside and "INSIDE" or "outside")
		end
	end
	label(g, origin[1], origin[2] - 0.35, "O", "white")
	g.point(point[1], point[2], { fill = "black", size = 15 })
	g.point(point[1], point[2], { fill = q.inside and "green" or "grey", size = 11 })

	-- HUD
	local s = SHAPES[shape]
	g.hud("polygon", ("%s, %d edges"):format(s.name, #tris))
	g.hud("options", ("depth %d  fit %d  min %d"):format(depth, fit, minimum))
	g.hud("tree", ("%d levels, %d cones, %d leaves\n%d triangles stored (%d copies)\nat most %d in a leaf, %d bytes"):format(
		stats.levels, stats.cones, stats.leaves, stats.triangles_stored, stats.duplicates, stats.max_leaf_triangles,
		stats.memory_bytes))
	local shown = {}
	for _, k in ipairs { "fitted", "raw", "circles", "envelope" } do
		if show[k] then shown[#shown + 1] = k end
	end
	g.hud("drawn", ("level %d: %s"):format(level or stats.levels, #shown > 0 and table.concat(shown, ", ") or "cones only"))
	g.hud("point", ("(%.2f, %.2f) %s"):format(point[1], point[2], q.inside and "INSIDE" or "outside"))
	if leaf then
		local path = {}
		for i, c in ipairs(q.trace.cones) do path[i] = tostring(c) end
		g.hud("descent", ("cones %s\nleaf: %.1f to %.1f deg"):format(table.concat(path, " > "), angle_of(leaf.ray1),
			angle_of(leaf.ray2)))
	end
	g.hud("this query", ("%d cones visited, %d triangles\ntested (of %d)"):format(q.stats.nodes_visited,
		q.stats.primitives_tested, #tris))
	if step > 0 then
		g.hud(("step %d of %d"):format(step, q.steps), text)
	else
		g.hud("step", "press space to step through")
	end
	local _, h = g.size()
	g.text(12, h - 44, "drag: point  s: polygon  +/-: depth  [ ]: fit  m: min triangles  l: level", { 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "f: fitted  r: raw  c: circles  e: envelope  space/n: step  b: back  x: all", { 0.7, 0.75, 0.8 })
end
