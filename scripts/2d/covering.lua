-- The simplicial covering of a polygon (source 000, ch. 3 and 4.1-4.4): one signed triangle from
-- the origin O (the centroid) to every edge, green when counter-clockwise (+), red when clockwise
-- (-). A point is inside when the triangles that hold it add up to 2: each one adds 2 x its sign
-- when the point is in its interior and 1 x its sign when the point is on one of its two sides
-- through O (shared with the neighbour). The triangles holding the point are outlined and labelled
-- with their weights; the HUD shows the running sum.
--
-- The light blue cell is where the point can move without changing the sign mask (its side of
-- every edge line, the signs of the alphas): while it stays there a cache gives the last answer
-- from the mask alone, without the betas, gammas and the sum.
-- The yellow triangle is the one being inspected: the HUD and its sides show the signs of the
-- point's barycentric coordinates in it: alpha (the side of its polygon edge V1V2: + on O's
-- side), beta (the side of O-V2) and gamma (the side of O-V1). Press t with the mouse over a
-- triangle to inspect it (again to take the next one under the mouse).
--
-- Keys: left-drag moves the point; s next polygon; m method covering / convex / star (only where
-- the polygon allows it); c cache on/off; t inspect the triangle under the mouse; right-drag pans.
-- Headless arguments: shape=NAME at=X,Y method=NAME cache=off inspect=I keys=K1,K2,...
local collide = require "collide"
local input = require "input"
local shapes = require "shapes"
local bary = collide.barycentric

-- ---- the polygon classes (shapes.lua), each with where this lesson starts its point ----

local SHAPES = shapes.classes("point", {
	star = { 0.4, 2.9 }, ["C-shape"] = { -2.2, 1.2 }, holes = { 0.63, 1.07 }, comb = { -1.97, 1.52 },
	spiral = { -1.87, -0.93 }, convex = { 1.5, 1.0 },
})

-- ---- script arguments: key=value words after the script ----

local ARGS = shapes.arguments(...)

-- ---- state ----

local METHODS = { "covering", "convex", "star" }
local shape = shapes.find(SHAPES, ARGS.shape) or 4
local method = 1
local use_cache = ARGS.cache ~= "off"
local poly, cov, cache, origin, tris
local point = { 0, 0 }
local mouse = nil
local inspect_choice, inspect_pinned, inspect_mouse = 1, tonumber(ARGS.inspect), nil
local inspected = nil
local q = {}                        -- what update computed for draw
local totals = { queries = 0, hits = 0, tested = 0 }

local function rebuild()
	local s = SHAPES[shape]
	poly = shapes.polygon(s)
	cov = collide.covering(poly)
	origin = { cov:origin() }
	tris = cov:triangles()
	cache = cov:cache()
	point = { s.point[1], s.point[2] }
	totals = { queries = 0, hits = 0, tested = 0 }
	inspected, inspect_pinned = nil, nil
end

function load()
	rebuild()
	inspect_pinned = tonumber(ARGS.inspect)
	local m = ARGS.method
	for i, name in ipairs(METHODS) do
		if name == m then method = i end
	end
	local x, y = shapes.number_pair(ARGS.at)
	if x then point = { x, y } end
	for key in shapes.words(ARGS.keys) do keypressed(key) end
end

-- ---- geometry helpers ----

local function orient(a, b, p)
	return (b[1] - a[1]) * (p[2] - a[2]) - (b[2] - a[2]) * (p[1] - a[1])
end

