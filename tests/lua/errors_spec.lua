-- Errors across the module: lauxlib-style messages, engine messages passed through, NaN refused,
-- and no argument whatever crashes the interpreter.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of

local nan = 0 / 0

describe("the collide module", function()
	it("has a version and the list of method names", function()
		assert.is_string(collide.version)
		assert.matches("^%d+%.%d+%.%d+", collide.version)
		local names = {}
		for _, name in ipairs(collide.methods) do names[name] = true end
		assert.is_true(names.crossing)
		assert.is_true(names.winding)
	end)

	it("passes the engine's message through as the argument error", function()
		local message = error_of(function()
			return collide.polygon{ { 0, 0 }, { 4, 0 }, { 0, 4 }, { 4, 4 } }
		end)
		-- the engine counts from 0 ("contour 0 edges 1 and 3"), the binding from 1 as Lua does
		assert.matches("bad argument #1 to 'polygon' (polygon: contour 1 edges 2 and 4 cross at (2, 2))", message, 1, true)
	end)

	it("names an unknown method and lists the known ones", function()
		local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		local message = error_of(function() return p:contains(0, 0, "bogus") end)
		assert.matches("bad argument #3 to 'contains' (unknown method 'bogus' (expected", message, 1, true)
		assert.matches("'crossing'", message, 1, true)
		assert.matches("bad argument #2 to 'contains_all' (string expected, got table)",
			error_of(function() return p:contains_all({}, {}) end), 1, true)
	end)

	it("refuses NaN and infinity everywhere a coordinate goes in", function()
		local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		local m = collide.mesh.box(1, 1, 1)
		local cases = {
			function() return collide.polygon{ { 0, 0 }, { nan, 0 }, { 0, 1 } } end,
			function() return collide.polygon({ { 0, 0 }, { 9, 0 }, { 0, 9 } }, { holes = { { { 1, 1 }, { 2, 1 }, { 1, math.huge } } } }) end,
			function() return p:contains(nan, 0) end,
			function() return p:contains{ 0, nan } end,
			function() return p:on_boundary(0, -math.huge) end,
			function() return p:contains_all{ { 0, nan } } end,
			function() return collide.circle(nan, 0, 1) end,
			function() return collide.circle{ 0, 0, nan } end,
			function() return collide.segment(0, 0, nan, 1) end,
			function() return collide.sphere{ center = { 0, nan, 0 }, radius = 1 } end,
			function() return collide.points{ { nan, 0 } } end,
			function() collide.points(1):set(1, 0, nan) end,
			function() return m:contains(0, 0, nan) end,
			function() return m:contains_all{ { 0, 0, nan } } end,
			function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, nan, 0 } }, triangles = { { 1, 2, 3 } } } end,
			function() return collide.mesh.icosphere(1, nan) end,
		}
		for i, case in ipairs(cases) do
			local message = error_of(case)
			assert.is_true(message:find("nan", 1, true) ~= nil or message:find("inf", 1, true) ~= nil,
				"case " .. i .. ": " .. message)
		end
	end)

	it("gives lauxlib's messages for wrong argument types", function()
		local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		assert.matches("bad argument #1 to 'polygon' (table of points expected, got no value)", error_of(function() return collide.polygon() end), 1, true)
		assert.matches("bad argument #1 to 'polygon' (table of points expected, got string)", error_of(function() return collide.polygon("square") end), 1, true)
		assert.matches("bad argument #2 to 'polygon' (table expected, got string)", error_of(function() return collide.polygon({ { 0, 0 }, { 1, 0 }, { 0, 1 } }, "holes") end), 1, true)
		assert.matches("bad argument #1 to 'contains' (number expected, got string)", error_of(function() return p:contains("a", 1) end), 1, true)
		assert.matches("bad argument #2 to 'contains' (number expected, got no value)", error_of(function() return p:contains(1) end), 1, true)
		assert.matches("bad argument #1 to 'contains' (collide.polygon expected, got nil)", error_of(function() return p.contains(nil, 1, 1) end), 1, true)
		local impostor = { contains = p.contains }
		assert.matches("calling 'contains' on bad self", error_of(function() return impostor:contains(1, 1) end), 1, true)
		assert.matches("bad argument #1 to 'contains' (collide.polygon expected, got collide.circle)",
			error_of(function() return p.contains(collide.circle(0, 0, 1), 1, 1) end), 1, true)
		assert.matches("bad argument #1 to 'mesh' (table expected, got no value)", error_of(function() return collide.mesh() end), 1, true)
		assert.matches("bad argument #1 to 'mesh' (table expected, got string)", error_of(function() return collide.mesh("box") end), 1, true)
	end)

	it("explains wrong table shapes", function()
		local checks = {
			{ function() return collide.polygon{ { 0, 0 }, { 1, 0 }, 7 } end, "outer vertex 3: expected a point {x, y}, got number" },
			{ function() return collide.polygon{ { 0, 0 }, { 1, 0 }, { 1 } } end, "outer vertex 3: expected a point {x, y}, got a table of length 1" },
			{ function() return collide.polygon{ { 0, 0 }, { 1, 0 }, { "1", 1 } } end, "outer vertex 3: x must be a number, got string" },
			{ function() return collide.polygon({ { 0, 0 }, { 9, 0 }, { 0, 9 } }, { holes = { 5 } }) end, "bad argument #2 to 'polygon' (hole 1: expected a table of points {x, y}, got number)" },
			{ function() return collide.polygon({ { 0, 0 }, { 9, 0 }, { 0, 9 } }, { holes = { { { 1, 1 }, { 2, 1 }, {} } } }) end, "hole 1 vertex 3: expected a point {x, y}, got a table of length 0" },
			{ function() return collide.polygon({ { 0, 0 }, { 9, 0 }, { 0, 9 } }, { holes = true }) end, "holes: expected a table of contours, got boolean" },
			{ function() return collide.mesh{ vertices = { { 0, 0 } }, triangles = {} } end, "vertex 1: expected a point {x, y, z}, got a table of length 2" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2 } } } end, "triangle 1: expected {i, j, k}, got a table of length 2" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 0 } } } end, "triangle 1: vertex index 0 out of range 1..3" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, "3" } } } end, "triangle 1: index 3 must be an integer, got string" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { 7 } } end, "triangle 1: expected {i, j, k}, got number" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } } } end, "triangles: expected a table of index triples {i, j, k}, got nil" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("reads lengths raw, whatever a __len metamethod says", function()
		-- a table claiming length n; every element it "holds" is row; read raw, it is empty
		local function claiming(n, row)
			return setmetatable({}, { __len = function() return n end, __index = function() return row end })
		end
		local huge = (1 << 60) + 1
		local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		local m = collide.mesh.box(1, 1, 1)
		local outer = { { 0, 0 }, { 9, 0 }, { 0, 9 } }
		assert.are.equal(0, #collide.points(claiming(-1)))
		assert.are.equal(0, #collide.points(claiming(huge, { 0, 0 })))
		assert.are.equal(0, #p:contains_all(claiming(-1)))
		assert.are.equal(0, #p:contains_all(claiming(huge, { 0, 0 })))
		assert.are.equal(0, #m:contains_all(claiming(-1)))
		assert.matches("0 holes", tostring(collide.polygon(outer, { holes = claiming(huge, { { 1, 1 }, { 2, 1 }, { 1, 2 } }) })), 1, true)
		local checks = {
			{ function() return collide.polygon(claiming(huge, { 0, 0 })) end, "(polygon: fewer than 3 distinct vertices in contour 1)" },
			{ function() return collide.polygon(outer, { holes = { claiming(-1) } }) end, "fewer than 3 distinct vertices in contour 2" },
			{ function() return collide.mesh{ vertices = claiming(huge, { 0, 0, 0 }), triangles = {} } end, "(mesh: no triangles)" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = claiming(huge, { 1, 2, 3 }) } end, "(mesh: no triangles)" },
			{ function() return collide.points(3, (1 << 32) + 2) end, "(dimension must be 2 or 3)" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("counts a sphere {x, y, z, r} by its entries, not by __len", function()
		-- length 4 by __len, but no 4th element: read raw it is a table of length 3
		local three = setmetatable({ 1, 2, 3 }, { __len = function() return 4 end })
		assert.matches("bad argument #1 to 'sphere' (expected {x, y, z, r} or {center = {x, y, z}, radius = r}, got a table of length 3)",
			error_of(function() return collide.sphere(three) end), 1, true)
	end)

	it("passes the engine's mesh messages through", function()
		local message = error_of(function()
			return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 2 } } }
		end)
		assert.matches("bad argument #1 to 'mesh' (mesh: ", message, 1, true)
		assert.matches("bad argument #1 to 'mesh' (mesh: ", error_of(function()
			return collide.mesh{ vertices = { { 0, 0, 0 } }, triangles = {} }
		end), 1, true)
	end)

	it("survives garbage collection of half-built and closed objects", function()
		for _ = 1, 50 do
			pcall(collide.polygon, { { 0, 0 }, { 4, 0 }, { 0, 4 }, { 4, 4 } })
			pcall(collide.mesh, { vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 2 } } })
			pcall(collide.mesh.load, "/no/such/file.obj")
			local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
			p:close()
		end
		collectgarbage("collect")
		collectgarbage("collect")
		-- metamethods called by hand with the wrong value raise, never crash
		local mt = getmetatable(collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } })
		assert.matches("collide.polygon expected", error_of(function() mt.__gc(5) end), 1, true)
		assert.matches("collide.polygon expected", error_of(function() mt.__close({}) end), 1, true)
		local cmt = getmetatable(collide.circle(0, 0, 1))
		assert.matches("collide.circle expected", error_of(function() cmt.__index(5, "x") end), 1, true)
		-- collide.mesh's __call called with nothing removed a value the stack did not have
		assert.matches("table expected, got no value", error_of(getmetatable(collide.mesh).__call), 1, true)
	end)

	it("closes on error paths with <close>", function()
		local p
		local ok = pcall(function()
			local q <close> = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
			p = q
			error("boom")
		end)
		assert.is_false(ok)
		assert.are.equal("polygon(closed)", tostring(p))
	end)

	it("never crashes on junk arguments to any method", function()
		local objects = {
			collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } },
			collide.circle(0, 0, 1),
			collide.segment(0, 0, 1, 1),
			collide.sphere(0, 0, 0, 1),
			collide.mesh.box(1, 1, 1),
			collide.points(2),
			collide.points(2, 3),
		}
		objects[#objects + 1] = objects[1]:contains_all(objects[6])
		local junk = { nil, true, 0, -1, 1.5, nan, math.huge, "x", "1", {}, { 1 }, { 1, 2, 3 }, print,
			objects[1], objects[2], objects[4], objects[5], objects[6], objects[7] }
		local calls = 0
		for _, object in ipairs(objects) do
			local mt = getmetatable(object)
			local methods = {}
			for name in pairs{ contains = 1, contains_all = 1, contains_stats = 1, on_boundary = 1,
				intersects = 1, intersection = 1, area = 1, bounds = 1, contours = 1, get = 1, set = 1,
				dim = 1, count = 1, to_table = 1, vertices = 1, triangles = 1, validate = 1,
				move_to = 1, unpack = 1, length = 1, volume = 1, vertex_count = 1 } do
				local f = object[name]
				if type(f) == "function" then methods[name] = f end
			end
			assert.is_table(mt)
			for _, f in pairs(methods) do
				for i = 1, #junk + 1 do
					for j = 1, #junk + 1 do
						local ok, message = pcall(f, object, junk[i], junk[j], junk[j])
						calls = calls + 1
						if not ok then assert.is_string(message) end
					end
				end
			end
		end
		assert.is_true(calls > 1000)
	end)
