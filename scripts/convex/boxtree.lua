-- Source 001's double box hierarchy (collide.boxtree, boxtree.h). A convex polytope is cut in two again
-- and again by planes through each piece's centroid, across its principal axis; every node keeps two
-- boxes aligned with its principal frame: the outer box holds the piece, the inner box (the largest box
-- of that frame inside the piece) lies inside it. A piece whose faces all come from cuts lies inside the
-- solid (INTERIOR) and is not split further. Two trees are descended together: outer boxes apart say
-- "no" for that pair, inner boxes overlapping say "yes" for the whole query (both solids hold them),
-- and only the pairs neither settles go down to the leaves' test.
--
-- Drawn, levels mode: the polytope (grey wireframe); for each node of the chosen level (the nodes at
-- that depth, and the leaves above it, which together make the whole solid) its piece (translucent, a
-- colour per node), its outer box (light blue lines; green for an INTERIOR node) and its inner box
-- (orange, translucent). Pair mode: a second tree B (violet wireframe) placed by a pose, and every pair
-- of nodes the query visited, coloured by how it was decided: outer boxes apart (blue outer boxes),
-- split further (faint white outer boxes), inner boxes overlapping (green inner boxes: the "yes"),
-- leaf test found contact (red pieces) or none (yellow pieces).
--
-- Keys: [ / ] level; + / - tree depth (rebuilt); s next polytope; c centroid mode (paper / area /
-- volume); f root frame (aabb / pca); p levels / pair mode; arrows / page up / page down move B (x, y /
-- z); q / e turn B about y, z / x about x; l leaf test (paper / exact); d descent (paper / larger);
-- i inner boxes in the query on / off; o outer boxes, n inner boxes, w pieces on / off. Left-drag orbits,
-- right-drag pans, the wheel zooms.
-- Headless arguments: shape=NAME other=NAME depth=D level=L mode=pair at=X,Y,Z turn=YAW,PITCH
-- centroid=paper|area|volume root=aabb|pca leaf=paper|exact descent=paper|larger
-- show=noouter,noinner,nopieces keys=K1,K2,...
-- Polytopes: ellipsoid, octahedron, box, prism, wedge.
local collide = require "collide"
local cd = require "convex_draw"

local ARGS = cd.arguments(...)

local function ellipsoid(n, a, b, c, seed)
	local pts = {}
	local function random()
		seed = (seed * 1103515245 + 12345) % 2147483648
		return seed / 2147483648
	end
	for i = 1, n do
		local z, t = 2 * random() - 1, 2 * math.pi * random()
		local r = math.sqrt(1 - z * z)
		pts[i] = { a * r * math.cos(t), b * r * math.sin(t), c * z }
	end
	return collide.convex(pts)
end

