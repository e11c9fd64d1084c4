-- GJK in 2D, step by step (source 004; collide.gjk, gjk.h). The distance between two convex shapes A
-- and B is the distance from the origin to their Minkowski difference K = A - B = {a - b}. GJK never
-- builds K: it asks A and B for support points (their farthest points along a direction) and walks a
-- simplex of K's points (a point, a segment, a triangle) towards the origin:
--   v    the simplex's point nearest the origin (Johnson's sub-algorithm);
--   w    K's support point along -v: w = s_A(-v) - s_B(v), the search direction being -v;
--   g    = |v|^2 - v.w bounds the error (Theorem 1): v.w/|v| <= distance <= |v|; stop when g ~ 0;
--   then Johnson picks, from the simplex and w, the subset whose hull holds the new nearest point,
--   by the signs of the determinants Delta_i(Y) (eq. 1.11; the HUD lists them for every subset).
-- Rounded shapes (circles, capsules) are their cores swept by a disc: GJK works on the cores and
-- takes the radii off at the end, so K is drawn for the cores (solid) and with the radii (dashed grey).
--
-- Drawn, left: A (blue) and B (orange) where they are, the support points s_A(-v) and s_B(v) of the
-- current step with the directions they answer, and the witness segment between the nearest points
-- (white; red on overlap, with EPA's penetration normal). Right, around its own origin (the white
-- cross): K, the simplex the step starts from (violet), w (yellow) and the search direction -v
-- (yellow arrow), v (cyan arrow), the subset Johnson kept (bold) and the next v (cyan dot).
--
-- Keys: space / n next step, b back, x last step, r first step; left-drag moves the shape nearer the
-- mouse (A or B); q / e turn B; s next shape for A, o next shape for B; p the paper's mode (source as
-- printed) or the default (van den Bergen's bookkeeping); right-drag pans, the wheel zooms.
-- Headless arguments: a=NAME b=NAME at=X,Y (B's centre) angle=DEGREES (B's turn) step=K (1 = the
-- first; a number past the end shows the last) mode=paper keys=K1,K2,...
-- Shapes: pentagon, triangle, square, circle, capsule, rounded triangle, segment.
local collide = require "collide"
local cd = require "convex_draw"

local ARGS = cd.arguments(...)

local SHAPES = {
	{ name = "pentagon", make = function()
		return collide.polygon2{ { -1.2, -0.8 }, { 0.9, -1.0 }, { 1.4, 0.3 }, { 0.2, 1.3 }, { -1.3, 0.6 } }
	end },
	{ name = "triangle", make = function() return collide.polygon2{ { -0.9, -0.7 }, { 1.0, -0.5 }, { -0.1, 1.0 } } end },
	{ name = "square", make = function() return collide.polygon2{ { -0.8, -0.8 }, { 0.8, -0.8 }, { 0.8, 0.8 }, { -0.8, 0.8 } } end },
	{ name = "circle", make = function() return collide.circle(0, 0, 0.9) end },
	{ name = "capsule", make = function() return collide.capsule2({ -0.8, 0 }, { 0.8, 0 }, 0.4) end },
	{ name = "rounded triangle", make = function()
		return collide.polygon2{ { -0.7, -0.5 }, { 0.8, -0.4 }, { -0.1, 0.8 } }:rounded(0.3)
	end },
	{ name = "segment", make = function() return collide.capsule2({ -1.1, -0.3 }, { 1.1, 0.3 }, 0) end },
}

local K_ORIGIN = { 8.5, 0 } -- where K's origin is drawn
local WHITE, BLUE, ORANGE = { 1, 1, 1 }, { 0.45, 0.62, 0.98 }, { 0.98, 0.62, 0.25 }
local YELLOW, CYAN, VIOLET = { 1.0, 0.9, 0.3 }, { 0.35, 0.9, 0.95 }, { 0.75, 0.55, 1.0 }
local RED, GREEN, GREY = { 1.0, 0.35, 0.3 }, { 0.4, 0.9, 0.5 }, { 0.6, 0.62, 0.68 }

local function rgba(c, a) return { c[1], c[2], c[3], a } end
local function xy(p) return ("(%.3g, %.3g)"):format(p[1], p[2]) end

-- ---- state ----

local a_index = cd.find(SHAPES, ARGS.a) or 1
local b_index = cd.find(SHAPES, ARGS.b) or 2
local pose_a = { position = { -3.2, -0.2 }, angle = 0 }
local pose_b = { position = { -1.5, 1.7 }, angle = math.rad(200) }
local paper = ARGS.mode == "paper"
local step = 2
local A, B    -- the shapes, placed
local q = {}  -- what update computed for draw
local dragging, grab = nil, nil -- the pose being dragged, and where in it the mouse took it

local function place()
	A = SHAPES[a_index].make():moved_to(pose_a)
	B = SHAPES[b_index].make():moved_to(pose_b)
end

-- ---- K = A - B: the hull of its support points (and of the vertex differences of two polygons) ----

local DIRECTIONS = {}
for i = 0, 179 do DIRECTIONS[#DIRECTIONS + 1] = { math.cos(2 * math.pi * i / 180), math.sin(2 * math.pi * i / 180) } end

local function minkowski(core)
	local points = {}
	for _, d in ipairs(DIRECTIONS) do
		local sa = core and cd.core_support(A, d) or A:support(d)
		local sb = core and cd.core_support(B, { -d[1], -d[2] }) or B:support{ -d[1], -d[2] }
		points[#points + 1] = { sa[1] - sb[1], sa[2] - sb[2] }
	end
	if A:kind() == "polygon" and B:kind() == "polygon" then
		for _, a in ipairs(A:vertices()) do
			for _, b in ipairs(B:vertices()) do points[#points + 1] = { a[1] - b[1], a[2] - b[2] } end
		end
	end
	return cd.hull2(points)
end

-- ---- the query ----

local function run()
	place()
	q.distance, q.point_a, q.point_b, q.info = collide.gjk(A, B, { trace = true, paper = paper })
	q.trace = q.info.trace
	q.k_core, q.k_full = minkowski(true), minkowski(false)
	q.rounded = A:rounding() + B:rounding() > 0
	q.depth, q.normal, q.pen_a, q.pen_b = nil, nil, nil, nil
	if q.info.overlap then
		q.depth, q.normal, q.pen_a, q.pen_b = collide.penetration(A, B)
	end
	step = math.max(1, math.min(step, #q.trace))
end

function load()
	local at = cd.numbers(ARGS.at)
	if at and #at >= 2 then pose_b.position = { at[1], at[2] } end
	local angle = tonumber(ARGS.angle)
	if angle and angle == angle and math.abs(angle) < math.huge then pose_b.angle = math.rad(angle) end
	step = math.max(1, math.floor(tonumber(ARGS.step) or 2))
	run()
	for key in cd.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

function keypressed(key)
	if key == "space" or key == "n" then
		step = math.min(step + 1, #q.trace)
	elseif key == "b" or key == "backspace" then
		step = math.max(step - 1, 1)
	elseif key == "x" then
		step = #q.trace
	elseif key == "r" then
		step = 1
	elseif key == "q" or key == "e" then
		pose_b.angle = pose_b.angle + (key == "e" and -1 or 1) * math.rad(10)
		run()
	elseif key == "s" then
		a_index = a_index % #SHAPES + 1
		run()
	elseif key == "o" then
		b_index = b_index % #SHAPES + 1
		run()
	elseif key == "p" then
		paper = not paper
		run()
	end
end

function mousepressed(x, y, button)
	if button ~= 1 then return end
	local da = math.abs(x - pose_a.position[1]) + math.abs(y - pose_a.position[2])
	local db = math.abs(x - pose_b.position[1]) + math.abs(y - pose_b.position[2])
	dragging = da < db and pose_a or pose_b
	grab = { x - dragging.position[1], y - dragging.position[2] }
end

function mousereleased(_, _, button)
	if button == 1 then dragging = nil end
end

function mousemoved(x, y)
	if not dragging then return end
	local p = { x - grab[1], y - grab[2] }
	-- keep the shapes on the left panel, where K's picture does not cover them
	p[1] = math.max(-7, math.min(3, p[1]))
	p[2] = math.max(-4, math.min(4, p[2]))
	dragging.position = p
	run()
end

-- ---- drawing ----

local function in_k(p) return { K_ORIGIN[1] + p[1], K_ORIGIN[2] + p[2] } end

local function draw_shape(g, shape, color)
	local kind = shape:kind()
	local style = { fill = rgba(color, 0.3), line = color, width = 2 }
	if kind == "circle" then
		g.circle(shape.x, shape.y, shape.r, style)
	elseif kind == "segment" then
		g.segment(shape, { line = color, width = 3 })
	else
		-- the outline of any other shape: its support points all round
		local outline = {}
		for i, d in ipairs(DIRECTIONS) do outline[i] = shape:support(d) end
		g.polygon(cd.hull2(outline), style)
	end
end

local function arrow(g, from, to, style)
	g.segment(from[1], from[2], to[1], to[2], style)
	local d = { to[1] - from[1], to[2] - from[2] }
	local n = math.sqrt(d[1] * d[1] + d[2] * d[2])
	if n < 1e-9 then return end
	local u, h = { d[1] / n, d[2] / n }, math.min(0.25, 0.4 * n)
	for _, s in ipairs{ 1, -1 } do
		local side = { to[1] - h * u[1] + s * 0.5 * h * u[2], to[2] - h * u[2] - s * 0.5 * h * u[1] }
		g.segment(to[1], to[2], side[1], side[2], style)
	end
end

local function unit(v)
	local n = math.sqrt(v[1] * v[1] + v[2] * v[2])
	if n == 0 then return { 0, 0 } end
	return { v[1] / n, v[2] / n }
end

-- The simplex's points as a closed outline (1, 2 or 3 points).
local function simplex_outline(g, points, style)
	if #points == 1 then
		g.point(points[1][1], points[1][2], { fill = style.line, size = 10 })
	elseif #points == 2 then
		g.segment(points[1][1], points[1][2], points[2][1], points[2][2], style)
	elseif #points >= 3 then
		g.polygon(points, style)
	end
end

local function same(p, r) return p[1] == r[1] and p[2] == r[2] end

-- The Delta table of a step as HUD text: the subsets of each size on one line, each with its
-- Delta_i for i in it; the subset Johnson kept marked with >.
local function delta_text(s)
	local n = #s.candidates
	if n == 0 then return nil end
	local kept = 0
	for _, i in ipairs(s.kept) do kept = kept | (1 << (i - 1)) end
	local rows = {}
	for mask = 1, (1 << n) - 1 do
		local members, values, size = {}, {}, 0
		for i = 1, n do
			if mask & (1 << (i - 1)) ~= 0 then
				members[#members + 1] = tostring(i)
				values[#values + 1] = ("%.3g"):format(s.deltas[mask][i])
				size = size + 1
			end
		end
		rows[size] = rows[size] or {}
		table.insert(rows[size], ("%s{%s} %s"):format(mask == kept and ">" or "", table.concat(members, ","),
			table.concat(values, ", ")))
	end
	local lines = {}
	for size = 1, n do lines[size] = table.concat(rows[size], "   ") end
	return table.concat(lines, "\n")
end

function draw(g)
	g.camera2d { fit = { -7.2, -4.4, 13.2, 8.6 }, margin = 0.02 }
	local s = q.trace[step]
	local last = step == #q.trace

	-- the two panels' frames
	g.line({ { 3.6, -4.4 }, { 3.6, 4.4 } }, { line = rgba(GREY, 0.35), width = 1 })
	g.segment(K_ORIGIN[1] - 0.35, K_ORIGIN[2], K_ORIGIN[1] + 0.35, K_ORIGIN[2], { line = WHITE, width = 2 })
	g.segment(K_ORIGIN[1], K_ORIGIN[2] - 0.35, K_ORIGIN[1], K_ORIGIN[2] + 0.35, { line = WHITE, width = 2 })

	-- left: A and B
	draw_shape(g, A, BLUE)
	draw_shape(g, B, ORANGE)

	-- right: K of the cores (and with the radii)
	local core, full = {}, {}
	for i, p in ipairs(q.k_core) do core[i] = in_k(p) end
	for i, p in ipairs(q.k_full) do full[i] = in_k(p) end
	if q.rounded then g.line(full, { line = rgba(GREY, 0.8), width = 1.5, closed = true }) end
	if #core >= 3 then
		g.polygon(core, { fill = rgba(GREEN, 0.16), line = rgba(GREEN, 0.9), width = 2 })
	elseif #core == 2 then
		g.segment(core[1][1], core[1][2], core[2][1], core[2][2], { line = GREEN, width = 3 })
	end

	if s then
		local v, w = s.v, s.w
		-- the simplex the step starts from: the candidates without w (or v alone at the first step)
		local before = {}
		for _, c in ipairs(s.candidates) do
			if not same(c.w, w) or #s.candidates == 1 then before[#before + 1] = in_k(c.w) end
		end
		if #s.candidates == 0 then before = { in_k(v) } end
		simplex_outline(g, before, { fill = rgba(VIOLET, 0.22), line = VIOLET, width = 2.5 })
		for _, p in ipairs(before) do g.point(p[1], p[2], { fill = VIOLET, size = 9 }) end
		-- the subset Johnson kept, with w: where the next simplex is
		local kept = {}
		for _, i in ipairs(s.kept) do kept[#kept + 1] = in_k(s.candidates[i].w) end
		if #kept >= 2 then simplex_outline(g, kept, { fill = rgba(CYAN, 0.12), line = CYAN, width = 4 }) end
		-- v, the search direction -v, and w
		arrow(g, K_ORIGIN, in_k(v), { line = CYAN, width = 2.5 })
		local dir = unit({ -v[1], -v[2] })
		arrow(g, K_ORIGIN, in_k({ 1.2 * dir[1], 1.2 * dir[2] }), { line = YELLOW, width = 2.5 })
		-- the supporting line through w, across -v: all of K lies on v's side of it; when the origin
		-- lies beyond it (v.w > 0), it separates K from the origin
		local across = { -dir[2], dir[1] }
		local w1 = in_k({ w[1] - 1.6 * across[1], w[2] - 1.6 * across[2] })
		local w2 = in_k({ w[1] + 1.6 * across[1], w[2] + 1.6 * across[2] })
		g.segment(w1[1], w1[2], w2[1], w2[2], { line = rgba(YELLOW, 0.55), width = 1.5 })
		g.point(in_k(w)[1], in_k(w)[2], { fill = YELLOW, size = 13 })
		if s.next_v then
			local p = in_k(s.next_v)
			g.point(p[1], p[2], { fill = CYAN, size = 9 })
		end
		-- left: the supports that made w, each with the direction it answers
		local sa, sb = s.support_a, s.support_b
		g.point(sa[1], sa[2], { fill = BLUE, size = 12 })
		g.point(sb[1], sb[2], { fill = ORANGE, size = 12 })
		arrow(g, sa, { sa[1] + 0.7 * dir[1], sa[2] + 0.7 * dir[2] }, { line = BLUE, width = 2 })
		arrow(g, sb, { sb[1] - 0.7 * dir[1], sb[2] - 0.7 * dir[2] }, { line = ORANGE, width = 2 })
	end

	-- the answer: the witness segment (or the penetration)
	if q.info.overlap then
		if q.pen_a then
			g.segment(q.pen_a[1], q.pen_a[2], q.pen_b[1], q.pen_b[2], { line = RED, width = 3 })
			arrow(g, q.pen_b, { q.pen_b[1] + 0.9 * q.normal[1], q.pen_b[2] + 0.9 * q.normal[2] }, { line = RED, width = 2 })
		end
	else
		g.segment(q.point_a[1], q.point_a[2], q.point_b[1], q.point_b[2],
			{ line = last and WHITE or rgba(WHITE, 0.45), width = last and 3 or 1.5 })
		g.point(q.point_a[1], q.point_a[2], { fill = WHITE, size = last and 9 or 6 })
		g.point(q.point_b[1], q.point_b[2], { fill = WHITE, size = last and 9 or 6 })
		-- in K: the nearest point, |v| = the core distance
		local p = in_k({ q.point_a[1] - q.point_b[1], q.point_a[2] - q.point_b[2] })
		if not q.rounded then g.point(p[1], p[2], { fill = last and WHITE or rgba(WHITE, 0.5), size = 7 }) end
	end

	-- labels
	local function label(p, text, color)
		local x, y = g.to_screen(p[1], p[2])
		g.text(x + 8, y - 8, text, color)
	end
	label({ pose_a.position[1], pose_a.position[2] }, "A", BLUE)
	label({ pose_b.position[1], pose_b.position[2] }, "B", ORANGE)
	label({ K_ORIGIN[1] + 0.1, K_ORIGIN[2] - 0.15 }, "origin", WHITE)
	label({ 3.8, -4.0 }, "K = A - B" .. (q.rounded and " (cores; grey: with the radii)" or ""), GREEN)

	-- HUD
	g.hud("shapes", ("A %s, B %s at %s, %.0f deg"):format(SHAPES[a_index].name, SHAPES[b_index].name,
		xy(pose_b.position), math.deg(pose_b.angle)))
	g.hud("mode", paper and "paper (source as printed)" or "default (van den Bergen's bookkeeping)")
	if q.info.overlap then
		g.hud("answer", ("OVERLAP after %d iterations: the origin is in K%s"):format(q.info.iterations,
			q.depth and ("; EPA depth %.4g along %s"):format(q.depth, xy(q.normal)) or ""))
	else
		g.hud("answer", ("distance %.6g after %d iterations (cores %.6g%s)"):format(q.distance, q.info.iterations,
			q.info.core_distance, q.rounded and (", minus the radii %.3g"):format(A:rounding() + B:rounding()) or ""))
	end
	if s then
		g.hud("step", ("%d of %d%s"):format(step, #q.trace, s.stop and ": g is small enough, stop" or ""))
		g.hud("v", ("%s, |v| = %.5g"):format(xy(s.v), math.sqrt(s.vv)))
		g.hud("w", ("s_A(-v) - s_B(v) = %s - %s = %s"):format(xy(s.support_a), xy(s.support_b), xy(s.w)))
		g.hud("g", ("|v|^2 - v.w = %.4g;  %.5g <= distance <= %.5g"):format(s.g, s.lower, s.upper))
		local deltas = delta_text(s)
		if deltas then
			g.hud("Delta_i(Y)", deltas .. (s.backup and "\n(backup procedure)" or ""))
		end
	end

	local _, h = g.size()
	local x = 12
	for _, entry in ipairs{ { "A", BLUE }, { "B", ORANGE }, { "K", GREEN }, { "simplex", VIOLET }, { "kept", CYAN },
		{ "v", CYAN }, { "w and -v", YELLOW }, { "witnesses", WHITE } } do
		x = x + g.text(x, h - 44, entry[1], entry[2]) + 14
	end
	g.text(12, h - 24, "space/n: step  b: back  x: last  r: first  drag: move A or B  q/e: turn B  s/o: shape A/B  p: paper mode",
		{ 0.7, 0.75, 0.8 })
end
