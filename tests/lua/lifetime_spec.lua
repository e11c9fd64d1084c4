-- Lifetimes: every userdata type the module registers can be closed (close(), <close>, or its __gc
-- called by hand) and then refuses every method with an error, never touching freed memory; a value
-- that borrows from another (a boxtree's piece, a shape over its polytope, a covering view, a cache,
-- a GPU object and its context) keeps its owner alive, and refuses to work once the owner is closed.
-- Run under AddressSanitizer, any read of freed memory here is reported.
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local collide = require "collide"
local error_of = support.error_of

local function square() return collide.polygon{ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } } end
local function cube_points()
	return { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 }, { 1, 1, 1 } }
end
local function ball() return collide.mesh.icosphere(1) end

-- One maker per type: a fresh value of it (what it borrows from, if anything, made on the way).
local makers = {
	["collide.polygon"] = square,
	["collide.segment"] = function() return collide.segment(0, 0, 1, 1) end,
	["collide.circle"] = function() return collide.circle(0, 0, 1) end,
	["collide.sphere"] = function() return collide.sphere(0, 0, 0, 1) end,
	["collide.mesh"] = ball,
	["collide.points"] = function() return collide.points{ { 1, 2 }, { 3, 4 } } end,
	["collide.results"] = function() return square():contains_all(collide.points{ { 1, 1 } }) end,
	["collide.covering"] = function() return collide.covering(square()) end,
	["collide.cache"] = function() return collide.covering(square()):cache() end,
	["collide.tritree"] = function() return collide.tritree(square()) end,
	["collide.grid"] = function() return collide.grid(square()) end,
	["collide.quadtree"] = function() return collide.quadtree(square()) end,
	["collide.covering3d"] = function() return collide.covering3d(ball()) end,
	["collide.cache3d"] = function() return collide.covering3d(ball()):cache() end,
	["collide.tetratree"] = function() return collide.tetratree(ball()) end,
	["collide.polyhedron"] = function() return collide.polyhedron_from_mesh(collide.mesh.box(1, 1, 1)) end,
	["collide.bvh"] = function() return collide.bvh(ball()) end,
	["collide.shape"] = function() return collide.box(1, 1, 1) end,
	-- a script reaches a polytope only as its shape's uservalue
	["collide.polytope"] = function() return (debug.getuservalue(collide.convex(cube_points()), 1)) end,
	["collide.gjk_cache"] = function() return collide.gjk_cache() end,
	["collide.boxtree"] = function() return collide.boxtree(collide.convex(cube_points())) end,
	["collide.multivector"] = function() return collide.cga.point{ 1, 2, 3 } end,
	["collide.gpu_context"] = function()
		local context = collide.gpu.context("cpu")
		context:close() -- retire the shared one, so that closing this fresh one spoils nothing
		return collide.gpu.context("cpu")
	end,
	["collide.gpu_mesh"] = function() return collide.gpu.mesh(ball(), { device = "cpu" }) end,
	["collide.gpu_polygon"] = function() return collide.gpu.polygon(square(), { device = "cpu" }) end,
	["collide.gpu_particles"] = function() return collide.gpu.particles{ count = 8, device = "cpu" } end,
	["collide.gpu_broadphase"] = function() return collide.gpu.broadphase{ device = "cpu" } end,
}

-- The metatables the module registered, by name.
local function registered_types()
	local types = {}
	for name, value in pairs(debug.getregistry()) do
		if type(name) == "string" and name:match("^collide%.") and type(value) == "table" and value.__name == name then
			types[name] = value
		end
	end
	return types
end

