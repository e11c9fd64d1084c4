-- Circle against polygon (source 000, 4.3.2 and 4.5.5). A disc of radius r can only touch an
-- edge when its centre C lies within r of the edge's line: in the edge's extended area of
-- influence, the strip of half-width r around it (Prop. 4.7). The covering method (DC, Alg. 4.5)
-- first asks whether C is inside the polygon, then runs the exact disc/segment test on the edges
-- whose limited area of influence (the strip cut r beyond the edge's ends) holds C. The tri-tree
-- method (DC-TT, Alg. 4.9) looks only at the leaf cones whose cones and enclosing triangles,
-- pushed outwards by r, hold C, and tests only their edges.
--
-- Drawn: the areas of influence (yellow) that hold the centre (a cycles plain / extended /
-- limited), the leaf cones DC-TT visited (their enclosing triangles in cyan; x adds them pushed
-- out by r, Ext(T, r): thin cones push their apex far back), the edges it tested (cyan) and the
-- edges the disc touches (orange). The circle is red when it touches the polygon, grey when not.
-- The HUD compares DC and DC-TT.
--
-- Keys: left-drag moves the circle; + / - or [ / ] change the radius (so does the wheel, which
-- also zooms the view); s next polygon; a kind of area; t tri-tree overlay on/off; x extended
-- enclosing triangles; c cache on/off; right-drag pans.
-- Headless arguments: shape=NAME at=X,Y r=R area=plain|extended|limited keys=K1,K2,...
local collide = require "collide"
local input = require "input"
local shapes = require "shapes"

-- ---- the polygon classes (shapes.lua), each with this lesson's first circle (x, y, r) ----

local SHAPES = shapes.classes("circle", {
	star = { 1.3, 2.6, 0.5 }, ["C-shape"] = { 1.2, 0.3, 0.9 }, holes = { -1.9, -1.9, 0.7 },
	comb = { -0.95, 2.2, 0.58 }, spiral = { 1.0, -1.2, 0.45 }, convex = { 4.2, 1.0, 0.5 },
})

-- ---- script arguments: key=value words after the script ----

local ARGS = shapes.arguments(...)

-- ---- state ----

local KINDS = { "limited", "extended", "plain" }
local KIND_ABOUT = {
	limited = "the strip cut r beyond the edge's ends (AIEL, what DC tests)",
	extended = "the strip of half-width r around the edge's line (AIE)",
	plain = "the strip between the edge and its outward offset (AI)",
}
local shape = shapes.find(SHAPES, ARGS.shape) or 4
local kind = 1
local show_tree, show_ext, use_cache = true, false, false
local poly, tree, cov, tris, edges, origin, cache_dc, cache_tt
local circle = collide.circle(0, 0, 0.5)
local q = {}

local function rebuild()
	local s = SHAPES[shape]
	poly = shapes.polygon(s)
	tree = collide.tritree(poly, { depth = 4, min_triangles = 2 })
	cov = tree:covering()
	tris = cov:triangles()
	origin = { tree:apex() }
	edges = {}
	for i, t in ipairs(tris) do edges[i] = collide.segment(t.a[1], t.a[2], t.b[1], t.b[2]) end
	cache_dc, cache_tt = cov:cache(), tree:cache()
	circle = collide.circle(s.circle[1], s.circle[2], s.circle[3])
end

function load()
	rebuild()
	local x, y = shapes.number_pair(ARGS.at)
	if x then circle:move_to(x, y) end
	local r = tonumber(ARGS.r)
	if r and r >= 0 then circle.r = r end
	for i, name in ipairs(KINDS) do
		if name == ARGS.area then kind = i end
	end
	for key in shapes.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

local function resize(factor)
	circle.r = math.max(0.05, math.min(6, circle.r * factor))
end

local drag = input.drag(function(x, y) circle:move_to(x, y) end)
mousepressed, mousereleased, mousemoved = drag.mousepressed, drag.mousereleased, drag.mousemoved

function wheelmoved(dx, dy)
	if dy ~= 0 then resize(dy > 0 and 1.1 or 1 / 1.1) end
end

local GROW = { ["+"] = true, ["="] = true, ["keypad_+"] = true, ["]"] = true }
local SHRINK = { ["-"] = true, ["keypad_-"] = true, ["["] = true }

function keypressed(key)
	if key == "s" then
		shape = shape % #SHAPES + 1
		rebuild()
	elseif GROW[key] then
		resize(1.1)
	elseif SHRINK[key] then
		resize(1 / 1.1)
	elseif key == "a" then
		kind = kind % #KINDS + 1
	elseif key == "t" then
		show_tree = not show_tree
	elseif key == "x" then
		show_ext = not show_ext
	elseif key == "c" then
		use_cache = not use_cache
		cache_dc:reset()
		cache_tt:reset()
	end
end

-- ---- the queries ----

function update()
	local cx, cy, r = circle:unpack()
	-- DC: the covering alone (Alg. 4.5); DC-TT: the tri-tree (Alg. 4.9), with its trace
	if use_cache then
		q.dc, q.dc_stats = cov:collides_stats(circle, cache_dc)
	else
		q.dc, q.dc_stats = cov:collides_stats(circle)
	end
	q.tt, q.trace, q.tt_stats = tree:collides_trace(circle)
	if use_cache then q.tt, q.tt_stats = tree:collides_stats(circle, cache_tt) end
	q.centre_inside = cov:contains(cx, cy)
	-- the areas of influence holding the centre, and the edges the disc really touches
	q.areas, q.touching = {}, {}
	for i, edge in ipairs(edges) do
		if cov:in_influence(i, cx, cy, r, KINDS[kind]) then q.areas[#q.areas + 1] = i end
		if circle:intersects(edge) then q.touching[#q.touching + 1] = i end
	end
	-- the leaf cones DC-TT collected (the trace also holds the descent that located the centre)
	q.leaves, q.tested = {}, {}
	local seen = {}
	for _, c in ipairs(q.trace.cones) do
		if not seen[c] then
			seen[c] = true
			local cone = tree:cone(c)
			if cone.leaf then q.leaves[#q.leaves + 1] = cone end
		end
	end
	seen = {}
	for _, t in ipairs(q.trace.triangles) do
		if not seen[t] then
			seen[t] = true
			q.tested[#q.tested + 1] = t
		end
	end
end

-- ---- drawing ----

local YELLOW, CYAN, ORANGE = { 1.0, 0.85, 0.25 }, { 0.35, 0.85, 1.0 }, { 1.0, 0.55, 0.15 }

-- The triangle (a, b, c), counter-clockwise, with each side pushed out by r (Ext(T, r)).
local function pushed_out(a, b, c, r)
	local pts = { a, b, c }
	local lines = {}
	for i = 1, 3 do
		local p, q2 = pts[i], pts[i % 3 + 1]
		local dx, dy = q2[1] - p[1], q2[2] - p[2]
		local len = math.sqrt(dx * dx + dy * dy)
		if len == 0 then return nil end
		local nx, ny = dy / len, -dx / len
		lines[i] = { p[1] + nx * r, p[2] + ny * r, dx, dy }
	end
	local out = {}
	for i = 1, 3 do
		local l1, l2 = lines[(i + 1) % 3 + 1], lines[i] -- the two sides meeting at vertex i
		local den = l1[3] * l2[4] - l1[4] * l2[3]
		if math.abs(den) < 1e-12 then return nil end
		local t = ((l2[1] - l1[1]) * l2[4] - (l2[2] - l1[2]) * l2[3]) / den
		out[i] = { l1[1] + t * l1[3], l1[2] + t * l1[4] }
	end
	return out
end

function draw(g)
	g.camera2d { fit = { -11, -4.8, 4.8, 4.8 } }
	g.polygon(poly, { fill = { 0.33, 0.55, 0.86, 0.28 }, line = { 0.85, 0.88, 0.95 }, width = 1.5 })

	-- areas of influence holding the centre
	for _, i in ipairs(q.areas or {}) do
		local ok, corners = pcall(cov.influence, cov, i, circle.r, KINDS[kind])
		if ok then g.polygon(corners, { fill = { YELLOW[1], YELLOW[2], YELLOW[3], 0.16 }, line = YELLOW, width = 1.5 }) end
	end

	-- what DC-TT visited
	if show_tree then
		for _, cone in ipairs(q.leaves or {}) do
			g.triangle(origin[1], origin[2], cone.env1[1], cone.env1[2], cone.env2[1], cone.env2[2],
				{ fill = { CYAN[1], CYAN[2], CYAN[3], 0.08 }, line = CYAN, width = 1.5 })
			local ext = show_ext and pushed_out(origin, cone.env1, cone.env2, circle.r)
			if ext then g.line(ext, { line = { CYAN[1], CYAN[2], CYAN[3], 0.45 }, width = 1, closed = true }) end
		end
		for _, i in ipairs(q.tested or {}) do
			local t = tris[i]
			g.segment(t.a[1], t.a[2], t.b[1], t.b[2], { line = CYAN, width = 4 })
		end
	end
	for _, i in ipairs(q.touching or {}) do
		local t = tris[i]
		g.segment(t.a[1], t.a[2], t.b[1], t.b[2], { line = ORANGE, width = 5 })
	end

	-- edge numbers, for the HUD's lists
	local numbered = {}
	for _, i in ipairs(q.areas or {}) do numbered[i] = YELLOW end
	for _, i in ipairs(q.touching or {}) do numbered[i] = ORANGE end
	for i, color in pairs(numbered) do
		local t = tris[i]
		-- at the edge's middle, 14 pixels out on its outer side (the polygon is on its left)
		local ax, ay = g.to_screen(t.a[1], t.a[2])
		local bx, by = g.to_screen(t.b[1], t.b[2])
		local dx, dy = bx - ax, by - ay
		local len = math.sqrt(dx * dx + dy * dy)
		if len > 0 then
			local nx, ny = -dy / len, dx / len -- screen y points down: this is the outer side
			local text = tostring(i)
			g.text((ax + bx) / 2 + nx * 14 - 4.5 * #text, (ay + by) / 2 + ny * 14 - 9, text, color)
		end
	end

	local hit = q.tt
	g.circle(circle, { fill = hit and { 1.0, 0.35, 0.3, 0.35 } or { 0.6, 0.6, 0.65, 0.25 },
		line = hit and { 1.0, 0.45, 0.4 } or { 0.75, 0.75, 0.8 }, width = 2.5 })
	g.point(circle.x, circle.y, { fill = "white", size = 6 })
	g.point(origin[1], origin[2], { fill = { 0.85, 0.88, 0.95 }, size = 6 })

	-- HUD
	local s = SHAPES[shape]
	g.hud("polygon", ("%s, %d edges"):format(s.name, #tris))
	g.hud("circle", ("(%.2f, %.2f) r %.2f\n%s"):format(circle.x, circle.y, circle.r,
		hit and "TOUCHES the polygon" or "misses the polygon"))
	g.hud("centre", q.centre_inside and "inside: a hit without any edge" or "outside: edges decide")
	local list = #q.areas > 0 and table.concat(q.areas, " ", 1, math.min(#q.areas, 12)) or "none"
	g.hud(("%s areas"):format(KINDS[kind]), ("holding C: edges %s"):format(list))
	local touching = #q.touching > 0 and table.concat(q.touching, " ", 1, math.min(#q.touching, 12)) or "none"
	g.hud("disc touches", "edges " .. touching)
	local function row(answer, st)
		return ("%s: %d cones, %d tests%s"):format(answer and "HIT" or "miss", st.nodes_visited,
			st.primitives_tested, st.cache_hits > 0 and (", %d cache hits"):format(st.cache_hits) or "")
	end
	g.hud("DC (covering)", row(q.dc, q.dc_stats))
	g.hud("DC-TT (tree)", row(q.tt, q.tt_stats))
	g.hud("DC-TT visited", ("%d leaf cones"):format(#q.leaves))
	g.hud("cache", use_cache and "on" or "off")
	local _, h = g.size()
	g.text(12, h - 44, KINDS[kind] .. ": " .. KIND_ABOUT[KINDS[kind]], YELLOW)
	g.text(12, h - 24, "drag: circle  wheel, +/-: radius  s: polygon  a: area kind  t: tree  x: extended  c: cache",
		{ 0.7, 0.75, 0.8 })
end