-- The convex polygon left of the clip box after keeping the side s (+1/-1) of line ab.
local function clip(poly_points, a, b, s)
	local out, n = {}, #poly_points
	for i = 1, n do
		local p, r = poly_points[i], poly_points[i % n + 1]
		local fp, fr = s * orient(a, b, p), s * orient(a, b, r)
		if fp >= 0 then out[#out + 1] = p end
		if (fp >= 0) ~= (fr >= 0) then
			local t = fp / (fp - fr)
			out[#out + 1] = { p[1] + t * (r[1] - p[1]), p[2] + t * (r[2] - p[2]) }
		end
	end
	return out
end

local function sign_text(s) return s > 0 and "+" or (s < 0 and "-" or "0") end

-- weight of a triangle of sign s for a position name of collide.barycentric.locate(O, a, b, P)
local function weight(position, s)
	if position == "interior" then return 2 * s, "interior" end
	if position == "edge 01" or position == "edge 02" then return s, "on a side through O" end
	if position == "edge 12" or position == "vertex 1" or position == "vertex 2" then
		return nil, "on the polygon's edge: inside"
	end
	if position == "vertex 0" then return nil, "at the origin: its stored state" end
	return 0, "outside"
end

-- ---- input ----

local drag = input.drag(function(x, y) point = { x, y } end)
mousepressed, mousereleased = drag.mousepressed, drag.mousereleased

function mousemoved(x, y)
	mouse = { x, y }
	drag.mousemoved(x, y)
end

function keypressed(key)
	if key == "s" then
		shape = shape % #SHAPES + 1
		rebuild()
	elseif key == "m" then
		method = method % #METHODS + 1
		cache:reset()
	elseif key == "c" then
		use_cache = not use_cache
		cache:reset()
	elseif key == "t" and mouse then
		-- the triangles under the mouse, smallest first; pressing again takes the next one
		local under = {}
		for i, t in ipairs(tris) do
			if t.sign ~= 0 and bary.locate(origin, t.a, t.b, mouse) ~= "outside" then
				under[#under + 1] = { i = i, area = math.abs(orient(origin, t.a, t.b)) }
			end
		end
		table.sort(under, function(u, v) return u.area < v.area end)
		if #under > 0 then
			local same = inspect_mouse and inspect_mouse[1] == mouse[1] and inspect_mouse[2] == mouse[2]
			inspect_choice = same and inspect_choice % #under + 1 or 1
			inspect_pinned = under[inspect_choice].i
			inspect_mouse = { mouse[1], mouse[2] }
		end
	end
end

-- ---- update: the query, the sum by hand, the mask cell, the inspected triangle ----

function update()
	local name = METHODS[method]
	q.supported = cov:supports(name)
	local use = q.supported and name or "covering"
	local inside, stats
	if use_cache then
		inside, stats = cov:contains_stats(point[1], point[2], use, cache)
	else
		inside, stats = cov:contains_stats(point[1], point[2], use)
	end
	q.inside, q.stats = inside, stats
	totals.queries = totals.queries + 1
	totals.hits = totals.hits + stats.cache_hits
	totals.tested = totals.tested + stats.primitives_tested

	-- the signed sum, triangle by triangle, as Alg. 4.1 adds it
	q.holding, q.sum, q.boundary = {}, 0, nil
	for i, t in ipairs(tris) do
		if t.sign ~= 0 then
			local position = bary.locate(origin, t.a, t.b, point)
			if position ~= "outside" then
				local w, why = weight(position, t.sign)
				q.holding[#q.holding + 1] = { index = i, weight = w, why = why }
				if w then q.sum = q.sum + w else q.boundary = why end
			end
		elseif bary.segments(t.a, t.b, point, point) then
			q.boundary = "on the polygon's edge: inside"
		end
	end

	-- the cell of the edge lines' arrangement holding the point: its sign mask
	local minx, miny, maxx, maxy = poly:bounds()
	local pad = 12
	local cell = { { minx - pad, miny - pad }, { maxx + pad, miny - pad }, { maxx + pad, maxy + pad }, { minx - pad, maxy + pad } }
	for _, t in ipairs(tris) do
		if #cell < 3 then break end
		cell = clip(cell, t.a, t.b, orient(t.a, t.b, point) >= 0 and 1 or -1)
	end
	q.cell = cell

	-- the inspected triangle: a pinned one, else an instructive default: one whose cone holds the
	-- point beyond its edge (alpha < 0, beta and gamma >= 0)
	if inspect_pinned and tris[inspect_pinned] then inspected = inspect_pinned end
	if inspected == nil then
		local best = 0
		for i, t in ipairs(tris) do
			local sa, sb, sc = bary.signs(origin, t.a, t.b, point)
			local area = math.abs(orient(origin, t.a, t.b))
			if t.sign ~= 0 and sa < 0 and sb >= 0 and sc >= 0 and area > best then inspected, best = i, area end
		end
		inspected = inspected or (q.holding[1] and q.holding[1].index) or 1
	end
end

-- ---- drawing ----

local GREEN, RED, YELLOW, CYAN = { 0.35, 0.9, 0.45 }, { 1.0, 0.4, 0.35 }, { 1.0, 0.85, 0.25 }, { 0.45, 0.8, 1.0 }

local function label(g, x, y, text, color)
	local sx, sy = g.to_screen(x, y)
	g.text(sx - 4 * #text, sy - 9, text, color)
end

local function mid(a, b, toward, k)
	local mx, my = (a[1] + b[1]) / 2, (a[2] + b[2]) / 2
	return mx + (toward[1] - mx) * k, my + (toward[2] - my) * k
end

function draw(g)
	g.camera2d { fit = { -10.5, -5.2, 5, 5.2 } }
	g.covering(cov)
	if q.cell and #q.cell >= 3 then
		g.polygon(q.cell, { fill = { 0.45, 0.75, 1.0, 0.16 }, line = false })
	end
	g.polygon(poly, { fill = false, line = "white", width = 2 })

	-- the triangles holding the point, with their weights at their polygon edge
	for _, h in ipairs(q.holding or {}) do
		local t = tris[h.index]
		local color = t.sign > 0 and GREEN or RED
		g.triangle(origin[1], origin[2], t.a[1], t.a[2], t.b[1], t.b[2],
			{ fill = { color[1], color[2], color[3], 0.22 }, line = color, width = 3 })
	end
	for _, h in ipairs(q.holding or {}) do
		local t = tris[h.index]
		local x, y = mid(t.a, t.b, origin, 0.12)
		local text = h.weight and ((h.weight > 0 and "+" or "") .. h.weight) or "edge"
		label(g, x, y, text, t.sign > 0 and GREEN or RED)
	end

	-- the inspected triangle: alpha is the side of its polygon edge (V1V2), beta of O-V2, gamma of O-V1
	if inspected and tris[inspected] then
		local t = tris[inspected]
		-- its cone: the wedge from O between the rays through V1 and V2
		local far = 40
		local function ray(v)
			local dx, dy = v[1] - origin[1], v[2] - origin[2]
			local len = math.sqrt(dx * dx + dy * dy)
			return { origin[1] + dx / len * far, origin[2] + dy / len * far }
		end
		g.polygon({ origin, ray(t.a), ray(t.b) }, { fill = { YELLOW[1], YELLOW[2], YELLOW[3], 0.07 }, line = false })
		g.line({ t.a, ray(t.a) }, { line = { YELLOW[1], YELLOW[2], YELLOW[3], 0.45 }, width = 1 })
		g.line({ t.b, ray(t.b) }, { line = { YELLOW[1], YELLOW[2], YELLOW[3], 0.45 }, width = 1 })
		g.line({ origin, t.a, t.b }, { line = YELLOW, width = 2.5, closed = true })
		local sa, sb, sc = bary.signs(origin, t.a, t.b, point)
		local cx, cy = (origin[1] + t.a[1] + t.b[1]) / 3, (origin[2] + t.a[2] + t.b[2]) / 3
		local c = { cx, cy }
		local x, y = mid(t.a, t.b, c, 0.25)
		label(g, x, y, "alpha" .. sign_text(sa), YELLOW)
		x, y = mid(origin, t.b, c, 0.25)
		label(g, x, y, "beta" .. sign_text(sb), YELLOW)
		x, y = mid(origin, t.a, c, 0.25)
		label(g, x, y, "gamma" .. sign_text(sc), YELLOW)
		q.signs = { sa, sb, sc }
	end

	if q.cell and #q.cell >= 3 then
		g.line(q.cell, { line = CYAN, width = 2, closed = true })
	end
	local color = q.inside and "green" or "grey"
	g.point(point[1], point[2], { fill = "black", size = 15 })
	g.point(point[1], point[2], { fill = color, size = 11 })

	-- where O is
	label(g, origin[1], origin[2] - 0.35, "O", "white")

	-- HUD: short lines, so the panel stays left of the polygon
	local s = SHAPES[shape]
	g.hud("polygon", ("%s, %d edges\n%s\norigin %s"):format(s.name, #tris, s.about,
		cov:origin_inside() and "inside" or "outside"))
	local name = METHODS[method]
	if q.supported then
		g.hud("method", name)
	else
		g.hud("method", name .. ": not supported\n(" .. (name == "convex" and "not convex" or
			"a triangle is negative") .. ")\ncovering used instead")
	end
	g.hud("cache", use_cache and "on" or "off")
	g.hud("mask cell", ("blue: same side of\nall %d edge lines"):format(#tris))
	g.hud("point", ("(%.2f, %.2f) %s"):format(point[1], point[2], q.inside and "INSIDE" or "outside"))
	if q.stats then
		g.hud("this query", ("triangles tested: %d%s"):format(q.stats.primitives_tested,
			q.stats.cache_hits > 0 and "\nanswer from the cache" or ""))
	end
	local lines, parts = {}, {}
	for _, h in ipairs(q.holding or {}) do
		parts[#parts + 1] = h.weight and ("T%d %s%d"):format(h.index, h.weight >= 0 and "+" or "", h.weight)
			or ("T%d edge"):format(h.index)
		if #parts == 3 then
			lines[#lines + 1] = table.concat(parts, "  ")
			parts = {}
		end
	end
	if #parts > 0 then lines[#lines + 1] = table.concat(parts, "  ") end
	if #lines == 0 then lines[1] = "no triangle holds it" end
	if q.boundary then
		lines[#lines + 1] = q.boundary
	else
		lines[#lines + 1] = ("sum %d -> %s"):format(q.sum, q.sum == 2 and "inside" or "outside")
	end
	g.hud("weights", table.concat(lines, "\n"))
	if inspected and q.signs then
		local t = tris[inspected]
		local where = bary.locate(origin, t.a, t.b, point)
		if q.signs[1] < 0 and q.signs[2] >= 0 and q.signs[3] >= 0 then
			where = "in its cone, beyond its edge"
		elseif q.signs[2] < 0 or q.signs[3] < 0 then
			where = "outside its cone from O"
		end
		g.hud(("T%d (%s)"):format(inspected, sign_text(t.sign)),
			("alpha %s beta %s gamma %s\n%s"):format(sign_text(q.signs[1]), sign_text(q.signs[2]),
				sign_text(q.signs[3]), where))
	end
	g.hud("so far", ("%d queries\n%d answered by the cache"):format(totals.queries, totals.hits))
	local _, h = g.size()
	g.text(12, h - 26, "drag: move the point   s: polygon   m: method   c: cache   t: inspect the triangle under the mouse",
		{ 0.7, 0.75, 0.8 })
end