-- The methods a value of the metatable mt offers: its __index table, or the table its __index
-- closure reads them from.
local function methods_of(mt)
	local index = mt.__index
	if type(index) == "function" then
		local _, methods = debug.getupvalue(index, 1)
		index = methods
	end
	local names = {}
	for name, f in pairs(type(index) == "table" and index or {}) do
		if type(f) == "function" and not name:match("^__") then names[#names + 1] = name end
	end
	table.sort(names)
	return names
end

local junk = { 1, 2, 3 }

-- Asserts that every method of the closed value x, and its fields, refuse to work, and that
-- tostring and a second close do not fail.
local function assert_refused(name, x)
	local mt = getmetatable(x)
	for _, method in ipairs(methods_of(mt)) do
		if method ~= "close" then
			local ok, message = pcall(x[method], x, junk[1], junk[2], junk[3])
			assert.is_false(ok, name .. ":" .. method .. " works after close")
			assert.is_truthy(tostring(message):match("close"), name .. ":" .. method .. " says: " .. tostring(message))
		end
	end
	for _, field in ipairs{ "x", "y", "r", "a", "center" } do
		if mt.__index ~= mt and type(mt.__index) == "function" then
			local ok = pcall(function() return x[field] end)
			if name ~= "collide.shape" and name ~= "collide.results" and name ~= "collide.multivector" then
				assert.is_false(ok, name .. "." .. field .. " reads after close")
			end
		end
	end
	if mt.__len then assert.is_false(pcall(mt.__len, x), name .. ": # works after close") end
	assert.matches("closed", tostring(x), 1, true)
	assert.is_true(pcall(mt.__close or x.close, x), name .. ": closing twice")
	assert.is_true(mt.__closed(x), name .. ": __closed")
end

describe("every userdata type", function()
	it("is one the lifetime spec knows", function()
		for name in pairs(registered_types()) do
			assert.is_truthy(makers[name], name .. " has a maker in lifetime_spec.lua")
		end
		for name in pairs(makers) do
			assert.is_truthy(registered_types()[name], name .. " is registered")
		end
	end)

	-- The shapes own nothing to free, so they have no finalizer; every other type has one.
	local without_gc = { ["collide.shape"] = true, ["collide.circle"] = true, ["collide.segment"] = true, ["collide.sphere"] = true }

	it("has close, __close, __gc and __closed, and is open when made", function()
		for name, mt in pairs(registered_types()) do
			local x = makers[name]()
			assert.are.equal(mt, getmetatable(x), name)
			assert.are.equal(not without_gc[name], type(mt.__gc) == "function", name .. ".__gc")
			assert.is_function(mt.__close, name .. ".__close")
			assert.is_function(mt.__closed, name .. ".__closed")
			assert.is_function(x.close, name .. ":close")
			assert.is_false(mt.__closed(x), name .. " open")
			assert.is_string(tostring(x))
		end
	end)

	it("refuses every method after close()", function()
		for name in pairs(registered_types()) do
			local x = makers[name]()
			x:close()
			assert_refused(name, x)
			collectgarbage()
		end
	end)

	it("refuses every method after <close>", function()
		for name in pairs(registered_types()) do
			local kept
			do
				local x <close> = makers[name]()
				kept = x
			end
			assert_refused(name, kept)
		end
	end)

	it("refuses every method after its __gc is called by hand", function()
		for name, mt in pairs(registered_types()) do
			if mt.__gc then
				local x = makers[name]()
				mt.__gc(x)
				assert_refused(name, x)
				mt.__gc(x)
				collectgarbage()
			end
		end
	end)

	it("says 'closed' when a closed value is passed where an open one is expected", function()
		local m = ball()
		m:close()
		assert.matches("mesh is closed", error_of(function() return collide.bvh(m) end), 1, true)
		local c = collide.circle(0, 0, 1)
		c:close()
		assert.matches("collide.circle: used after close", error_of(function() return collide.gjk(c, collide.circle(1, 0, 1)) end), 1, true)
		local p = collide.points{ { 1, 1 } }
		p:close()
		assert.matches("collide.points: used after close", error_of(function() return square():contains_all(p) end), 1, true)
	end)
end)

describe("a value that borrows", function()
	-- Uses every part of a convex shape: its methods read the polytope it points into.
	local function use_shape(s)
		s:bounds()
		s:support{ 1, 0, 0 }
		s:vertices()
		s:volume()
		return tostring(s)
	end

	it("keeps a boxtree alive through its pieces", function()
		local tree = collide.boxtree(collide.convex(cube_points()), { depth = 2 })
		local piece, whole = tree:piece(1), tree:polytope()
		tree = nil
		for _ = 1, 3 do collectgarbage() end
		use_shape(piece)
		use_shape(whole)
		assert.is_true(collide.intersects(piece, whole))
	end)

	it("refuses a boxtree's pieces once the tree is closed, by close() or by __gc", function()
		for _, how in ipairs{ "close", "__gc" } do
			local tree = collide.boxtree(collide.convex(cube_points()), { depth = 2 })
			local piece, whole, rounded = tree:piece(2), tree:polytope(), tree:piece(1):rounded(0.1)
			if how == "close" then tree:close() else getmetatable(tree).__gc(tree) end
			for _, s in ipairs{ piece, whole, rounded } do
				assert.matches("used after its collide.boxtree was closed", error_of(use_shape, s), 1, true)
				assert.matches("used after its collide.boxtree was closed", error_of(collide.intersects, s, collide.box(1, 1, 1)), 1, true)
				assert.matches("closed", tostring(s), 1, true)
			end
			assert.matches("boxtree is closed", error_of(function() return tree:piece(1) end), 1, true)
			collectgarbage()
		end
	end)

	it("refuses a convex shape whose polytope was closed, and the shapes made from it", function()
		local shape = collide.convex(cube_points())
		local moved = shape:moved_to{ position = { 1, 2, 3 } }
		for _ = 1, 3 do collectgarbage() end
		use_shape(moved)
		local polytope = debug.getuservalue(shape, 1)
		getmetatable(polytope).__gc(polytope)
		for _, s in ipairs{ shape, moved } do
			assert.matches("used after its collide.polytope was closed", error_of(use_shape, s), 1, true)
		end
		local other = collide.convex(cube_points())
		debug.getuservalue(other, 1):close()
		assert.matches("used after its collide.polytope was closed", error_of(collide.gjk, other, collide.sphere(0, 0, 0, 1)), 1, true)
	end)

	it("refuses a tree's covering view and a cache once the tree or covering is closed", function()
		local tree = collide.tritree(square())
		local view, cache = tree:covering(), tree:cache()
		tree = nil
		for _ = 1, 3 do collectgarbage() end
		assert.is_true(view:contains(1, 1))
		local owner = debug.getuservalue(view, 1)
		getmetatable(owner).__gc(owner)
		assert.matches("its tri-tree is closed", error_of(function() return view:contains(1, 1) end), 1, true)
		assert.matches("closed", tostring(view), 1, true)
		assert.is_true(getmetatable(view).__closed(view))
		cache:reset()
		local tree3 = collide.tetratree(ball())
		local view3 = tree3:covering()
		tree3:close()
		assert.matches("its tetra-tree is closed", error_of(function() return view3:contains(0, 0, 0) end), 1, true)
		local covering = collide.covering(square())
		local cache2 = covering:cache()
		covering:close()
		assert.matches("closed", tostring(cache2), 1, true)
		cache2:reset()
	end)

	it("keeps GPU objects working when their context is retired, and frees it after the last", function()
		local context = collide.gpu.context("cpu")
		local m = collide.gpu.mesh(ball(), { device = "cpu" })
		local pg = collide.gpu.polygon(square(), { device = "cpu" })
		local ps = collide.gpu.particles{ count = 16, device = "cpu" }
		local bp = collide.gpu.broadphase{ device = "cpu" }
		getmetatable(context).__gc(context)
		assert.matches("gpu context is closed", error_of(function() return context:threads() end), 1, true)
		local points = collide.points({ { 0, 0, 0 }, { 5, 5, 5 } })
		assert.is_true(m:contains(points)[1])
		assert.is_false(m:contains(points)[2])
		assert.is_true(pg:contains(collide.points{ { 1, 1 } })[1])
		ps:step(0.01, m)
		assert.are.equal("cpu", m:info().device)
		m:close()
		pg:close()
		ps:close()
		bp:close()
		-- a fresh context is made for the next object
		local fresh = collide.gpu.context("cpu")
		assert.are_not.equal(context, fresh)
		assert.is_false(getmetatable(fresh).__closed(fresh))
		local again = collide.gpu.mesh(ball(), { device = "cpu" })
		assert.is_true(again:contains(points)[1])
		collectgarbage()
	end)
end)

describe("a value closed while a call reads its arguments", function()
	-- A table of points whose __len closes the structure being asked: contains_all read the freed
	-- tree before.
	it("is refused by contains_all", function()
		local square = collide.polygon{ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }
		for _, make in ipairs{ collide.tritree, collide.covering, collide.grid, collide.quadtree } do
			local structure = make(square)
			local evil = setmetatable({}, { __len = function() structure:close() return 1 end,
				__index = function() return { 1, 1 } end })
			assert.matches("closed while the points were read", error_of(structure.contains_all, structure, evil), 1, true)
		end
		local tree = collide.tritree(square)
		local cache = tree:cache()
		local evil = setmetatable({}, { __len = function() cache:close() return 1 end,
			__index = function() return { 1, 1 } end })
		assert.matches("closed while the points were read", error_of(tree.contains_all, tree, evil, cache), 1, true)
	end)
end)

describe("a metamethod called by hand", function()
	-- fuzz_lua_api found segment's __tostring reading the uservalue of whatever it was given.
	it("on a value of another type raises, never reads it as its own", function()
		local others = { collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }, collide.points{ { 1, 2 } }, collide.gjk_cache(), {}, 5, "x" }
		for name, mt in pairs(registered_types()) do
			for key, f in pairs(mt) do
				if type(f) == "function" and key:match("^__") and key ~= "__closed" then
					for _, other in ipairs(others) do
						if getmetatable(other) ~= mt then
							local ok = pcall(f, other, other) -- arithmetic may take a number, __eq anything
							if key == "__tostring" or key == "__len" or key == "__gc" or key == "__close" then
								assert.is_false(ok, name .. "." .. key .. " on " .. tostring(other))
							end
						end
					end
				end
			end
		end
	end)
end)
