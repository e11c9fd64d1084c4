-- The tetra-tree (source 000, 5.2): eight octant cones with their apex at the centroid O, each
-- split in four at the midpoints of its triangle's edges (three corner cones and a middle one),
-- until a cone holds few covering tetrahedra or the depth is reached. Every cone keeps the
-- covering tetrahedra that reach into it, an enclosing tetrahedron around them (fitted by halving
-- its three legs) and an enclosing sphere of their vertices. A point query descends from the root
-- octant to the one leaf cone holding the point, rejects it at once when it lies beyond the leaf's
-- enclosing tetrahedron, and otherwise adds the weights of only that leaf's tetrahedra (Prop. 5.7).
--
-- Drawn: the cones of one level (its cones and the leaves above it) as the outer faces of their
-- enclosing tetrahedra, coloured by the cone's level, so a leaf the tree stopped splitting early
-- keeps its own colour; cones without tetrahedra are left out. The selected cone (yellow) shows its
-- rays, its enclosing tetrahedron, its covering tetrahedra (green +, red -) and, with c, its
-- enclosing sphere. The probe point's query: the cones of its descent and the tetrahedra it summed;
-- step through it with space (or n): one cone of the descent at a time, then the enclosing
-- tetrahedron's test, then one tetrahedron at a time; b steps back, x shows everything again.
--
-- Keys: arrows / page up / page down move the probe (x, y / z); s next mesh; + / - depth;
-- [ / ] fitting iterations; m minimum tetrahedra per cone (0, 2, 4, 8, 16) (these three rebuild the
-- tree); l level shown; o / p previous / next cone of that level; g the cone holding the probe;
-- f enclosing tetrahedra of the level; c enclosing sphere; e regular envelope; w the mesh solid or
-- see-through; space / n step; b back; x leave the step mode. Left-drag orbits, right-drag pans,
-- the wheel zooms.
-- Headless arguments: mesh=NAME at=X,Y,Z depth=D fit=N min=M level=L cone=I step=K
-- show=sphere,envelope,nofitted,solid keys=K1,K2,...
local collide = require "collide"
local solids = require "solids"

