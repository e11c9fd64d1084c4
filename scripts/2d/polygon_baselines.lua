-- The two brute-force point-in-polygon baselines side by side: the crossing number (count the
-- edges a ray crosses) and the winding number. 20000 random points are classified by each with one
-- contains_all call; both must agree on every point, and the HUD shows what each one tested.
--
-- m switches which method's answers colour the points; r draws new points.
local collide = require "collide"

local N = 20000
local poly, pts, box
local methods = { "crossing", "winding" }
local shown = 1
local results, stats, seconds = {}, {}, {}
local disagreements = 0

local function star(n, r_out, r_in)
	local points = {}
	for i = 0, 2 * n - 1 do
		local r = (i % 2 == 0) and r_out or r_in
		local t = math.pi * i / n + math.pi / 2
		points[#points + 1] = { r * math.cos(t), r * math.sin(t) }
	end
	return points
end

local function new_points()
	pts = collide.points(N, 2)
	for i = 1, N do
		pts:set(i, box[1] + (box[3] - box[1]) * math.random(), box[2] + (box[4] - box[2]) * math.random())
	end
end

function load()
	math.randomseed(42)
	-- A seven-pointed star with a star-shaped hole: many reflex vertices, a hole to get right.
	poly = collide.polygon(star(7, 5, 2.2), { holes = { star(5, 1.6, 0.8) } })
	local minx, miny, maxx, maxy = poly:bounds()
	box = { minx - 0.5, miny - 0.5, maxx + 0.5, maxy + 0.5 }
	new_points()
end

function keypressed(key)
	if key == "m" then shown = shown % #methods + 1 end
	if key == "r" then new_points() end
end

function update()
	for i, m in ipairs(methods) do
		local t0 = os.clock()
		results[i], stats[i] = poly:contains_all(pts, m)
		seconds[i] = os.clock() - t0
	end
	disagreements = 0
	for i = 1, N do
		if results[1][i] ~= results[2][i] then disagreements = disagreements + 1 end
	end
end

function draw(g)
	g.camera2d { fit = box }
	g.points(pts, results[shown], { fill = { "green", 0.8 }, size = 2.5 }, { fill = { "grey", 0.5 }, size = 2 })
	g.polygon(poly, { fill = false, line = "white", width = 1.5 })
	g.hud("points", N)
	g.hud("colouring", methods[shown] .. "  (m switches, r new points)")
	for i, m in ipairs(methods) do
		g.hud(m, ("%d inside, %d edges tested, %.2f ms"):format(results[i]:count(), stats[i].primitives_tested,
			seconds[i] * 1000))
	end
	g.hud("disagreements", disagreements)
	g.hud("polygon", ("%d vertices, %d contours"):format(poly:vertex_count(), poly:contour_count()))
end

function quit()
	print(("polygon_baselines: %d points, crossing %d inside, winding %d inside, %d disagreements"):format(N,
		results[1]:count(), results[2]:count(), disagreements))
end
