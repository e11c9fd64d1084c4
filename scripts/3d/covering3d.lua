-- The simplicial covering of a closed mesh (source 000, 3 and 5.1): one signed tetrahedron from
-- the origin O to every face triangle, green when O lies behind the face (+), red when in front
-- of it (-). Their signed sum is the solid. A point is inside when the tetrahedra that hold it add
-- up to 2 (twice its winding number): each adds 2 x its sign when the point is in its interior, and
-- 1 x its sign when the point is on one of its three faces through O (an "original" triangle,
-- shared with the neighbour across that edge of the mesh). On an original edge O-v (shared by every
-- face around v) the count is fragile, and the engine asks the mesh's exact crossing count instead;
-- on the mesh's own face (face 123, its edges and vertices) the point is on the surface: inside.
--
-- The covering is shown a few tetrahedra at a time (+ / -), fanning out from O to the faces. The
-- probe point (green when inside, grey when not) is moved with the keys; the tetrahedra that hold
-- it are drawn solid. Step through them with space (or n): one tetrahedron at a time with the
-- probe's position in it (interior, face 012, edge 03 ...: vertex 0 is O, 1-2-3 the face) and the
-- running sum; b steps back, x shows everything again.
--
-- Keys: arrows / page up / page down move the probe (x, y / z; shift-free steps of 0.05); p next
-- preset probe (interior, an original triangle, an original edge, a mesh edge, a vertex, outside,
-- O itself); s next mesh; o origin (the centroid, off-centre, outside the mesh); + / - more or
-- fewer tetrahedra; a all or none; c cache on / off; w mesh wireframe; space / n step; b back;
-- x leave the step mode. Left-drag orbits, right-drag pans, the wheel zooms.
-- Headless arguments: mesh=NAME at=X,Y,Z probe=K origin=centroid|off|outside shown=K step=K
-- cache=off keys=K1,K2,...
local collide = require "collide"
local solids = require "solids"

local ARGS = solids.arguments(...)
local MESHES = solids.classes("coarse")
local ORIGINS = { "centroid", "off", "outside" }
local PRESETS = { "in a tetrahedron, 0.6 of the way from O to its face", "on an original triangle O-a-b", "on an original edge O-a",
	"on an edge of the mesh", "on a vertex of the mesh", "beyond a face, 1.25 of the way", "at the origin O" }
local PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
local MINUS = { ["-"] = true, ["keypad_-"] = true }

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end

-- ---- state ----

local mesh_index = solids.find(MESHES, ARGS.mesh) or 1
local origin_mode = 1
for i, name in ipairs(ORIGINS) do
	if name == ARGS.origin then origin_mode = i end