local ARGS = solids.arguments(...)
local MESHES = solids.classes("fine", "probe", {
	["bumpy sphere"] = { 0.45, 0.5, 0.55 }, torus = { 1.05, 0.3, 0.1 }, box = { 0.7, 0.45, 0.3 },
	["hollow ball"] = { 0.55, 0.45, 0.4 }, ["two boxes"] = { 1.2, 0.1, 0.3 },
})
local MINIMUMS = { 0, 2, 4, 8, 16 }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }
-- One colour per level (1 to 8, then again).
local LEVEL_COLORS = {
	{ 0.55, 0.6, 0.95 }, { 0.35, 0.8, 0.95 }, { 0.35, 0.85, 0.6 }, { 0.75, 0.85, 0.35 },
	{ 0.98, 0.7, 0.3 }, { 0.95, 0.45, 0.4 }, { 0.85, 0.45, 0.85 }, { 0.7, 0.7, 0.75 },
}
local YELLOW, GREEN, RED, GREY = { 1.0, 0.88, 0.25 }, { 0.35, 0.85, 0.45 }, { 0.95, 0.4, 0.35 }, { 0.6, 0.62, 0.66 }

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end
local function level_color(level, alpha)
	local c = LEVEL_COLORS[(level - 1) % #LEVEL_COLORS + 1]
	return { c[1], c[2], c[3], alpha or 1 }
end

-- ---- state ----

local mesh_index = solids.find(MESHES, ARGS.mesh) or 1
local depth = clamp(math.tointeger(tonumber(ARGS.depth)) or 4, 1, 6) -- deeper: too many cones to draw
local fit = clamp(math.tointeger(tonumber(ARGS.fit)) or 8, 0, 64)
local minimum = clamp(math.tointeger(tonumber(ARGS.min)) or 4, 0, 64)
local show = { fitted = true, sphere = false, envelope = false, solid = false }
local mesh, tree, cov, tets, stats, apex, box
local level                          -- the level shown
local selected                       -- the selected cone (an index of tree:cones(level))
local probe = { 0, 0, 0 }
local step = 0
local q = {}                         -- what update computed for draw
local drawn = {}                     -- meshes made for drawing, remade when what they show changes

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function length(a) return math.sqrt(a[1] * a[1] + a[2] * a[2] + a[3] * a[3]) end
local function along(o, p, reach)
	local d = sub(p, o)
	local s = reach / length(d)
	return { o[1] + d[1] * s, o[2] + d[2] * s, o[3] + d[3] * s }
end

-- The level's cones that hold tetrahedra, in tree:cones(level) order.
local function level_cones()
	local list = {}
	for _, i in ipairs(tree:cones(level)) do
		if tree:cone(i).tetrahedron_count > 0 then list[#list + 1] = i end
	end
	return list
end

-- The cone of the shown level that holds the probe: the descent's cone at that level, or its leaf
-- when the tree stopped above it.
local function probe_cone()
	local leaf = tree:locate(probe)
	local i = leaf
	while tree:cone(i).level > level do i = tree:cone(i).parent end
	return i
end

local function rebuild(keep_probe)
	mesh = MESHES[mesh_index].make()
	tree = collide.tetratree(mesh, { depth = depth, min_tetrahedra = minimum, fit_iterations = fit })
	cov = tree:covering()
	tets = cov:tetrahedra()
	stats = tree:stats()
	apex = { tree:apex() }
	box = { mesh:bounds() }
	level = clamp(level or stats.levels, 1, stats.levels)
	if not keep_probe then
		local p = MESHES[mesh_index].probe
		probe = { p[1], p[2], p[3] }
	end
	selected = probe_cone()
	drawn = {}
end

function load()
	for word in solids.words(ARGS.show) do
		if word == "nofitted" then show.fitted = false elseif show[word] ~= nil then show[word] = true end
	end
	rebuild()
	level = tonumber(ARGS.level) and clamp(math.tointeger(tonumber(ARGS.level)) or 1, 1, stats.levels) or stats.levels
	local x, y, z = solids.numbers(ARGS.at)
	if x then probe = { x, y, z } end
	selected = probe_cone()
	local cone = math.tointeger(tonumber(ARGS.cone))
	if cone and cone >= 1 and cone <= #tree then selected = cone end
	step = math.tointeger(tonumber(ARGS.step)) or 0
	for key in solids.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

local function select_next(delta)
	local list = level_cones()
	if #list == 0 then return end
	local at = 0
	for k, i in ipairs(list) do
		if i == selected then at = k end
	end
	if at == 0 then at = delta > 0 and 0 or 1 end
	selected = list[(at - 1 + delta) % #list + 1]
end

function keypressed(key)
	if solids.move_probe(key, probe, 0.05) then
		return
	elseif key == "s" then
		mesh_index = mesh_index % #MESHES + 1
		rebuild()
		step = 0
	elseif PLUS[key] or MINUS[key] then
		depth = clamp(depth + (PLUS[key] and 1 or -1), 1, 6)
		level = nil
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
		level = nil
		rebuild(true)
	elseif key == "l" then
		level = level % stats.levels + 1
		selected = probe_cone()
	elseif key == "o" or key == "p" then
		select_next(key == "p" and 1 or -1)
	elseif key == "g" then
		selected = probe_cone()
	elseif key == "f" then
		show.fitted = not show.fitted
	elseif key == "c" then
		show.sphere = not show.sphere
	elseif key == "e" then
		show.envelope = not show.envelope
	elseif key == "w" then
		show.solid = not show.solid
	elseif key == "space" or key == "n" then
		step = step + 1                     -- update() clamps it to the steps there are
	elseif key == "b" or key == "backspace" then
		step = math.max(0, step - 1)
	elseif key == "x" or key == "0" then
		step = 0
	end
end

-- ---- the query ----

local function weight_of(position, sign)
	if position == "interior" then return 2 * sign end
	if position == "face 012" or position == "face 013" or position == "face 023" then return sign end
	return nil -- on an original edge (the crossing count decides) or on the surface (inside)
end

function update()
	local inside, trace, query_stats = tree:trace(probe)
	q.inside, q.trace, q.stats = inside, trace, query_stats
	q.oracle = mesh:contains(probe)
	q.cones = {}
	for i, c in ipairs(trace.cones) do q.cones[i] = tree:cone(c) end
	local leaf = q.cones[#q.cones]
	-- the enclosing-tetrahedron test of the leaf: alpha of P in (O, env1, env2, env3)
	q.env_alpha = leaf and collide.tetrahedron_signs(apex, leaf.envelope[1], leaf.envelope[2], leaf.envelope[3], probe) or 1
	-- the tetrahedra summed, with their positions and the running sum
	q.terms, q.sum = {}, 0
	for k, t in ipairs(trace.tetrahedra) do
		local tet = tets[t]
		local position = tet.sign ~= 0 and collide.tetrahedron_locate(apex, tet.a, tet.b, tet.c, probe) or "flat"
		local w = position ~= "outside" and position ~= "flat" and weight_of(position, tet.sign) or 0
		q.sum = q.sum + (w or 0)
		q.terms[k] = { index = t, position = position, weight = w, sum = q.sum }
	end
	q.steps = leaf and #q.cones + 1 + #q.terms + 1 or 1
	if step > q.steps then step = q.steps end
end

-- ---- drawing ----

-- A drawing mesh kept under name while key does not change.
local function kept(name, key, make) return solids.kept(drawn, name, key, make) end

-- The outer faces of the level's enclosing tetrahedra, one mesh per cone level (for its colour).
local function level_faces()
	return kept("level", level, function()
		local by_level = {}
		for _, i in ipairs(level_cones()) do
			local cone = tree:cone(i)
			local e = cone.envelope
			by_level[cone.level] = by_level[cone.level] or {}
			table.insert(by_level[cone.level], { e[1], e[3], e[2] }) -- outward: the cone winds inward
		end
		local meshes = {}
		for l, list in pairs(by_level) do meshes[l] = solids.triangles_mesh(list) end
		return meshes
	end)
end

local function envelope_faces()
	return kept("envelope", level, function()
		local list = {}
		for _, t in ipairs(tree:envelope(level)) do list[#list + 1] = { t[1], t[3], t[2] } end
		return solids.triangles_mesh(list)
	end)
end

-- The covering tetrahedra listed (indices), as two meshes: positive and negative.
local function tetrahedra_faces(name, indices)
	return kept(name, table.concat(indices, ","), function()
		local plus, minus = {}, {}
		for _, i in ipairs(indices) do
			local t = tets[i]
			local list = t.sign >= 0 and plus or minus
			list[#list + 1] = { apex, t.a, t.b, t.c }
		end
		return { solids.tetrahedra_mesh(plus), solids.tetrahedra_mesh(minus) }
	end)
end

local function draw_tetrahedra(g, name, indices, alpha)
	local faces = tetrahedra_faces(name, indices)
	if faces[1] then g.mesh(faces[1], { fill = { GREEN[1], GREEN[2], GREEN[3], alpha }, boundary = false }) end
	if faces[2] then g.mesh(faces[2], { fill = { RED[1], RED[2], RED[3], alpha }, boundary = false }) end
end

-- A cone's three rays out to the level's reach, its far triangle there, and (with env) its
-- enclosing tetrahedron's edges.
local function draw_cone(g, cone, color, width, env)
	local reach = tree:level_reach(level) * 1.05
	local far = {}
	for k = 1, 3 do
		far[k] = along(apex, cone.rays[k], reach)
		g.line3d(apex, far[k], { line = color, width = width })
	end
	for k = 1, 3 do g.line3d(far[k], far[k % 3 + 1], { line = { color[1], color[2], color[3], 0.5 }, width = 1 }) end
	if env then
		local e = cone.envelope
		for k = 1, 3 do
			g.line3d(e[k], e[k % 3 + 1], { line = YELLOW, width = 2.5 })
			g.line3d(apex, e[k], { line = YELLOW, width = 1.5 })
		end
	end
end

local function cone_text(index)
	local cone = tree:cone(index)
	return ("cone %d, level %d%s, %d tetrahedra"):format(index, cone.level, cone.leaf and " (a leaf)" or "",
		cone.tetrahedron_count)
end

function draw(g)
	solids.camera(g, box, 35, 25)
	local cones, terms = q.cones or {}, q.terms or {}
	local leaf = cones[#cones]
	local text
	-- lines and points first: the translucent faces drawn after them blend over them
	g.point3d(apex, { fill = cov:origin_inside() and "white" or GREY, size = 9 })
	g.point3d(probe, { fill = "black", size = 15 })
	g.point3d(probe, { fill = q.inside and "green" or GREY, size = 11 })
	local faces = {}                  -- {name, indices, alpha} drawn after the lines
	if step == 0 then
		local sel = tree:cone(selected)
		draw_cone(g, sel, YELLOW, 2, true)
		faces[#faces + 1] = { "selected", tree:cone_tetrahedra(selected), 0.3 }
		if leaf then
			draw_cone(g, leaf, { 1, 1, 1, 0.8 }, 1.5, false)
			faces[#faces + 1] = { "summed", q.trace.tetrahedra, 0.45 }
		end
	elseif not leaf then
		text = "the probe is outside the mesh's\nbounding sphere: OUTSIDE before\nany cone is looked at"
	elseif step <= #cones then
		local cone = cones[step]
		if cone.parent then
			for _, child in ipairs(tree:cone(cone.parent).children) do
				if child ~= q.trace.cones[step] then draw_cone(g, tree:cone(child), { GREY[1], GREY[2], GREY[3], 0.6 }, 1, false) end
			end
		end
		draw_cone(g, cone, level_color(cone.level), 2.5, true)
		text = cone_text(q.trace.cones[step]) .. "\nthe probe is in it (its three face planes)\n" ..
			(cone.leaf and "the descent ends here" or "-> find which of its four children")
		if step == 1 then text = text .. "\n(the root: the octant, from the signs of P - O)" end
	elseif step == #cones + 1 then
		draw_cone(g, leaf, level_color(leaf.level), 1.5, true)
		if q.env_alpha < 0 then
			text = "the leaf's enclosing tetrahedron:\nalpha < 0, the probe is beyond all\nof the cone's tetrahedra -> OUTSIDE"
		else
			text = ("the leaf's enclosing tetrahedron:\nalpha >= 0 -> sum the cone's %d\ntetrahedra (Prop. 5.7: no other\ncan hold it)"):format(leaf.tetrahedron_count)
			faces[#faces + 1] = { "leaf", tree:cone_tetrahedra(q.trace.cones[#cones]), 0.2 }
		end
	elseif step <= #cones + 1 + #terms then
		draw_cone(g, leaf, level_color(leaf.level), 1, false)
		local k = step - #cones - 1
		local before = {}
		for i = 1, k - 1 do before[i] = terms[i].index end
		local term, tet = terms[k], tets[terms[k].index]
		for _, v in ipairs{ tet.a, tet.b, tet.c } do g.line3d(apex, v, { line = YELLOW, width = 2.5 }) end
		g.line3d(tet.a, tet.b, { line = YELLOW, width = 2.5 })
		g.line3d(tet.b, tet.c, { line = YELLOW, width = 2.5 })
		g.line3d(tet.c, tet.a, { line = YELLOW, width = 2.5 })
		faces[#faces + 1] = { "current", { term.index }, 0.55 }
		faces[#faces + 1] = { "before", before, 0.12 }
		text = ("tetrahedron %d (%s)\nthe probe: %s\n%s\nrunning sum %d"):format(term.index,
			tet.sign > 0 and "+" or (tet.sign < 0 and "-" or "flat"), term.position,
			term.weight == nil and "on an original edge or the surface:\nthe engine decides exactly" or
				("weight %s%d"):format(term.weight >= 0 and "+" or "", term.weight), term.sum)
	else
		draw_cone(g, leaf, level_color(leaf.level), 1, false)
		faces[#faces + 1] = { "summed", q.trace.tetrahedra, 0.3 }
		if q.env_alpha < 0 then
			text = "answer: OUTSIDE\n(rejected by the enclosing tetrahedron)"
		else
			text = ("answer: sum %d -> %s"):format(q.sum, q.inside and "INSIDE" or "outside")
		end
	end
	if show.sphere then
		local s = tree:cone(step > 0 and leaf and q.trace.cones[#cones] or selected).sphere
		g.sphere(s, { fill = { 0.3, 0.85, 0.95, 0.18 } })
	end
	-- the faces, most opaque first
	for _, f in ipairs(faces) do draw_tetrahedra(g, f[1], f[2], f[3]) end
	g.mesh(mesh, show.solid and { fill = { 0.72, 0.75, 0.8 } } or
		{ fill = { 0.72, 0.75, 0.8, 0.18 }, boundary = false })
	if show.fitted then
		for l, m in pairs(level_faces()) do
			if m then
				g.mesh(m, { fill = level_color(l, step == 0 and 0.22 or 0.04), line = level_color(l, step == 0 and 0.5 or 0.12),
					wireframe = true, boundary = false })
			end
		end
	end
	if show.envelope then
		g.mesh(envelope_faces(), { fill = { YELLOW[1], YELLOW[2], YELLOW[3], 0.06 }, line = { YELLOW[1], YELLOW[2], YELLOW[3], 0.35 },
			wireframe = true, boundary = false })
	end

	-- HUD
	local m = MESHES[mesh_index]
	g.hud("mesh", ("%s (%s), %d triangles"):format(m.name, m.about, #tets))
	g.hud("options", ("depth %d  fit %d  min %d"):format(depth, fit, minimum))
	g.hud("tree", ("%d levels, %d cones, %d leaves\n%d tetrahedra stored (%d copies), at most %d in a leaf\n%.0f KiB, built in %.1f ms"):format(
		stats.levels, stats.cones, stats.leaves, stats.tetrahedra_stored, stats.duplicates, stats.max_leaf_tetrahedra,
		stats.memory_bytes / 1024, stats.build_seconds * 1000))
	g.hud("level shown", ("%d of %d: %d cones with tetrahedra\nregular envelope radius %.3g"):format(level, stats.levels,
		#level_cones(), tree:level_reach(level)))
	local sel = tree:cone(selected)
	g.hud("selected", ("%s\nsphere radius %.3g"):format(cone_text(selected), sel.sphere.r))
	g.hud("probe", ("(%.3g, %.3g, %.3g) %s (mesh:contains %s)"):format(probe[1], probe[2], probe[3],
		q.inside and "INSIDE" or "outside", q.oracle == q.inside and "agrees" or "DISAGREES"))
	if leaf then
		g.hud("descent", "cones " .. table.concat(q.trace.cones, " > "))
	end
	g.hud("this query", ("%d cones visited, %d of %d tetrahedra tested"):format(q.stats.nodes_visited,
		q.stats.primitives_tested, #tets))
	if step > 0 then
		g.hud(("step %d of %d"):format(step, q.steps), text)
	else
		g.hud("step", "press space to step through")
	end
	local _, h = g.size()
	local x = 12
	for l = 1, stats.levels do
		x = x + g.text(x, h - 64, ("level %d"):format(l), level_color(l)) + 14
	end
	g.text(12, h - 44, "arrows, page up/down: probe  s: mesh  + / -: depth  [ ]: fit  m: min  l: level  o / p: cone  g: probe's cone",
		{ 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "f: fitted  c: sphere  e: envelope  w: solid  space/n: step  b: back  x: all  drag: orbit  wheel: zoom",
		{ 0.7, 0.75, 0.8 })
end
