-- Polygon against polygon (source 000, 4.4.3 and 4.6). Polygon A stays put with its tri-tree;
-- polygon B is placed over it by a pose (x, y, angle): nothing is rebuilt when B moves. Three
-- methods answer the same question:
--   tritree   (DC-TT, Alg. 4.13) pairs of enclosing triangles of both trees, descended together,
--             after marking the cones that reach past the other's regular envelope;
--   cone_list (DC-List, Alg. 4.14) B replaced by a circle around it: A's leaf cones the circle
--             reaches, their edges tested against B's edges where B changes side of them;
--   covering  (DC, Alg. 4.7) no tree: every edge of A whose area of influence holds B's centre.
-- The source's three algorithms miss containment when B's centre is not in A: A lying wholly
-- inside B, or B covering a hole of A with its centre in the hole (no edges cross either way). The
-- engine adds the containment check (a vertex of each inside the other); presets 3 and 6 show it.
--
-- Drawn: A's cones the selected method visited (their enclosing triangles, cyan), A's edges it
-- tested (cyan), B's circle for cone_list, and the pairs of edges that cross (orange). B is red
-- when the polygons touch, grey when not.
--
-- Keys: left-drag moves B; q / e (or left / right) rotate it; m method; s next polygon A; o next
-- polygon B; p next preset; right-drag pans.
-- Headless arguments: a=NAME b=NAME at=X,Y angle=DEGREES method=NAME preset=N keys=K1,K2,...
local collide = require "collide"
local input = require "input"
local shapes = require "shapes"
local bary = collide.barycentric

-- ---- the polygon classes (shapes.lua), a small one for A, and small ones to move ----

local SHAPES = shapes.classes()
SHAPES[#SHAPES + 1] = { name = "chip", about = "a unit square",
	make = function() return { { -0.5, -0.5 }, { 0.5, -0.5 }, { 0.5, 0.5 }, { -0.5, 0.5 } } end }

-- B's shapes, each around its own (0, 0): the pose rotates B about that point.
local MOVERS = {
	{ name = "bar", make = function() return { { -1.6, -0.22 }, { 1.6, -0.22 }, { 1.6, 0.22 }, { -1.6, 0.22 } } end },
	{ name = "small star", make = function() return shapes.star(5, 0.6, 0.27) end },
	{ name = "L-shape", make = function()
		return { { -0.9, -0.9 }, { 0.9, -0.9 }, { 0.9, -0.4 }, { -0.4, -0.4 }, { -0.4, 0.9 }, { -0.9, 0.9 } }
	end },
	{ name = "triangle", make = function() return { { -0.4, -0.3 }, { 0.4, -0.3 }, { 0, 0.4 } } end },
	{ name = "big C", make = shapes.c_shape },
	{ name = "square", make = function() return { { -1.4, -1.4 }, { 1.4, -1.4 }, { 1.4, 1.4 }, { -1.4, 1.4 } } end },
}

-- The presets: a polygon A, a polygon B and B's pose, each showing one situation.
local PRESETS = {
	{ about = "edges cross", a = "comb", b = "bar", x = -0.9, y = 2.4, angle = 14 },
	{ about = "B inside A, no edge crosses", a = "holes", b = "small star", x = 3.3, y = 0.2, angle = 0 },
	{ about = "containment: A inside B's bar (the source misses it)", a = "chip", b = "big C", x = 2.25, y = 0.1, angle = 0 },
	{ about = "B in a hole: no contact", a = "holes", b = "triangle", x = -1.9, y = -1.9, angle = 10 },
	{ about = "B between the spiral's turns", a = "spiral", b = "triangle", x = -2.45, y = 0.0, angle = 90 },
	{ about = "containment: B covers a hole of A (the source misses it)", a = "holes", b = "square", x = -1.9, y = -1.9, angle = 0 },
}

-- ---- script arguments: key=value words after the script ----

local ARGS = shapes.arguments(...)

-- ---- state ----

local METHODS = { "tritree", "cone_list", "covering" }
local method = 1
local a_index, b_index = 4, 1
local preset = 1
local pose = { x = 0, y = 0, angle = 0 }
local polyA, treeA, covA, trisA, originA
local polyB, treeB, covB, contoursB
local grab = { 0, 0 }
local q = {}

local function build_a()
	polyA = shapes.polygon(SHAPES[a_index])
	treeA = collide.tritree(polyA, { depth = 4, min_triangles = 2 })
	covA = treeA:covering()
	trisA = covA:triangles()
	originA = { treeA:apex() }
end

local function build_b()
	-- B's tree gets its apex at B's own (0, 0) only when that point is inside; else its centroid
	polyB = shapes.polygon(MOVERS[b_index])
	treeB = collide.tritree(polyB, { depth = 3, min_triangles = 2 })
	covB = treeB:covering()
	contoursB = polyB:contours()
end

