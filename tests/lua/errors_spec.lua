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
		-- "bad argument #1 to 'polygon' (polygon: contour 0 edges 1 and 3 cross at (2, 2))"
		assert.matches("bad argument #1 to 'polygon' %(polygon: .*cross.*%)$", message)
		assert.matches("contour 0", message, 1, true)
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

	it("refuses negative and oversized lengths, whatever a __len metamethod says", function()
		-- a table claiming length n; every element it "holds" is row
		local function claiming(n, row)
			return setmetatable({}, { __len = function() return n end, __index = function() return row end })
		end
		local huge = (1 << 60) + 1
		local p = collide.polygon{ { 0, 0 }, { 1, 0 }, { 0, 1 } }
		local m = collide.mesh.box(1, 1, 1)
		local outer = { { 0, 0 }, { 9, 0 }, { 0, 9 } }
		local checks = {
			{ function() return collide.points(claiming(-1)) end, "(points: length -1 is negative)" },
			{ function() return collide.points(claiming(huge, { 0, 0 })) end, "(points: too many (" .. huge .. ", at most 17179869184))" },
			{ function() return p:contains_all(claiming(-1)) end, "(points: length -1 is negative)" },
			{ function() return p:contains_all(claiming(huge, { 0, 0 })) end, "(points: too many (" },
			{ function() return m:contains_all(claiming(-1)) end, "(points: length -1 is negative)" },
			{ function() return collide.polygon(claiming(-1)) end, "bad argument #1 to 'polygon' (outer vertices: length -1 is negative)" },
			{ function() return collide.polygon(claiming(huge, { 0, 0 })) end, "(outer vertices: too many (" },
			{ function() return collide.polygon(outer, { holes = claiming(-1) }) end, "bad argument #2 to 'polygon' (holes: length -1 is negative)" },
			{ function() return collide.polygon(outer, { holes = claiming(huge, { { 1, 1 }, { 2, 1 }, { 1, 2 } }) }) end, "(holes: too many (" },
			{ function() return collide.polygon(outer, { holes = { claiming(-1) } }) end, "(hole 1 vertices: length -1 is negative)" },
			{ function() return collide.mesh{ vertices = claiming(-1), triangles = {} } end, "bad argument #1 to 'mesh' (vertices: length -1 is negative)" },
			{ function() return collide.mesh{ vertices = claiming(huge, { 0, 0, 0 }), triangles = {} } end, "(vertices: too many (" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = claiming(-1) } end, "(triangles: length -1 is negative)" },
			{ function() return collide.mesh{ vertices = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, triangles = claiming(huge, { 1, 2, 3 }) } end, "(triangles: too many (" },
			{ function() return collide.points(3, (1 << 32) + 2) end, "(dimension must be 2 or 3)" },
		}
		for i, check in ipairs(checks) do
			assert.matches(check[2], error_of(check[1]), 1, true, "check " .. i)
		end
	end)

	it("names the missing radius of a sphere {x, y, z, r}", function()
		-- length 4 by __len, but no 4th element: r is nil, not left uninitialised
		local three = setmetatable({ 1, 2, 3 }, { __len = function() return 4 end })
		assert.matches("bad argument #1 to 'sphere' (sphere: r must be a number, got nil)",
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
