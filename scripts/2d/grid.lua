-- The covering grid: the fast general point query. The covering decides a point from one origin
-- whose state is known: the point's state differs from the origin's by the number of edges the
-- segment origin-point crosses. The tri-tree keeps one origin (the centroid) for the whole
-- polygon; the grid gives every cell its own origin (a dot: green inside, grey outside), found
-- once at build time, so a query finds its cell and counts only the crossings of that cell's few
-- edges. Cells that still hold many edges get a grid of their own. Filled cells are wholly
-- inside: no edge at all to test. g switches to the quadtree of the source's study (the
-- crossing number from a reference point per leaf), which needs a descent and more cells.
--
-- Drawn: the cells (outlines), the cell holding the point (yellow), the segment from its origin
-- to the point (yellow) and the edges that segment crosses (orange).
--
-- Keys: left-drag moves the point; s next polygon; g grid / quadtree; + / - cells per edge (grid)
-- or depth (quadtree); right-drag pans.
-- Headless arguments: shape=NAME at=X,Y kind=grid|quadtree keys=K1,K2,...
local collide = require "collide"
local input = require "input"
local shapes = require "shapes"
local bary = collide.barycentric

-- ---- the polygon classes (shapes.lua), each with where this lesson starts its point ----

local SHAPES = shapes.classes("point", {
	star = { 0.4, 2.9 }, ["C-shape"] = { -2.2, 1.2 }, holes = { 0.63, 1.07 }, comb = { -1.97, 1.52 },
	spiral = { 1.76, 2.27 }, convex = { 1.5, 1.0 },
})

-- ---- script arguments: key=value words after the script ----

local ARGS = shapes.arguments(...)

-- ---- state ----

local CELLS_PER_EDGE = { 0.25, 0.5, 1, 2, 4 }
local shape = shapes.find(SHAPES, ARGS.shape) or 5
local use_quadtree = ARGS.kind == "quadtree"
local density, depth = 4, 5             -- an index in CELLS_PER_EDGE (2: the engine default); the quadtree depth
local poly, structure, edges, cells
local point = { 0, 0 }
local q = {}

local function rebuild(keep_point)
	local s = SHAPES[shape]
	poly = shapes.polygon(s)
	if use_quadtree then
		structure = collide.quadtree(poly, { depth = depth })
	else
		structure = collide.grid(poly, { cells_per_edge = CELLS_PER_EDGE[density] })
	end
	edges = {}
	for _, contour in ipairs(poly:contours()) do
		for i = 1, #contour do edges[#edges + 1] = { contour[i], contour[i % #contour + 1] } end
	end
	-- the cells that answer queries (a grid's cells without a nested grid, a quadtree's leaves)
	cells = {}
	for i = 1, #structure do
		local cell = structure:cell(i)
		if cell.children == nil then cells[#cells + 1] = cell end
	end
	if not keep_point then point = { s.point[1], s.point[2] } end
end

function load()
	rebuild()
	local x, y = shapes.number_pair(ARGS.at)
	if x then point = { x, y } end
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
	elseif key == "g" then
		use_quadtree = not use_quadtree
		rebuild(true)
	elseif PLUS[key] or MINUS[key] then
		local step = PLUS[key] and 1 or -1
		if use_quadtree then
			depth = math.max(1, math.min(9, depth + step))
		else
			density = math.max(1, math.min(#CELLS_PER_EDGE, density + step))
		end
		rebuild(true)
	end
end

-- ---- the query ----

function update()
	q.inside, q.stats = structure:contains_stats(point[1], point[2])
	-- the answering cell: the one whose box holds the point (first found)
	q.cell = nil
	for _, cell in ipairs(cells) do
		local b = cell.box
		if point[1] >= b[1] and point[1] <= b[3] and point[2] >= b[2] and point[2] <= b[4] then
			q.cell = cell
			break
		end
	end
	-- the edges the segment from its origin to the point crosses (by brute force, for the picture)
	q.crossed = {}
	if q.cell and q.cell.origin then
		for i, e in ipairs(edges) do
			if bary.segments(q.cell.origin, point, e[1], e[2]) then q.crossed[#q.crossed + 1] = i end
		end
	end
end

-- ---- drawing ----

local YELLOW, ORANGE = { 1.0, 0.85, 0.25 }, { 1.0, 0.55, 0.15 }

function draw(g)
	g.camera2d { fit = { -11, -4.8, 4.8, 4.8 } }
	g.polygon(poly, { fill = { 0.33, 0.55, 0.86, 0.22 }, line = false })
	g.grid(structure, { fill = { 0.30, 0.75, 0.40, 0.22 } })
	g.polygon(poly, { fill = false, line = "white", width = 1.5 })
	for _, i in ipairs(q.crossed or {}) do
		local e = edges[i]
		g.segment(e[1][1], e[1][2], e[2][1], e[2][2], { line = ORANGE, width = 4 })
	end
	if q.cell then
		local b = q.cell.box
		g.rect(b[1], b[2], b[3], b[4], { fill = { YELLOW[1], YELLOW[2], YELLOW[3], 0.12 }, line = YELLOW, width = 2 })
		if q.cell.origin then
			g.segment(q.cell.origin[1], q.cell.origin[2], point[1], point[2], { line = YELLOW, width = 2 })
			g.point(q.cell.origin[1], q.cell.origin[2], { fill = q.cell.origin_inside and "green" or "grey", size = 10 })
		end
	end
	g.point(point[1], point[2], { fill = "black", size = 15 })
	g.point(point[1], point[2], { fill = q.inside and "green" or "grey", size = 11 })

	-- HUD
	local s = SHAPES[shape]
	g.hud("polygon", ("%s, %d edges"):format(s.name, #edges))
	local info = structure:info()
	if use_quadtree then
		g.hud("structure", ("quadtree, depth %d\n%d cells, %d leaves\nat most %d edges in a leaf\n%d bytes"):format(
			depth, info.cells, info.leaves, info.max_leaf_edges, info.memory_bytes))
	else
		g.hud("structure", ("grid %d x %d, %.2f cells per edge\n%d cells, %d nested grids\n%d cells wholly in or out\nat most %d edges in a cell\n%d bytes"):format(
			info.columns, info.rows, CELLS_PER_EDGE[density], info.cells, info.nested_grids, info.empty_cells,
			info.max_cell_edges, info.memory_bytes))
	end
	g.hud("point", ("(%.2f, %.2f) %s"):format(point[1], point[2], q.inside and "INSIDE" or "outside"))
	if q.cell then
		g.hud("its cell", ("%d edges; origin %s\nthe segment crosses %d\n-> %s"):format(q.cell.edges,
			q.cell.origin_inside and "inside" or "outside", #q.crossed,
			(#q.crossed % 2 == 0) == (q.cell.origin_inside and true or false) and "inside" or "outside"))
	end
	g.hud("this query", ("%d cells, %d edges tested\n(of %d)"):format(q.stats.nodes_visited,
		q.stats.primitives_tested, #edges))
	local _, h = g.size()
	g.text(12, h - 24, "drag: point  s: polygon  g: grid / quadtree  +/-: cells per edge (grid), depth (quadtree)",
		{ 0.7, 0.75, 0.8 })
end