local function use_preset(k)
	preset = (k - 1) % #PRESETS + 1
	local p = PRESETS[preset]
	a_index, b_index = shapes.find(SHAPES, p.a), shapes.find(MOVERS, p.b)
	pose = { x = p.x, y = p.y, angle = math.rad(p.angle) }
	build_a()
	build_b()
end

function load()
	use_preset(tonumber(ARGS.preset) or 1)
	if ARGS.a and shapes.find(SHAPES, ARGS.a) then
		a_index = shapes.find(SHAPES, ARGS.a)
		build_a()
	end
	if ARGS.b and shapes.find(MOVERS, ARGS.b) then
		b_index = shapes.find(MOVERS, ARGS.b)
		build_b()
	end
	local x, y = shapes.number_pair(ARGS.at)
	if x then pose.x, pose.y = x, y end
	if tonumber(ARGS.angle) then pose.angle = math.rad(tonumber(ARGS.angle)) end
	for i, name in ipairs(METHODS) do
		if name == ARGS.method then method = i end
	end
	for key in shapes.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

-- the left button drags B by where it was grabbed
local drag = input.drag(function(x, y) pose.x, pose.y = x + grab[1], y + grab[2] end,
	function(x, y) grab = { pose.x - x, pose.y - y } end)
mousepressed, mousereleased, mousemoved = drag.mousepressed, drag.mousereleased, drag.mousemoved

function keypressed(key)
	if key == "q" or key == "left" then
		pose.angle = pose.angle + math.rad(5)
	elseif key == "e" or key == "right" then
		pose.angle = pose.angle - math.rad(5)
	elseif key == "m" then
		method = method % #METHODS + 1
	elseif key == "s" then
		a_index = a_index % #SHAPES + 1
		build_a()
	elseif key == "o" then
		b_index = b_index % #MOVERS + 1
		build_b()
	elseif key == "p" then
		use_preset(preset + 1)
	end
end

-- ---- geometry ----

local function place(p) -- B's frame -> A's frame (the world)
	local c, s = math.cos(pose.angle), math.sin(pose.angle)
	return { pose.x + c * p[1] - s * p[2], pose.y + s * p[1] + c * p[2] }
end

local function unplace(p) -- A's frame -> B's frame
	local c, s = math.cos(pose.angle), math.sin(pose.angle)
	local dx, dy = p[1] - pose.x, p[2] - pose.y
	return { c * dx + s * dy, -s * dx + c * dy }
end

