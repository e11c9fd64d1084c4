-- collide.grid and collide.quadtree: point location by cells with their own origins, against
-- poly:contains; their info and cells; options, errors and lifetime.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of
local star_outline = support.star_outline
local random_points = support.random_points

local nan = 0 / 0

local c_outline = support.c_outline

local holes = { { { 2, 2 }, { 4, 2 }, { 4, 4 }, { 2, 4 } }, { { 6, 6 }, { 8, 6 }, { 7, 8 } } }

local function polygons()
	return {
		c_shape = collide.polygon(c_outline),
		star = collide.polygon(star_outline(200, 10, 2)),
		holes = collide.polygon({ { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } }, { holes = holes }),
	}
end

-- The grid and the quadtree answer the same questions: one table of checks for both.
local kinds = {
	grid = { make = collide.grid, options = { { cells_per_edge = 0.5, max_cell_edges = 2, max_depth = 2 }, { max_depth = 1 } } },
	quadtree = { make = collide.quadtree, options = { { depth = 3, max_edges = 2 }, { depth = 1 } } },
}

for kind, k in pairs(kinds) do
	describe("collide." .. kind, function()
		-- called by its own name, so argument errors name it
		local function build(...)
			if kind == "grid" then return collide.grid(...) end
			return collide.quadtree(...)
		end

		it("agrees with poly:contains on 1000 points for every shape and option set", function()
			for name, poly in pairs(polygons()) do
				local pts = random_points(poly, 1000, 31)
				local expected = poly:contains_all(pts)
				local variants = { k.make(poly) }
				for _, options in ipairs(k.options) do variants[#variants + 1] = k.make(poly, options) end
				for v, object in ipairs(variants) do
					local results, stats = object:contains_all(pts)
					assert.are.equal(1000, stats.queries)
					for i = 1, 1000 do
						assert.are.equal(expected[i], results[i], name .. " variant " .. v .. " point " .. i)
					end
					for i = 1, 1000, 41 do
						local x, y = pts:get(i)
						assert.are.equal(expected[i], object:contains(x, y))
						assert.are.equal(expected[i], object:contains{ x, y })
						local inside, s = object:contains_stats(x, y)
						assert.are.equal(expected[i], inside)
						assert.are.equal(1, s.queries)
						assert.is_number(s.cache_hits)
					end
				end
			end
		end)

		it("answers the C-shape acceptance cases, the boundary inside", function()
			local object = k.make(collide.polygon(c_outline))
			support.check_c_shape(object, 19 / 14, 1.5)
			assert.is_true(object:contains(1, 2), "on a vertex")
			assert.is_false(object:contains(-5, 0))
			local r = object:contains_all{ { 0.5, 0.5 }, { 2, 1.5 }, { 0, 0 } }
			assert.are.same({ true, false, true }, r:to_table())
		end)

		it("shows its cells, 1-based", function()
			local poly = collide.polygon(star_outline(50, 10, 3))
			local object = k.make(poly, k.options[1])
			local info = object:info()
			assert.are.equal(info.cells, #object)
			assert.are.equal(info.cells, object:cell_count())
			assert.is_true(info.memory_bytes > 0)
			local leaves = 0
			for i = 1, #object do
				local cell = object:cell(i)
				assert.are.equal(4, #cell.box)
				assert.is_true(cell.box[1] <= cell.box[3] and cell.box[2] <= cell.box[4])
				assert.is_number(cell.level)
				assert.is_number(cell.edges)
				if cell.children then
					local c = cell.children
					assert.is_true(c.first > i and c.first + c.columns * c.rows - 1 <= #object, "cell " .. i)
					for j = c.first, c.first + c.columns * c.rows - 1 do
						assert.are.equal(cell.level + 1, object:cell(j).level)
					end
				else
					leaves = leaves + 1
					assert.are.equal(2, #cell.origin)
					assert.is_boolean(cell.origin_inside)
					assert.is_boolean(cell.has_origin)
					if cell.has_origin then
						assert.are.equal(poly:contains(cell.origin[1], cell.origin[2]), cell.origin_inside, "cell " .. i)
					end
				end
			end
			if kind == "quadtree" then
				assert.are.equal(info.leaves, leaves)
				assert.is_true(info.depth >= 1)
				for _, key in ipairs{ "edge_references", "max_leaf_edges" } do assert.is_number(info[key], key) end
			else
				assert.is_true(info.columns * info.rows <= #object, "the top grid's cells come first")
				assert.are.equal(0, object:cell(1).level)
				assert.are.equal(4, #info.bounds)
				for _, key in ipairs{ "nested_grids", "depth", "empty_cells", "max_cell_edges", "edge_references" } do
					assert.is_number(info[key], key)
				end
			end
			assert.matches("bad argument #1 to 'cell' (cell 0 out of range 1..", error_of(function() return object:cell(0) end), 1, true)
		end)

		it("rejects unknown, mistyped and out-of-range options with the engine's message", function()
			local poly = collide.polygon(c_outline)
			assert.matches("bad argument #2 to '" .. kind .. "' (" .. kind .. ": unknown option 'bogus' (expected ",
				error_of(function() return build(poly, { bogus = 1 }) end), 1, true)
			assert.matches("bad argument #2 to '" .. kind .. "' (table expected, got number)",
				error_of(function() return build(poly, 3) end), 1, true)
			assert.matches("bad argument #1 to '" .. kind .. "' (collide.polygon expected, got table)",
				error_of(function() return build(c_outline) end), 1, true)
			assert.matches("expected a finite number, got nan",
				error_of(function() return build(poly):contains(nan, 1) end), 1, true)
			assert.matches("row 1: y is inf",
				error_of(function() return build(poly):contains_all{ { 1, math.huge } } end), 1, true)
		end)

		it("releases with <close> and close(), then says so", function()
			local object = support.check_release(kind, k.make)
			assert.matches(kind .. " is closed", error_of(function() return #object end), 1, true)
		end)

		it("survives any garbage arguments without crashing", function()
			local poly = collide.polygon(c_outline)
			local object = k.make(poly)
			local garbage = { nil, true, 0, 1, -1, 2 ^ 40, nan, "x", {}, { 1 }, { nan, 1 }, poly, object, print }
			for name, f in pairs(getmetatable(object)) do
				if type(f) == "function" and name ~= "__gc" and name ~= "close" and name ~= "__close" then
					for i = 1, #garbage + 1 do
						for j = 1, #garbage + 1 do
							pcall(f, object, garbage[i], garbage[j])
						end
					end
				end
			end
			for i = 1, #garbage + 1 do
				local key = garbage[i]
				if key == nil or key ~= key then key = 1 end
				pcall(k.make, poly, { [key] = garbage[i] })
			end
			assert.is_true(object:contains(0.5, 0.5), "still working")
		end)
	end)
end

describe("collide.grid only", function()
	it("takes its options and reports their errors from the engine", function()
		local poly = collide.polygon(star_outline(200, 10, 2))
		local plain, fine = collide.grid(poly), collide.grid(poly, { cells_per_edge = 8, memory_per_edge = 1000 })
		assert.is_true(fine:info().cells > plain:info().cells)
		local flat = collide.grid(poly, { max_depth = 0, max_cell_edges = 1000 })
		assert.are.equal(0, flat:info().nested_grids)
		assert.matches("bad argument #2 to 'grid' (polygon grid: max_depth must be >= 0 (got -1))",
			error_of(function() return collide.grid(poly, { max_depth = -1 }) end), 1, true)
		assert.matches("polygon grid: cells_per_edge must be finite and >= 0 (got -1)",
			error_of(function() return collide.grid(poly, { cells_per_edge = -1 }) end), 1, true)
		assert.matches("grid: cells_per_edge is nan",
			error_of(function() return collide.grid(poly, { cells_per_edge = nan }) end), 1, true)
		assert.matches("grid: max_cell_edges must be an integer, got 1.5",
			error_of(function() return collide.grid(poly, { max_cell_edges = 1.5 }) end), 1, true)
		assert.matches("grid: max_depth must be an integer, got boolean",
			error_of(function() return collide.grid(poly, { max_depth = true }) end), 1, true)
	end)

	it("locates the deepest cell holding a point, nil outside its box", function()
		local poly = collide.polygon(star_outline(100, 10, 2))
		local grid = collide.grid(poly, { max_cell_edges = 2 })
		local pts = random_points(poly, 300, 9)
		local info = grid:info()
		local b = info.bounds
		for i = 1, #pts do
			local x, y = pts:get(i)
			local cell = grid:locate(x, y)
			if x < b[1] or x > b[3] or y < b[2] or y > b[4] then
				assert.is_nil(cell, "point " .. i .. " outside the box")
			else
				local c = grid:cell(cell)
				assert.is_nil(c.children, "the deepest cell")
				assert.is_true(x >= c.box[1] and x <= c.box[3] and y >= c.box[2] and y <= c.box[4], "point " .. i)
			end
		end
		assert.are.equal(grid:locate(1, 1), grid:locate{ 1, 1 })
		assert.is_true(info.nested_grids > 0, "a star this spiky needs nested grids")
	end)

	it("answers a small convex polygon by its half-planes, boundary included", function()
		local octagon = {}
		for k = 0, 7 do octagon[#octagon + 1] = { math.cos(k * math.pi / 4), math.sin(k * math.pi / 4) } end
		local poly = collide.polygon(octagon)
		local grid = collide.grid(poly)
		assert.is_true(grid:info().half_planes)
		assert.is_false(collide.grid(collide.polygon(star_outline(100, 10, 2))):info().half_planes)
		assert.is_true(grid:contains(1, 0))       -- a vertex
		assert.is_true(grid:contains(0, 0))
		assert.is_false(grid:contains(0.9, 0.9))
		local pts = random_points(poly, 2000, 4)
		local all = grid:contains_all(pts)
		for i = 1, #pts do
			local x, y = pts:get(i)
			assert.are.equal(poly:contains(x, y), all[i], "point " .. i)
			assert.are.equal(poly:contains(x, y), grid:contains(x, y), "point " .. i)
		end
	end)
end)

describe("collide.quadtree only", function()
	it("takes depth and max_edges and reports their errors from the engine", function()
		local poly = collide.polygon(star_outline(200, 10, 2))
		assert.are.equal(1, collide.quadtree(poly, { depth = 1 }):info().depth)
		assert.is_true(collide.quadtree(poly, { depth = 6, max_edges = 1 }):info().depth > 3)
		assert.matches("bad argument #2 to 'quadtree' (quadtree: max_depth and max_edges must be >= 0 (got 8 and -1))",
			error_of(function() return collide.quadtree(poly, { max_edges = -1 }) end), 1, true)
		assert.matches("quadtree: depth must be an integer, got string",
			error_of(function() return collide.quadtree(poly, { depth = "deep" }) end), 1, true)
		assert.matches("quadtree: unknown option 'max_depth' (expected depth, max_edges)",
			error_of(function() return collide.quadtree(poly, { max_depth = 3 }) end), 1, true)
	end)

	it("gives each inner cell four children, two by two", function()
		local qt = collide.quadtree(collide.polygon(c_outline), { depth = 3, max_edges = 1 })
		local inner = 0
		for i = 1, #qt do
			local cell = qt:cell(i)
			if cell.children then
				inner = inner + 1
				assert.are.equal(2, cell.children.columns)
				assert.are.equal(2, cell.children.rows)
				assert.is_nil(cell.origin, "only leaves have origins")
			end
		end
		assert.are.equal(#qt - qt:info().leaves, inner)
	end)
end)

describe("the method names", function()
	it("list the new methods, and poly:contains keeps crossing and winding", function()
		local names = {}
		for _, name in ipairs(collide.methods) do names[name] = true end
		for _, name in ipairs{ "covering", "convex", "star", "tritree", "cone_list", "quadtree", "grid" } do
			assert.is_true(names[name], name)
		end
		local poly = collide.polygon(c_outline)
		for _, method in ipairs{ "crossing", "winding" } do
			assert.is_true(poly:contains(0.5, 1.5, method), method)
			assert.is_false(poly:contains(2, 1.5, method), method)
		end
	end)
end)