end)

describe("errors that say what and where", function()
	local square = { { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }
	local triangle3 = { vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 3 } } }

	it("refuses unknown option keys instead of dropping them", function()
		local hole = { { 1, 1 }, { 1, 2 }, { 2, 2 }, { 2, 1 } }
		local checks = {
			{ function() return collide.polygon(square, { hole = { hole } }) end, "bad argument #2 to 'polygon' (polygon: unknown option 'hole' (expected holes))" },
			{ function() return collide.mesh{ vertices = triangle3.vertices, triangles = triangle3.triangles, normals = {} } end, "(mesh: unknown option 'normals' (expected vertices, triangles))" },
			{ function() return collide.segment{ a = { 0, 0 }, b = { 1, 1 }, radius = 1 } end, "(segment: unknown option 'radius' (expected a, b))" },
			{ function() return collide.circle{ center = { 0, 0 }, radius = 1, r = 2 } end, "(circle: unknown option 'r' (expected center, radius))" },
			{ function() return collide.sphere{ center = { 0, 0, 0 }, radius = 1, r = 2 } end, "(sphere: unknown option 'r' (expected center, radius))" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
		-- the right key still works
		assert.are.equal(1, #collide.polygon(square, { holes = { hole } }):contours() - 1)
	end)

	-- Every function of the module and its tables, and every method of every type, called with wrong
	-- arguments the way Lua cannot name the call (pcall(f, ...)): the message names the function.
	it("names the function in argument errors, never '?'", function()
		local objects = {
			collide.polygon(square), collide.circle(0, 0, 1), collide.segment(0, 0, 1, 1), collide.sphere(0, 0, 0, 1),
			collide.mesh.icosphere(1), collide.points{ { 1, 2 } }, collide.box(1, 1, 1), collide.cga.point{ 1, 2, 3 },
			collide.bvh(collide.mesh.icosphere(1)), collide.tritree(collide.polygon(square)),
			collide.gjk_cache(), collide.covering(collide.polygon(square)),
		}
		local skip = { save = true, load = true, try_load = true } -- they would write or read files named by junk
		local junk = { { false, false, false }, { {}, {}, {} }, { -1, -1, -1 } }
		local checked = 0
		local function check(name, f, self)
			if skip[name:match("[^.]+$")] then return end
			for _, args in ipairs(junk) do
				local ok, message
				if self ~= nil then ok, message = pcall(f, self, args[1], args[2], args[3])
				else ok, message = pcall(f, args[1], args[2], args[3]) end
				if not ok and tostring(message):match("bad argument") then
					checked = checked + 1
					assert.is_falsy(tostring(message):find("'?'", 1, true), name .. ": " .. tostring(message))
				end
			end
		end
		for name, f in pairs(collide) do
			if type(f) == "function" then check(name, f)
			elseif type(f) == "table" then
				for sub, g in pairs(f) do
					if type(g) == "function" then check(name .. "." .. sub, g) end
				end
			end
		end
		check("mesh", collide.mesh)
		for _, object in ipairs(objects) do
			local mt = getmetatable(object)
			local index = mt.__index
			if type(index) == "function" then index = select(2, debug.getupvalue(index, 1)) end
			for name, f in pairs(index) do
				if type(f) == "function" and not name:match("^__") and name ~= "close" then
					check(mt.__name .. "." .. name, f, object)
				end
			end
		end
		assert.is_true(checked > 200, "argument errors checked: " .. checked)
		assert.matches("bad argument #1 to 'collide.mesh.icosphere' (9 out of range 0..8)", error_of(collide.mesh.icosphere, 9), 1, true)
		assert.matches("bad argument #1 to 'collide.mesh.new' (table expected, got number)", error_of(collide.mesh, 9), 1, true)
		local b = objects[9]
		assert.matches("bad argument #2 to 'collide.bvh.contains' (number expected, got string)", error_of(b.contains, b, "x"), 1, true)
		assert.matches("bad argument #1 to 'contains' (number expected, got string)", error_of(function() return b:contains("x") end), 1, true)
	end)

	it("says 'closed' when a closed value comes where another is expected", function()
		local tree = collide.tritree(collide.polygon(square))
		local closed = collide.polygon(square)
		closed:close()
		assert.matches("bad argument #3 to 'contains' (collide.cache expected, got closed collide.polygon)",
			error_of(function() return tree:contains(1, 1, closed) end), 1, true)
		local m = collide.mesh.icosphere(1)
		m:close()
		assert.matches("mesh is closed", error_of(collide.bvh, m), 1, true)
	end)

	it("prints non-finite coordinates as inf or nan, never -nan", function()
		local inf = 1e400
		local checks = {
			{ function() return collide.sphere(0 / 0, 0, 0, 1) end, "expected a finite number, got nan" },
			{ function() return collide.box(inf, 1, 1) end, "expected a finite number, got inf" },
			{ function() return collide.circle{ center = { -(0 / 0), 0 }, radius = 1 } end, "center: x is nan" },
			{ function() return collide.mesh{ vertices = { { inf, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = { { 1, 2, 3 } } } end, "vertex 1: x is infinite" },
			{ function() return collide.points{ { 0, -inf } } end, "row 1: y is infinite" },
			{ function() return collide.points(1):set(1, 0 / 0, 0) end, "expected a finite number, got nan" },
			{ function() return collide.polygon(square, { holes = { { { 1, 1 }, { 0 / 0, 2 }, { 2, 1 } } } }) end, "hole 1 vertex 2: x is nan" },
		}
		for i, check in ipairs(checks) do
			local message = error_of(check[1])
			assert.matches(check[2], message, 1, true, "check " .. i)
			assert.is_falsy(message:find("-nan", 1, true), "check " .. i .. ": " .. message)
		end
	end)

	it("numbers contours, edges, vertices, triangles and faces from 1, as Lua does", function()
		assert.matches("(polygon: contour 2 edges 1 and 3 cross at (2, 2))", error_of(collide.polygon, { { 0, 0 }, { 5, 0 }, { 5, 5 }, { 0, 5 } },
			{ holes = { { { 1, 1 }, { 3, 3 }, { 3, 1 }, { 1, 3 } } } }), 1, true)
		assert.matches("(mesh: triangle 1 (1, 2, 2) repeats a vertex)", error_of(collide.mesh,
			{ vertices = triangle3.vertices, triangles = { { 1, 2, 2 } } }), 1, true)
		assert.matches("(convex: edge 1-2 is used twice in the same direction (faces 1 and 2))", error_of(collide.convex,
			{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, faces = { { 1, 2, 3 }, { 1, 2, 4 }, { 2, 3, 4 }, { 1, 4, 3 } } }), 1, true)
	end)

	-- A regular 2000-gon is star-shaped from its centre: what passes the budget is the depth.
	it("names the real cause when a tri- or tetra-tree passes its memory budget", function()
		local disc = {}
		for i = 1, 2000 do disc[i] = { 10 * math.cos(2 * math.pi * i / 2000), 10 * math.sin(2 * math.pi * i / 2000) } end
		local message = error_of(collide.tritree, collide.polygon(disc), { max_memory = 60000 })
		assert.matches("tritree: over its memory budget of 60000 bytes (options.max_memory) at level 6 of 10 (depth from 2000 triangles): "
			.. "133 cones list 10268 triangles, 60224 bytes; lower the depth or raise max_memory", message, 1, true)
		assert.matches("at level 6 of 12 (max_depth)", error_of(collide.tritree, collide.polygon(disc), { depth = 12, max_memory = 60000 }), 1, true)
		assert.matches("the root cones' lists alone pass it: raise max_memory", error_of(collide.tritree, collide.polygon(disc), { max_memory = 2000 }), 1, true)
		local ball = collide.mesh.icosphere(4)
		assert.matches("(tetratree: over its memory budget of 400000 bytes (options.max_memory) at level 5 of 6 (depth from 5120 tetrahedra): "
			.. "1238 cones list 38108 tetrahedra, 400032 bytes; the cones alone fill it: lower the depth)",
			error_of(collide.tetratree, ball, { max_memory = 400000 }), 1, true)
		-- a comb is far from star-shaped: each triangle lies in many cones of a level
		local comb = { { 0, 0 }, { 200, 0 } }
		for i = 100, 1, -1 do
			comb[#comb + 1] = { 2 * i, 10 }
			comb[#comb + 1] = { 2 * i - 1, 10 }
			comb[#comb + 1] = { 2 * i - 1, 1 }
			comb[#comb + 1] = { 2 * i - 2, 1 }
		end
		comb[#comb] = nil
		assert.matches("each triangle is listed 2.2 times a level: far from star-shaped",
			error_of(collide.tritree, collide.polygon(comb), { max_memory = 20000 }), 1, true)
	end)
end)