local function edges_of(contours, transform)
	local list = {}
	for _, contour in ipairs(contours) do
		for i = 1, #contour do
			local a, b = contour[i], contour[i % #contour + 1]
			if transform then a, b = transform(a), transform(b) end
			list[#list + 1] = { a, b }
		end
	end
	return list
end

-- ---- the queries ----

function update()
	local p = { x = pose.x, y = pose.y, angle = pose.angle }
	q.answers = {}
	for i, name in ipairs(METHODS) do
		local hit, st = treeA:collides_stats(treeB, p, name)
		q.answers[i] = { hit = hit, stats = st }
	end
	q.hit, q.trace = treeA:collides_trace(treeB, p, METHODS[method])

	-- the oracle, by brute force: crossing edge pairs, and containment either way
	q.edgesA = edges_of(polyA:contours())
	q.edgesB = edges_of(contoursB, place)
	q.crossing = {}
	for i, ea in ipairs(q.edgesA) do
		for j, eb in ipairs(q.edgesB) do
			if bary.segments(ea[1], ea[2], eb[1], eb[2]) then q.crossing[#q.crossing + 1] = { i, j } end
		end
	end
	-- the pair the query stopped at: the last edge of A it tested, with an edge of B crossing it
	-- (covering edge i is polygon edge i, contours in order, as edges_of lists them)
	q.stop = nil
	local last = q.hit and q.trace.triangles[#q.trace.triangles]
	for _, pair in ipairs(q.crossing) do
		if pair[1] == last then q.stop = pair break end
	end
	local vertexA = polyA:contours()[1][1]
	q.a_in_b = polyB:contains(unplace(vertexA))
	q.b_in_a = polyA:contains(q.edgesB[1][1])
	-- B's reference point as the source takes it: its centroid if inside B, else a vertex of B
	local ox, oy = covB:origin()
	local ref = covB:origin_inside() and { ox, oy } or contoursB[1][1]
	q.ref = place(ref)
	q.ref_in_a = polyA:contains(q.ref)
	q.source = #q.crossing > 0 or q.ref_in_a
	q.oracle = #q.crossing > 0 or q.a_in_b or q.b_in_a
	local circle = covB:bounding_circle()
	q.circle_c, q.circle_r = place({ circle.x, circle.y }), circle.r
end

-- ---- drawing ----

local CYAN, ORANGE, WHITE = { 0.35, 0.85, 1.0 }, { 1.0, 0.55, 0.15 }, { 0.85, 0.88, 0.95 }

function draw(g)
	g.camera2d { fit = { -12.5, -5.5, 5.5, 5.5 } }
	g.polygon(polyA, { fill = { 0.33, 0.55, 0.86, 0.30 }, line = WHITE, width = 1.5 })

	-- what the selected method visited in A
	local seen = {}
	for _, c in ipairs(q.trace.cones) do
		if not seen[c] then
			seen[c] = true
			local cone = treeA:cone(c)
			g.triangle(originA[1], originA[2], cone.env1[1], cone.env1[2], cone.env2[1], cone.env2[2],
				{ fill = { CYAN[1], CYAN[2], CYAN[3], 0.05 }, line = { CYAN[1], CYAN[2], CYAN[3], 0.6 }, width = 1 })
		end
	end
	for _, i in ipairs(q.trace.triangles) do
		local t = trisA[i]
		g.segment(t.a[1], t.a[2], t.b[1], t.b[2], { line = CYAN, width = 4 })
	end
	if METHODS[method] == "cone_list" then
		g.circle(q.circle_c[1], q.circle_c[2], q.circle_r, { fill = false, line = CYAN, width = 1.5 })
	end

	-- B where the pose puts it
	local outline = {}
	for k, contour in ipairs(contoursB) do
		local placed = {}
		for i, p in ipairs(contour) do placed[i] = place(p) end
		outline[k] = placed
	end
	local shape = { table.unpack(outline[1]) }
	if #outline > 1 then shape.holes = { table.unpack(outline, 2) } end
	g.polygon(shape, { fill = q.hit and { 1.0, 0.35, 0.3, 0.40 } or { 0.6, 0.6, 0.65, 0.30 },
		line = q.hit and { 1.0, 0.5, 0.45 } or { 0.8, 0.8, 0.85 }, width = 2 })

	-- the edge pairs that cross: where they cross (dots), and the pair the query stopped at (thick)
	for _, pair in ipairs(q.crossing) do
		local ea, eb = q.edgesA[pair[1]], q.edgesB[pair[2]]
		local width = pair == q.stop and 5 or 2
		g.segment(ea[1][1], ea[1][2], ea[2][1], ea[2][2], { line = ORANGE, width = width })
		g.segment(eb[1][1], eb[1][2], eb[2][1], eb[2][2], { line = ORANGE, width = width })
		local x, y = collide.segment(ea[1][1], ea[1][2], ea[2][1], ea[2][2]):intersection(
			collide.segment(eb[1][1], eb[1][2], eb[2][1], eb[2][2]))
		if x then g.point(x, y, { fill = ORANGE, size = 9 }) end
	end
	g.point(originA[1], originA[2], { fill = WHITE, size = 6 })
	g.point(q.ref[1], q.ref[2], { fill = q.ref_in_a and "green" or "grey", size = 9 })

	-- HUD
	g.hud("preset", ("%d: %s"):format(preset, PRESETS[preset].about:gsub(": ", ":\n")))
	g.hud("A", ("%s, %d edges, fixed"):format(SHAPES[a_index].name, #trisA))
	g.hud("B", ("%s at (%.2f, %.2f), %.0f deg"):format(MOVERS[b_index].name, pose.x, pose.y, math.deg(pose.angle)))
	local why = "no edge crosses,\nneither holds the other"
	if #q.crossing > 0 then
		why = "edges cross"
	elseif q.b_in_a then
		why = "a vertex of B is in A"
	elseif q.a_in_b then
		why = "a vertex of A is in B"
	end
	g.hud("answer", (q.hit and "TOUCHING" or "apart") .. ": " .. why)
	for i, name in ipairs(METHODS) do
		local a = q.answers[i]
		g.hud((i == method and "> " or "  ") .. name, ("%s: %d cones, %d tests"):format(a.hit and "hit" or "miss",
			a.stats.nodes_visited, a.stats.primitives_tested))
	end
	g.hud("edges crossing", #q.crossing > 0 and ("%d pairs (orange)%s"):format(#q.crossing,
		q.stop and ("\nthe query stopped at A's edge %d"):format(q.stop[1]) or "") or "none")
	g.hud("containment", ("a vertex of A in B: %s\na vertex of B in A: %s"):format(q.a_in_b and "yes" or "no",
		q.b_in_a and "yes" or "no"))
	local note = q.source == q.oracle and "" or "\nno edge crosses and B's\npoint is not in A: MISSED"
	g.hud("source, as printed", (q.source and "hit" or "miss") .. note)
	if q.hit ~= q.oracle then g.hud("check", "DISAGREES with brute force") end
	local _, h = g.size()
	g.text(12, h - 24, "drag: move B  q/e: rotate  m: method  s: polygon A  o: polygon B  p: preset", { 0.7, 0.75, 0.8 })
end