end
local mesh, cov, cache, origin, tets, box, target
local shown, batch = 0, 1
local preset = clamp(math.tointeger(tonumber(ARGS.probe)) or 1, 1, #PRESETS)
local probe = { 0, 0, 0 }
local use_cache = ARGS.cache ~= "off"
local wireframe = true
local step = 0
local q = {}                          -- what update computed for draw
local drawn = {}                      -- meshes made for drawing, remade when what they show changes
local totals = { queries = 0, hits = 0, tested = 0 }

-- ---- small vector helpers ----

local function add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function snap(x) return math.floor(x * 2 ^ 20 + 0.5) / 2 ^ 20 end

-- The origin of each mode: the centroid rounded to 2^-20 (so the presets below land exactly on
-- the features they aim at), a point a third of the way to the farthest vertex, or beyond the mesh.
local function origin_for(mode, m)
	local c = { collide.covering3d(m):origin() }
	c = { snap(c[1]), snap(c[2]), snap(c[3]) }
	local b = { m:bounds() }
	if mode == 2 then
		return { snap(c[1] + (b[4] - c[1]) / 3), snap(c[2] + (b[5] - c[2]) / 4), snap(c[3]) }
	elseif mode == 3 then
		return { snap(b[4] + 0.6 * (b[4] - b[1])), snap(c[2] + 0.25), snap(c[3] + 0.25) }
	end
	return c
end

-- The tetrahedron the presets aim at: the one whose face centroid is farthest along (1, 1, 1)
-- from O among the positive ones (any, when none is positive), so it faces the camera.
local function pick_target()
	local best, best_score
	for i, t in ipairs(tets) do
		local score = (t.a[1] + t.b[1] + t.c[1] + t.a[2] + t.b[2] + t.c[2] + t.a[3] + t.b[3] + t.c[3]) / 3
		if t.sign > 0 then score = score + 1e6 end
		if not best_score or score > best_score then best, best_score = i, score end
	end
	return best
end

local function preset_point(k)
	local t = tets[target]
	local o = origin
	if k == 1 then
		local c = { (t.a[1] + t.b[1] + t.c[1]) / 3, (t.a[2] + t.b[2] + t.c[2]) / 3, (t.a[3] + t.b[3] + t.c[3]) / 3 }
		return add(o, sub(c, o), 0.6)
	elseif k == 2 then
		return add(add(o, sub(t.a, o), 0.25), sub(t.b, o), 0.25)
	elseif k == 3 then
		return add(o, sub(t.a, o), 0.5)
	elseif k == 4 then
		return { (t.a[1] + t.b[1]) / 2, (t.a[2] + t.b[2]) / 2, (t.a[3] + t.b[3]) / 2 }
	elseif k == 5 then
		return { t.a[1], t.a[2], t.a[3] }
	elseif k == 6 then
		local c = { (t.a[1] + t.b[1] + t.c[1]) / 3, (t.a[2] + t.b[2] + t.c[2]) / 3, (t.a[3] + t.b[3] + t.c[3]) / 3 }
		return add(o, sub(c, o), 1.25)
	end
	return { o[1], o[2], o[3] }
end

local function rebuild(keep_probe)
	mesh = MESHES[mesh_index].make()
	origin = origin_for(origin_mode, mesh)
	cov = collide.covering3d(mesh, { origin = origin })
	cache = cov:cache()
	tets = cov:tetrahedra()
	target = pick_target()
	batch = math.max(1, math.ceil(#tets / 12))
	shown = math.min(#tets, 4 * batch)
	box = { mesh:bounds() }
	for k = 1, 3 do
		box[k] = math.min(box[k], origin[k])
		box[k + 3] = math.max(box[k + 3], origin[k])
	end
	if not keep_probe then probe = preset_point(preset) end
	drawn = {}
	totals = { queries = 0, hits = 0, tested = 0 }
	step = 0
end

function load()
	rebuild()
	local x, y, z = solids.numbers(ARGS.at)
	if x then probe = { x, y, z } end
	if tonumber(ARGS.shown) then shown = clamp(math.tointeger(tonumber(ARGS.shown)) or 0, 0, #tets) end
	step = math.tointeger(tonumber(ARGS.step)) or 0
	for key in solids.words(ARGS.keys) do keypressed(key) end
end

-- ---- input ----

function keypressed(key)
	if solids.move_probe(key, probe, 0.05) then
		return
	elseif key == "p" then
		preset = preset % #PRESETS + 1
		probe = preset_point(preset)
		step = 0
	elseif key == "s" then
		mesh_index = mesh_index % #MESHES + 1
		rebuild()
	elseif key == "o" then
		origin_mode = origin_mode % #ORIGINS + 1
		rebuild()
	elseif PLUS[key] or MINUS[key] then
		shown = clamp(shown + (PLUS[key] and batch or -batch), 0, #tets)
	elseif key == "a" then
		shown = shown < #tets and #tets or 0
	elseif key == "c" then
		use_cache = not use_cache
		cache:reset()
	elseif key == "w" then
		wireframe = not wireframe
	elseif key == "space" or key == "n" then
		step = step + 1                     -- update() clamps it to the steps there are
	elseif key == "b" or key == "backspace" then
		step = math.max(0, step - 1)
	elseif key == "x" or key == "0" then
		step = 0
	end
end

-- ---- the query, as the engine makes it and as the source writes it ----

-- What a position in covering tetrahedron (O, a, b, c) adds: 2 x sign inside, 1 x sign on a face
-- through O; "fragile" on an edge through O (or at O), "surface" on the mesh's own face.
local function weight_of(position, sign)
	if position == "interior" then return 2 * sign, "interior: 2 x sign" end
	if position == "face 012" or position == "face 013" or position == "face 023" then
		return sign, "an original triangle (shared): 1 x sign"
	end
	if position:match("^edge 0") or position == "vertex 0" then
		return nil, "fragile", "an original edge (or O): the crossing count decides"
	end
	return nil, "surface", "on the mesh's surface: inside"
end

local function same(a, b) return a and b and a[1] == b[1] and a[2] == b[2] and a[3] == b[3] end

function update()
	-- the engine's answer, with the cache when it is on (kept from frame to frame)
	local inside, stats = cov:contains_stats(probe, use_cache and cache or nil)
	q.inside, q.stats = inside, stats
	totals.queries, totals.hits, totals.tested = totals.queries + 1, totals.hits + stats.cache_hits,
		totals.tested + stats.primitives_tested
	q.oracle = mesh:contains(probe)
	if not same(q.at, probe) or q.cov ~= cov then
		-- the tetrahedra that hold the probe, in index order, with the running sum
		q.at, q.cov = { probe[1], probe[2], probe[3] }, cov
		q.terms, q.sum, q.fragile, q.surface = {}, 0, false, false
		for i, t in ipairs(tets) do
			local position = t.sign ~= 0 and collide.tetrahedron_locate(origin, t.a, t.b, t.c, probe) or "outside"
			if position ~= "outside" then
				local w, kind, why = weight_of(position, t.sign)
				q.sum = q.sum + (w or 0)
				q.fragile = q.fragile or kind == "fragile"
				q.surface = q.surface or kind == "surface"
				q.terms[#q.terms + 1] = { index = i, position = position, weight = w, why = why or kind, sum = q.sum }
			end
		end
		q.at_origin = same(probe, origin)
	end
	q.steps = #q.terms + 1
	if step > q.steps then step = q.steps end
end

-- ---- drawing ----

local GREEN, RED, YELLOW, GREY = { 0.35, 0.85, 0.45 }, { 0.95, 0.4, 0.35 }, { 1.0, 0.85, 0.25 }, { 0.6, 0.62, 0.66 }

local function sign_color(sign, alpha)
	local c = sign > 0 and GREEN or (sign < 0 and RED or YELLOW)
	return { c[1], c[2], c[3], alpha }
end

-- A drawing mesh of the tetrahedra listed (indices) of one sign, kept under name while the list
-- does not change (nil when none has that sign).
local function tetrahedra_of_sign(name, indices, sign)
	local key = sign .. ":" .. table.concat(indices, ",")
	local d = drawn[name .. sign]
	if not d or d.key ~= key then
		local list = {}
		for _, i in ipairs(indices) do
			local t = tets[i]
			if t.sign == sign then list[#list + 1] = { origin, t.a, t.b, t.c } end
		end
		d = { key = key, mesh = solids.tetrahedra_mesh(list) }
		drawn[name .. sign] = d
	end
	return d.mesh
end

-- Lines go first, every translucent face after them (faces write depth, so a line drawn after a
-- face behind it would be hidden): draw_edges now, queue_faces for the end of the frame.
local function draw_edges(g, i, color_alpha, width, with_face)
	local t = tets[i]
	local color = sign_color(t.sign, color_alpha)
	for _, v in ipairs{ t.a, t.b, t.c } do g.line3d(origin, v, { line = color, width = width }) end
	if with_face then
		g.line3d(t.a, t.b, { line = color, width = width })
		g.line3d(t.b, t.c, { line = color, width = width })
		g.line3d(t.c, t.a, { line = color, width = width })
	end
end

local function draw_faces(g, name, indices, alpha)
	for _, sign in ipairs{ 1, -1, 0 } do
		local m = tetrahedra_of_sign(name, indices, sign)
		if m then g.mesh(m, { fill = sign_color(sign, alpha), boundary = false }) end
	end
end

local function answer_text()
	if q.at_origin then
		return ("the probe is O: its state was found once,\nby the crossing count -> %s"):format(q.inside and "INSIDE" or "outside")
	elseif q.surface then
		return "on the mesh's surface -> INSIDE"
	elseif q.fragile then
		return ("on an original edge: the signed count\ncannot tell, the crossing count says %s"):format(
			q.inside and "INSIDE" or "outside")
	end
	return ("sum %d = 2 x winding number %d\n-> %s"):format(q.sum, q.sum // 2, q.inside and "INSIDE" or "outside")
end

function draw(g)
	solids.camera(g, box, 35, 25)
	local terms = q.terms or {}
	local text
	local covering, held, current = {}, {}, {}
	for i = 1, shown do covering[i] = i end
	g.point3d(origin, { fill = cov:origin_inside() and "white" or GREY, size = 10 })
	g.point3d(probe, { fill = "black", size = 15 })
	g.point3d(probe, { fill = q.inside and "green" or GREY, size = 11 })
	-- the covering shown so far: faint in the step mode
	for i = 1, shown do draw_edges(g, i, step == 0 and 0.55 or 0.2, 1, false) end
	if step == 0 or step > #terms then
		for k, term in ipairs(terms) do
			held[k] = term.index
			draw_edges(g, term.index, 1, step == 0 and 2.5 or 1.5, true)
		end
		if step > #terms then text = "answer: " .. answer_text() end
	else
		for k = 1, step - 1 do
			held[k] = terms[k].index
			draw_edges(g, terms[k].index, 0.6, 1, true)
		end
		local term = terms[step]
		current[1] = term.index
		draw_edges(g, term.index, 1, 3.5, true)
		local t = tets[term.index]
		text = ("tetrahedron %d (%s)\nthe probe: %s\n%s%s\nrunning sum %d"):format(term.index,
			t.sign > 0 and "+" or (t.sign < 0 and "-" or "flat"), term.position, term.why,
			term.weight and (" -> %s%d"):format(term.weight >= 0 and "+" or "", term.weight) or "", term.sum)
	end
	-- the faces, most opaque first
	draw_faces(g, "current", current, 0.5)
	draw_faces(g, "held", held, step == 0 and 0.4 or 0.15)
	draw_faces(g, "covering", covering, step == 0 and 0.13 or 0.05)
	g.mesh(mesh, { fill = { 0.72, 0.75, 0.8, 0.07 }, line = { 0.75, 0.78, 0.85, 0.35 }, wireframe = wireframe,
		boundary = false })

	-- HUD
	local m = MESHES[mesh_index]
	g.hud("mesh", ("%s (%s), %d triangles"):format(m.name, m.about, #tets))
	g.hud("origin O", ("%s (%.3g, %.3g, %.3g), %s%s"):format(ORIGINS[origin_mode], origin[1], origin[2], origin[3],
		cov:origin_inside() and "inside" or "outside", cov:is_positive() and ", every tetrahedron +" or ""))
	g.hud("covering", ("%d of %d tetrahedra shown (+ / -)"):format(shown, #tets))
	g.hud("probe", ("(%.3g, %.3g, %.3g) %s\n%s"):format(probe[1], probe[2], probe[3],
		q.inside and "INSIDE" or "outside", PRESETS[preset]))
	g.hud("held by", ("%d tetrahedra, sum %d"):format(#terms, q.sum or 0))
	g.hud("check", q.oracle == q.inside and "mesh:contains agrees" or "mesh:contains DISAGREES")
	g.hud("this query", ("%d tetrahedra tested%s"):format(q.stats.primitives_tested,
		q.stats.cache_hits > 0 and ", cache hit:\nno face plane crossed since the last query" or ""))
	g.hud("cache", use_cache and ("on: %d of %d queries answered by it"):format(totals.hits, totals.queries) or "off")
	if step > 0 then
		g.hud(("step %d of %d"):format(step, q.steps), text)
	else
		g.hud("step", "press space to step through")
	end
	local _, h = g.size()
	g.text(12, h - 44, "arrows, page up/down: probe  p: preset  s: mesh  o: origin  + / -: tetrahedra  a: all",
		{ 0.7, 0.75, 0.8 })
	g.text(12, h - 24, "c: cache  w: wireframe  space/n: step  b: back  x: all  drag: orbit  wheel: zoom", { 0.7, 0.75, 0.8 })
end
