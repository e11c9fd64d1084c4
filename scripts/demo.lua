-- The default scene (`make demo`): a non-convex polygon with a hole, a point at the mouse and a
-- circle that follows it. Each is coloured by its answer: inside (green), touching the boundary
-- (orange) or outside (grey). The HUD shows the query's method and statistics; quitting prints a
-- summary of what was computed.
--
-- Move the mouse; left-click drops the circle where you are; m switches crossing/winding;
-- right- or middle-drag pans, the wheel zooms.
local collide = require "collide"

local COLORS = { inside = "green", touching = "orange", outside = "grey" }

local poly, edges
local point = { x = 0, y = 0 }
local circle = collide.circle(0, 0, 0.9)
local methods = { "crossing", "winding" }
local method = 1
local frames = 0
local counts = { point = { inside = 0, touching = 0, outside = 0 }, circle = { inside = 0, touching = 0, outside = 0 } }
local totals = { queries = 0, primitives = 0, circle_tests = 0 }
local last = { point = "outside", circle = "outside", stats = { queries = 0, primitives_tested = 0 } }

function load()
	-- An outline with a notch at the top and a rectangular hole near the bottom.
	local outer = { { -5, -3 }, { 4, -3 }, { 5.5, 0.5 }, { 3, 3.5 }, { 0.5, 0.8 }, { -1.5, 3.5 }, { -5.5, 1.5 } }
	local hole = { { -2.5, -2 }, { 1.5, -2 }, { 1.5, -0.7 }, { -2.5, -0.7 } }
	poly = collide.polygon(outer, { holes = { hole } })
	-- The boundary as segments, to tell "touching" from "inside" for the circle.
	edges = {}
	for _, contour in ipairs(poly:contours()) do
		for i = 1, #contour do
			local a, b = contour[i], contour[i % #contour + 1]
			edges[#edges + 1] = collide.segment(a[1], a[2], b[1], b[2])
		end
	end
end

function mousemoved(x, y)
	point.x, point.y = x, y
end

function mousepressed(x, y, button)
	if button == 1 then circle:move_to(x, y) end
end

function keypressed(key)
	if key == "m" then method = method % #methods + 1 end
end

local function classify_point(x, y)
	local inside, stats = poly:contains_stats(x, y, methods[method])
	totals.queries = totals.queries + stats.queries
	totals.primitives = totals.primitives + stats.primitives_tested
	last.stats = stats
	if poly:on_boundary(x, y) then return "touching" end
	return inside and "inside" or "outside"
end

local function classify_circle()
	for _, edge in ipairs(edges) do
		totals.circle_tests = totals.circle_tests + 1
		if circle:intersects(edge) then return "touching" end
	end
	return poly:contains(circle.x, circle.y) and "inside" or "outside"
end

function update(dt)
	-- The circle eases towards the point, so the two usually give different answers.
	local k = 1 - math.exp(-2.5 * dt)
	circle:move_to(circle.x + (point.x - circle.x) * k, circle.y + (point.y - circle.y) * k)
	last.point = classify_point(point.x, point.y)
	last.circle = classify_circle()
	counts.point[last.point] = counts.point[last.point] + 1
	counts.circle[last.circle] = counts.circle[last.circle] + 1
	frames = frames + 1
end

function draw(g)
	g.camera2d { fit = { -7.5, -5, 8, 6.5 } }
	g.polygon(poly, { fill = { 0.33, 0.55, 0.86, 0.30 }, line = { 0.62, 0.78, 1.0 }, width = 2 })
	local c = COLORS[last.circle]
	g.circle(circle, { fill = { c, 0.35 }, line = c, width = 2.5 })
	g.point(point.x, point.y, { fill = "black", size = 15 })
	g.point(point.x, point.y, { fill = COLORS[last.point], size = 11 })

	g.hud("method", methods[method] .. "  (m switches)")
	g.hud("point", ("(%.2f, %.2f)  %s"):format(point.x, point.y, last.point))
	g.hud("circle", ("(%.2f, %.2f) r %.1f  %s"):format(circle.x, circle.y, circle.r, last.circle))
	g.hud("edges tested", ("%d this query, %d in %d queries"):format(last.stats.primitives_tested,
		totals.primitives, totals.queries))
	g.hud("polygon", ("%d vertices, %d contours, area %.2f"):format(poly:vertex_count(), poly:contour_count(),
		poly:area()))
end

function quit()
	local function row(name, c)
		return ("  %-7s inside %4d   touching %4d   outside %4d   frames"):format(name, c.inside, c.touching, c.outside)
	end
	print(("collide demo: %d frames"):format(frames))
	print(("  polygon %d vertices in %d contours (1 hole), area %.2f"):format(poly:vertex_count(),
		poly:contour_count(), poly:area()))
	print(row("point", counts.point))
	print(row("circle", counts.circle))
	print(("  point queries: %d (%s), %d edges tested, %.1f per query"):format(totals.queries, methods[method],
		totals.primitives, totals.queries > 0 and totals.primitives / totals.queries or 0))
	print(("  circle-edge tests: %d"):format(totals.circle_tests))
end