local function prism(n, r, h)
	local pts = {}
	for i = 0, n - 1 do
		local t = 2 * math.pi * i / n
		pts[#pts + 1] = { r * math.cos(t), r * math.sin(t), -h }
		pts[#pts + 1] = { r * math.cos(t), r * math.sin(t), h }
	end
	return collide.convex(pts)
end

local POLYTOPES = {
	{ name = "ellipsoid", about = "the hull of 60 points on an ellipsoid", make = function() return ellipsoid(60, 1.4, 0.9, 0.6, 5) end },
	{ name = "octahedron", about = "inner box 8/27 of the outer", make = function()
		return collide.convex{ { 1.2, 0, 0 }, { -1.2, 0, 0 }, { 0, 1.2, 0 }, { 0, -1.2, 0 }, { 0, 0, 1.2 }, { 0, 0, -1.2 } }
	end },
	{ name = "box", about = "a box: its own inner box", make = function()
		local pts = {}
		for i = 0, 7 do pts[#pts + 1] = { i & 1 ~= 0 and 1.2 or -1.2, i & 2 ~= 0 and 0.7 or -0.7, i & 4 ~= 0 and 0.5 or -0.5 } end
		return collide.convex(pts)
	end },
	{ name = "prism", about = "a hexagonal prism", make = function() return prism(6, 0.9, 0.8) end },
	{ name = "wedge", about = "a long sliver", make = function()
		return collide.convex{ { -1.5, -0.6, -0.3 }, { 1.5, -0.4, -0.3 }, { 1.2, 0.7, -0.3 }, { -1.3, 0.5, -0.3 }, { 0, 0, 0.7 } }
	end },
}
local OTHERS = {
	{ name = "ellipsoid", make = function() return ellipsoid(40, 0.7, 0.5, 0.35, 9) end },
	{ name = "prism", make = function() return prism(5, 0.45, 0.5) end },
	{ name = "octahedron", make = function()
		return collide.convex{ { 0.6, 0, 0 }, { -0.6, 0, 0 }, { 0, 0.6, 0 }, { 0, -0.6, 0 }, { 0, 0, 0.6 }, { 0, 0, -0.6 } }
	end },
}
local CENTROIDS, ROOTS = { "paper", "area", "volume" }, { "aabb", "pca" }
local LEAF_TESTS, DESCENTS = { "paper", "exact" }, { "paper", "larger" }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
local MOVES = { left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 } }

local WHITE, BLUE, ORANGE = { 1, 1, 1 }, { 0.5, 0.7, 1.0 }, { 0.98, 0.62, 0.25 }
local YELLOW, GREEN, VIOLET = { 1.0, 0.88, 0.25 }, { 0.4, 0.9, 0.5 }, { 0.75, 0.55, 1.0 }
local RED, GREY = { 1.0, 0.35, 0.3 }, { 0.72, 0.75, 0.8 }

local function rgba(c, a) return { c[1], c[2], c[3], a } end
local function vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end
local function index_of(list, name, fallback)
	for i, v in ipairs(list) do if v == name then return i end end
	return fallback
end

-- A colour per node: hues spread by the golden angle.
local function node_color(i)
	local h = (i * 0.618034) % 1 * 6
	local k = math.floor(h)
	local f = h - k
	local v, s = 0.95, 0.55
	local p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
	return ({ { v, t, p }, { q, v, p }, { p, v, t }, { p, q, v }, { t, p, v }, { v, p, q } })[k % 6 + 1]
end

-- ---- state ----

local shape_index = cd.find(POLYTOPES, ARGS.shape) or 1
local other_index = cd.find(OTHERS, ARGS.other) or 1
local depth = math.max(0, math.min(8, math.floor(tonumber(ARGS.depth) or 4)))
local level = math.max(0, math.floor(tonumber(ARGS.level) or 1))
local centroid = index_of(CENTROIDS, ARGS.centroid, 1)
local root = index_of(ROOTS, ARGS.root, 1)
local leaf_test = index_of(LEAF_TESTS, ARGS.leaf, 2)
local descent = index_of(DESCENTS, ARGS.descent, 1)
local pair_mode = ARGS.mode == "pair"
local inner_boxes = true
local position, yaw, pitch = { 1.4, 0.3, 0.25 }, 30, 20
local show = { outer = true, inner = true, pieces = true }
local poly, tree, other, other_tree
local q = {}
local drawn = {}

local function kept(name, key, make) return cd.kept(drawn, name, key, make) end

local function build()
	poly = POLYTOPES[shape_index].make()
	tree = collide.boxtree(poly, { depth = depth, centroid = CENTROIDS[centroid], root_frame = ROOTS[root] })
	other = OTHERS[other_index].make()
	other_tree = collide.boxtree(other, { depth = math.min(depth, 3), centroid = CENTROIDS[centroid], root_frame = ROOTS[root] })
	level = math.max(0, math.min(level, tree:depth()))
	drawn = {}
end

local function pose()
	return { position = position, rotation = cd.rotation(yaw, pitch) }
end

local function moved(v)
	return cd.add(cd.turn(cd.rotation(yaw, pitch), v), position)
end

local RANK = { descend = 1, skipped = 1, outer_reject = 2, leaf_miss = 3, leaf_hit = 4, inner_accept = 5 }

local function query()
	q.hit, q.stats = tree:collides(other_tree, pose(), {
		trace = true, leaf_test = LEAF_TESTS[leaf_test], descent = DESCENTS[descent], inner_boxes = inner_boxes })
	q.oracle = collide.intersects(poly, other:moved_to(pose()))
	-- each node's most telling event
	q.a, q.b = {}, {}
	for _, step in ipairs(q.stats.trace) do
		for side, node in pairs{ a = step.a, b = step.b } do
			local seen = q[side]
			if not seen[node] or RANK[step.event] > RANK[seen[node]] then seen[node] = step.event end
		end
	end
	-- the deciding pair's event wins for its two nodes
	if q.hit and q.stats.decided_a then
		local event = q.stats.decided_by == "inner" and "inner_accept" or "leaf_hit"
		q.a[q.stats.decided_a], q.b[q.stats.decided_b] = event, event
	end
end

function load()
	local at = cd.numbers(ARGS.at)
	if at and #at >= 3 then position = { at[1], at[2], at[3] } end
	local turn = cd.numbers(ARGS.turn)
	if turn and #turn >= 2 then yaw, pitch = turn[1], turn[2] end
	for word in cd.words(ARGS.show) do
		if word:match("^no") and show[word:sub(3)] ~= nil then show[word:sub(3)] = false end
	end
	build()
	query()
	for key in cd.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

function keypressed(key)
	if key == "[" or key == "]" then
		level = math.max(0, math.min(tree:depth(), level + (key == "]" and 1 or -1)))
	elseif PLUS[key] or MINUS[key] then
		depth = math.max(0, math.min(8, depth + (PLUS[key] and 1 or -1)))
		build()
	elseif key == "s" then
		shape_index = shape_index % #POLYTOPES + 1
		build()
	elseif key == "c" then
		centroid = centroid % #CENTROIDS + 1
		build()
	elseif key == "f" then
		root = root % #ROOTS + 1
		build()
	elseif key == "p" then
		pair_mode = not pair_mode
	elseif MOVES[key] then
		local m = MOVES[key]
		position[m[1]] = math.max(-4, math.min(4, position[m[1]] + m[2] * 0.1))
	elseif key == "q" or key == "e" then
		yaw = yaw + (key == "e" and 10 or -10)
	elseif key == "z" or key == "x" then
		pitch = pitch + (key == "x" and 10 or -10)
	elseif key == "l" then
		leaf_test = leaf_test % #LEAF_TESTS + 1
	elseif key == "d" then
		descent = descent % #DESCENTS + 1
	elseif key == "i" then
		inner_boxes = not inner_boxes
	elseif key == "o" then
		show.outer = not show.outer
	elseif key == "n" then
		show.inner = not show.inner
	elseif key == "w" then
		show.pieces = not show.pieces
	elseif key == "b" then
		other_index = other_index % #OTHERS + 1
		build()
	end
	query()
end

-- ---- drawing ----

local function piece_mesh(t, which, i, map)
	local key = table.concat({ which, i, shape_index, other_index, depth, centroid, root,
		map and table.concat({ position[1], position[2], position[3], yaw, pitch }, ",") or "" }, ",")
	return kept(which .. i, key, function()
		local vertices = {}
		local node = t:node(i)
		for k, v in ipairs(node.vertices) do vertices[k] = map and map(v) or v end
		local triangles = {}
		for _, f in ipairs(node.faces) do
			for k = 2, #f - 1 do triangles[#triangles + 1] = { f[1], f[k], f[k + 1] } end
		end
		return collide.mesh{ vertices = vertices, triangles = triangles }
	end)
end

local function polytope_mesh(which, shape, map)
	local key = table.concat({ which, shape_index, other_index,
		map and table.concat({ position[1], position[2], position[3], yaw, pitch }, ",") or "" }, ",")
	return kept(which, key, function()
		local vertices = shape:vertices()
		if map then for k, v in ipairs(vertices) do vertices[k] = map(v) end end
		local triangles = {}
		for _, f in ipairs(shape:faces()) do
			for k = 2, #f - 1 do triangles[#triangles + 1] = { f[1], f[k], f[k + 1] } end
		end
		return collide.mesh{ vertices = vertices, triangles = triangles }
	end)
end

local function inner_mesh(which, node, map)
	local key = table.concat({ which, node.index, shape_index, other_index, depth, centroid, root,
		map and table.concat({ position[1], position[2], position[3], yaw, pitch }, ",") or "" }, ",")
	return kept(which .. "inner" .. node.index, key, function() return cd.box_mesh(node.inner, map) or false end)
end

local function draw_levels(g)
	local nodes = tree:nodes(level, true)
	-- lines first, translucent surfaces after them, so that the boxes inside pieces show through
	for _, node in ipairs(nodes) do
		if show.outer then
			cd.draw_box(g, node.outer, { line = node.label == "interior" and GREEN or BLUE, width = 1.5 })
		end
	end
	for _, node in ipairs(nodes) do
		if show.inner then
			local m = inner_mesh("a", node)
			if m then g.mesh(m, { fill = rgba(ORANGE, 0.55), boundary = false }) end
		end
	end
	for _, node in ipairs(nodes) do
		if show.pieces then
			g.mesh(piece_mesh(tree, "a", node.index), { fill = rgba(node_color(node.index), 0.28), boundary = false })
		end
	end
	g.mesh(polytope_mesh("poly", poly), { fill = rgba(GREY, 0.05), line = rgba(GREY, 0.35), wireframe = true, boundary = false })
	return nodes
end

local function draw_pair(g)
	local lines, surfaces = {}, {}
	local function visit(t, which, seen, map)
		for i, event in pairs(seen) do
			local node = t:node(i)
			if event == "outer_reject" then
				if show.outer then cd.draw_box(g, node.outer, { line = BLUE, width = 1.5 }, map) end
			elseif event == "descend" or event == "skipped" then
				if show.outer then cd.draw_box(g, node.outer, { line = rgba(WHITE, 0.3), width = 1 }, map) end
			elseif event == "inner_accept" then
				cd.draw_box(g, node.inner, { line = GREEN, width = 2.5 }, map)
				surfaces[#surfaces + 1] = { inner_mesh(which, node, map), rgba(GREEN, 0.5) }
			elseif event == "leaf_hit" or event == "leaf_miss" then
				if show.pieces then
					surfaces[#surfaces + 1] = { piece_mesh(t, which, i, map), rgba(event == "leaf_hit" and RED or YELLOW, 0.4) }
				end
			end
		end
	end
	visit(tree, "a", q.a, nil)
	visit(other_tree, "b", q.b, moved)
	for _, s in ipairs(surfaces) do
		if s[1] then g.mesh(s[1], { fill = s[2], boundary = false }) end
	end
	g.mesh(polytope_mesh("poly", poly), { fill = rgba(GREY, 0.06), line = rgba(GREY, 0.35), wireframe = true, boundary = false })
	g.mesh(polytope_mesh("other", other, moved), { fill = rgba(VIOLET, 0.08), line = rgba(VIOLET, 0.6), wireframe = true, boundary = false })
	return lines
end

function draw(g)
	-- the solid a little below the middle, to leave room for the HUD
	if pair_mode then
		g.camera3d { target = { 0.55, 0.75, 0 }, distance = 5.6, yaw = 25, pitch = 28 }
	else
		g.camera3d { target = { 0.1, 0.65, 0 }, distance = 4.6, yaw = 25, pitch = 28 }
	end
	local s = tree:stats()
	g.hud("polytope", ("%s (%s): %d vertices, %d faces"):format(POLYTOPES[shape_index].name,
		POLYTOPES[shape_index].about, poly:vertex_count(), poly:face_count()))
	g.hud("tree", ("depth %d (asked %d), %d nodes: %d exterior, %d interior, %d leaves; centroid %s, root %s"):format(
		s.depth, depth, s.nodes, s.exterior, s.interior, s.leaves, CENTROIDS[centroid], ROOTS[root]))
	if pair_mode then
		draw_pair(g)
		local st = q.stats
		g.hud("b", ("%s (%d nodes) at %s, turned %.0f / %.0f"):format(OTHERS[other_index].name, #other_tree,
			vec_text(position), yaw % 360, pitch % 360))
		g.hud("query", ("leaf test %s, descent %s, inner boxes %s"):format(LEAF_TESTS[leaf_test], DESCENTS[descent],
			inner_boxes and "on" or "off"))
		g.hud("answer", ("%s, decided by %s%s  (GJK on the polytopes: %s)"):format(q.hit and "COLLIDE" or "apart",
			st.decided_by == "outer" and "outer boxes" or st.decided_by == "inner" and "inner boxes" or
			st.decided_by == "leaf" and "a leaf test" or "leaf tests (none hit)",
			st.decided_a and (" at nodes %d, %d"):format(st.decided_a, st.decided_b) or "",
			q.oracle and "collide" or "apart"))
		g.hud("work", ("%d pairs: %d outer tests, %d inner tests, %d leaf tests (%d triangle pairs, %d GJK)"):format(
			st.pairs_visited, st.outer_tests, st.inner_tests, st.leaf_tests, st.triangle_tests, st.gjk_tests))
	else
		local nodes = draw_levels(g)
		local interior, inner_volume, volume = 0, 0, 0
		for _, node in ipairs(nodes) do
			if node.label == "interior" then interior = interior + 1 end
			inner_volume = inner_volume + 8 * node.inner.half[1] * node.inner.half[2] * node.inner.half[3]
			volume = volume + node.volume
		end
		g.hud("level", ("%d of %d: %d nodes (%d interior); inner boxes hold %.0f%% of the volume"):format(level,
			tree:depth(), #nodes, interior, 100 * inner_volume / volume))
	end

	local _, h = g.size()
	local x = 12
	local legend = pair_mode and { { "outer boxes apart", BLUE }, { "split further", WHITE }, { "inner boxes overlap", GREEN },
		{ "leaf hit", RED }, { "leaf miss", YELLOW }, { "B", VIOLET } }
		or { { "outer box", BLUE }, { "outer box (interior)", GREEN }, { "inner box", ORANGE }, { "pieces", GREY } }
	for _, entry in ipairs(legend) do
		x = x + g.text(x, h - 44, entry[1], entry[2]) + 14
	end
	g.text(12, h - 24, "[/]: level  +/-: depth  s: polytope  c: centroid  f: root  p: pair  arrows, pgup/dn, q/e, z/x: move B  "
		.. "b: B  l: leaf  d: descent  i: inner  o/n/w: show", { 0.7, 0.75, 0.8 })
end
