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

-- A binding fetches the engine object of self, then reads its other arguments. Reading a script's
-- table used to run its __index or __len, which could close self (or what self borrows from) under
-- the binding. Tables are now read raw: a proxy's metamethods never run, and the call answers as for
-- the plain table the proxy really is.
describe("a table argument whose metamethods close the object", function()
	-- Closes x and what it holds as uservalue 1 (the owner of a borrower: a tree, a polytope, a
	-- covering, a GPU context), as a hostile __index or __len would.
	local function close_all(x)
		local owner = debug.getuservalue(x, 1)
		pcall(x.close, x)
		if type(owner) == "userdata" and type(owner.close) == "function" then pcall(owner.close, owner) end
	end

	-- A userdata dressed as one of collide's (its own metatable, named "collide.points") whose
	-- __index, __len and __closed call f. Returns it and a function that gives it its metatable back.
	local function disguised(f, length, value)
		local u = collide.gjk_cache()
		local original = getmetatable(u)
		debug.setmetatable(u, {
			__name = "collide.points",
			__index = function() f() return value end,
			__len = function() f() return length end,
			__closed = function() f() return false end,
		})
		return u, function() debug.setmetatable(u, original) end
	end

	-- Tables (and a disguised userdata) that close x when a metamethod runs; a function that counts
	-- how often that happened; one that undoes the disguise.
	local function hostile(x)
		local fired = 0
		local function fire() fired = fired + 1 close_all(x) end
		local function proxy(length, value)
			return setmetatable({}, {
				__index = function() fire() return value end,
				__len = function() fire() return length end,
			})
		end
		local u, undo = disguised(fire, 1, { 0.5, 0.5, 0.5 })
		local tables = {
			proxy(2, 0.5), proxy(3, 0.5), -- a point
			proxy(1, { 0.5, 0.5 }), proxy(1, { 0.5, 0.5, 0.5 }), -- a list of points, a triangle
			proxy(0, nil), -- options, a pose
			u,
		}
		return tables, function() return fired end, undo
	end

	it("never runs them, for every method of every type", function()
		for name, mt in pairs(registered_types()) do
			local other = makers[name]()
			local x = makers[name]() -- after other: a fresh GPU context retires the one before
			for _, method in ipairs(methods_of(mt)) do
				if method ~= "close" and method ~= "save" then -- save(0.5) would write a file "0.5"
					local tables, fired, undo = hostile(x)
					for _, t in ipairs(tables) do
						local calls = {
							{ t }, { t, t }, { { 0.5, 0.5 }, t }, { { 0.5, 0.5, 0.5 }, t }, { 0.5, 0.5, t },
							{ 0.5, 0.5, 0.5, t }, { 1, t }, { other, t }, { other, t, t },
						}
						for i, args in ipairs(calls) do
							pcall(x[method], x, table.unpack(args, 1, 4))
							-- (the message is built and luassert called only on a failure: ~10^5 calls)
							if fired() ~= 0 or mt.__closed(x) ~= false then
								local what = name .. ":" .. method .. " (call " .. i .. ")"
								assert.are.equal(0, fired(), what .. " ran a metamethod of its argument")
								assert.is_false(mt.__closed(x), what .. " closed the value")
							end
						end
					end
					undo()
				end
			end
			collectgarbage()
		end
	end)

	-- Each case: what to close, the call with a hostile table, and the same call with the plain
	-- table it reads raw.
	local function same_answer(hostile_call, plain_call)
		local got = table.pack(pcall(hostile_call))
		local want = table.pack(pcall(plain_call))
		assert.are.equal(want[1], got[1], tostring(got[2]))
		if want[1] then
			assert.are.same(want[2], got[2])
		else
			assert.are.equal(tostring(want[2]):gsub("^.-:%d+: ", ""), tostring(got[2]):gsub("^.-:%d+: ", ""))
		end
		return table.unpack(got, 2, got.n)
	end

	it("reads a tetra-tree's point raw", function()
		local t = collide.tetratree(ball())
		local closing = { __index = function() t:close() return 0 end, __len = function() t:close() return 3 end }
		-- a proxy with nothing of its own is an empty table: refused with the plain table's message
		assert.matches("point: expected a point {x, y, z}, got a table of length 0",
			same_answer(function() return t:contains(setmetatable({}, closing)) end, function() return t:contains{} end), 1, true)
		-- one that holds its values works as the plain table does
		assert.is_true(same_answer(function() return t:contains(setmetatable({ 0, 0, 0 }, closing)) end,
			function() return t:contains{ 0, 0, 0 } end))
		assert.is_false(same_answer(function() return t:contains(setmetatable({ 5, 0, 0 }, closing)) end,
			function() return t:contains{ 5, 0, 0 } end))
		assert.is_true(t:contains(0, 0, 0), "the tree is still open")
	end)

	it("reads a mesh or BVH query's pose raw", function()
		local a, b = ball(), ball()
		local bvh_a, bvh_b = collide.bvh(a), collide.bvh(b)
		local function closing(...)
			local victims = { ... }
			return { __index = function() for _, v in ipairs(victims) do v:close() end end }
		end
		local moved = { position = { 5, 0, 0 } }
		for _, case in ipairs{
			{ function(pose) return a:intersects(b, pose) end, a, b },
			{ function(pose) return bvh_a:intersects(bvh_b, pose) end, bvh_a, bvh_b, a, b },
			{ function(pose) return bvh_a:surfaces_meet(bvh_b, pose) end, bvh_a, bvh_b, a, b },
			{ function(pose) return (bvh_a:contacts(bvh_b, pose)) end, bvh_a, bvh_b, a, b },
			{ function(pose) return collide.cga.mesh_mesh(a, b, { pose = pose }) end, a, b },
		} do
			local call = case[1]
			local mt = closing(table.unpack(case, 2))
			-- {} and {position = ...} with every other field coming from __index
			same_answer(function() return call(setmetatable({}, mt)) end, function() return call{} end)
			same_answer(function() return call(setmetatable({ position = { 5, 0, 0 } }, mt)) end, function() return call(moved) end)
			for i = 2, #case do assert.is_false(getmetatable(case[i]).__closed(case[i]), "still open") end
		end
	end)

	it("reads a polygon's holes raw, while its outer contour lives in a points buffer", function()
		local outer = collide.points{ { 0, 0 }, { 9, 0 }, { 9, 9 }, { 0, 9 } }
		local holes = setmetatable({}, {
			__len = function() outer:close() return 1 end,
			__index = function() outer:close() return { { 1, 1 }, { 2, 1 }, { 1, 2 } } end,
		})
		local p = collide.polygon(outer, { holes = holes })
		assert.matches("4 vertices, 0 holes", tostring(p), 1, true)
		assert.are.equal(4, #outer, "the buffer is still open")
		-- and a hole that holds its contour itself is used
		local hole = setmetatable({ { 1, 1 }, { 2, 1 }, { 1, 2 } }, { __index = function() outer:close() end })
		assert.matches("1 hole", tostring(collide.polygon(outer, { holes = { hole } })), 1, true)
		assert.are.equal(4, #outer)
	end)

	it("reads a list of points by its entries, not by __len", function()
		local square = collide.polygon{ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }
		for _, make in ipairs{ collide.tritree, collide.covering, collide.grid, collide.quadtree } do
			local structure = make(square)
			local list = setmetatable({ { 1, 1 }, { 9, 9 } }, {
				__len = function() structure:close() return 1 end,
				__index = function() structure:close() return { 1, 1 } end,
			})
			local results = structure:contains_all(list)
			assert.are.same({ true, false }, results:to_table())
			assert.is_false(getmetatable(structure).__closed(structure))
		end
		local tree = collide.tritree(square)
		local cache = tree:cache()
		local list = setmetatable({}, { __len = function() cache:close() return 1 end })
		assert.are.equal(0, #tree:contains_all(list, cache))
		assert.is_false(getmetatable(cache).__closed(cache))
		local victim = collide.points{ { 1, 2 } }
		local pts = collide.points(setmetatable({ { 1, 2 }, { 3, 4 } }, { __len = function() victim:close() return 5 end }))
		assert.are.equal(2, #pts)
		assert.are.equal(1, #victim)
	end)

	it("reads a query's options raw while a boxtree's piece is in use", function()
		local tree = collide.boxtree(collide.convex(cube_points()), { depth = 2 })
		local piece, far = tree:piece(1), collide.sphere(5, 5, 5, 1)
		local closing = { __index = function() tree:close() end }
		same_answer(function() return (collide.gjk(piece, far, setmetatable({}, closing))) end,
			function() return (collide.gjk(piece, far, {})) end)
		same_answer(function() return (collide.penetration(piece, collide.box(1, 1, 1), setmetatable({}, closing))) end,
			function() return (collide.penetration(piece, collide.box(1, 1, 1), {})) end)
		same_answer(function() return (collide.shapecast(piece, far, { 0, 0, -1 }, setmetatable({}, closing))) end,
			function() return (collide.shapecast(piece, far, { 0, 0, -1 }, {})) end)
		same_answer(function() return (collide.shapecast(piece, far, setmetatable({ 0, 0, -1 }, closing))) end,
			function() return (collide.shapecast(piece, far, { 0, 0, -1 })) end)
		local other = collide.boxtree(collide.convex(cube_points()), { depth = 2 })
		same_answer(function() return (tree:collides(other, setmetatable({}, closing), setmetatable({}, closing))) end,
			function() return (tree:collides(other, {}, {})) end)
		assert.is_false(getmetatable(tree).__closed(tree))
		assert.is_true(collide.intersects(piece, tree:piece(2)))
	end)

	it("refuses a userdata where a table is expected, never running its metamethods", function()
		local t = collide.tetratree(ball())
		local square = collide.tritree(collide.polygon{ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } })
		local particles = collide.gpu.particles{ count = 8, device = "cpu" }
		local ran = 0
		local u, undo = disguised(function()
			ran = ran + 1
			for _, x in ipairs{ t, square, particles } do x:close() end
		end, 1, { 0.5, 0.5, 0.5 })
		assert.matches("got collide.points", error_of(function() return collide.points(u) end), 1, true)
		assert.matches("got collide.points", error_of(function() return square:contains_all(u) end), 1, true)
		assert.matches("got collide.points", error_of(function() return t:contains(u) end), 1, true)
		assert.matches("got collide.points", error_of(function() return particles:step(0.01, u) end), 1, true)
		assert.matches("vertices: expected a table of points {x, y, z}, got userdata",
			error_of(function() return collide.mesh{ vertices = u, triangles = {} } end), 1, true)
		undo()
		assert.are.equal(0, ran, "a metamethod of the disguised userdata ran")
		assert.is_true(t:contains(0, 0, 0))
		assert.is_true(square:contains(1, 1))
	end)
end)

-- The collector runs finalizers at its steps, which may come at any allocation, also in the middle
-- of a binding that holds an engine pointer. A finalizer may not close anything: close() and __close
-- raise there (the collector still frees what is unreachable, by __gc).
describe("close() inside a finalizer", function()
	local refusal = "close() inside a __gc finalizer is refused (finalizers run in the middle of other calls); the collector will release it"

	-- Runs f from a finalizer of fresh garbage and returns what it returned.
	local function in_finalizer(f)
		local results
		do setmetatable({}, { __gc = function() results = table.pack(f()) end }) end
		collectgarbage()
		collectgarbage()
		assert.is_table(results, "the finalizer ran")
		return table.unpack(results, 1, results.n)
	end

	it("is refused for every type, by close() and by __close", function()
		for name, mt in pairs(registered_types()) do
			local x = makers[name]()
			local closed_ok, closed_message, dunder_ok, dunder_message = in_finalizer(function()
				local ok, message = pcall(x.close, x)
				return ok, message, pcall(mt.__close, x)
			end)
			assert.is_false(closed_ok, name .. ":close() in a finalizer")
			assert.are.equal(name .. ": " .. refusal, closed_message)
			assert.is_false(dunder_ok, name .. ".__close in a finalizer")
			assert.are.equal(name .. ": " .. refusal, dunder_message)
			assert.is_false(mt.__closed(x), name .. " still open")
			x:close() -- outside a finalizer it works
			assert.is_true(mt.__closed(x), name .. " closed")
		end
	end)

	it("is not confused with a collector the script stopped", function()
		local t = collide.tetratree(ball())
		collectgarbage("stop")
		local ok = pcall(t.close, t)
		collectgarbage("restart")
		assert.is_true(ok)
		assert.is_true(getmetatable(t).__closed(t))
	end)

	it("leaves the object of a binding that allocates alive", function()
		local tree = collide.boxtree(collide.convex(cube_points()), { depth = 3 })
		local tetra = collide.tetratree(ball())
		local message, inside = nil, 0
		local function arm()
			setmetatable({}, { __gc = function()
				local caller = debug.getinfo(2, "n") -- the function the collector interrupted
				if caller and (caller.name == "triangles" or caller.name == "cones") then inside = inside + 1 end
				local ok, why = pcall(tree.close, tree)
				if not ok then message = why end
				pcall(tetra.close, tetra)
			end })
		end
		collectgarbage("incremental", 100, 100) -- a step at every little allocation
		for _ = 1, 200 do
			arm()
			assert.is_table(tree:triangles())
			assert.is_table(tetra:cones())
			if inside >= 5 then break end
		end
		collectgarbage("incremental", 200, 100)
		collectgarbage()
		assert.is_true(inside > 0, "some finalizer ran inside a binding")
		assert.are.equal("collide.boxtree: " .. refusal, message)
		assert.is_false(getmetatable(tree).__closed(tree))
		assert.is_true(#tree:triangles() > 0)
		assert.is_true(tetra:contains(0, 0, 0))
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
