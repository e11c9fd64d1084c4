-- Conformal geometric algebra through the Lua API (cga.h, lua/wrap_cga.c): the algebra's
-- identities (source 003's algebra values, docs/sources.md, in Dorst's normalisation: half the
-- thesis's points), every constructor and its errors, the operators against the named functions, the
-- geometry read back, source 003's meet values and its versor values.
local collide = require "collide"
local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
local error_of = support.error_of
local cga = collide.cga

local nan = 0 / 0
local tight = 1e-12

local function near_vec(expected, got, tolerance, what)
	support.near_vec(expected, got, tolerance or tight, what)
end

-- Every coefficient of got within tolerance of expected's (both multivectors).
local function near_mv(expected, got, tolerance, what)
	local e, g = cga.coeffs(expected), cga.coeffs(got)
	for k = 1, 32 do
		assert.is_near(e[k], g[k], tolerance or tight, (what or "multivector") .. " blade " .. cga.blade_names()[k])
	end
end

-- The point at X, as a table.
local function euclid(X)
	return { cga.euclid(X) }
end

-- A multivector with 32 pseudo-random coefficients in [-1, 1] (a stream from seed).
local function random_mv(random)
	local c = {}
	for k = 1, 32 do
		c[k] = 2 * random() - 1
	end
	return cga.multivector(c)
end

local function sphere(c, r)
	return cga.sphere(c, r)
end

describe("collide.cga", function()
	describe("the algebra", function()
		it("has the null basis of the header: I^2 = -1, ni^2 = no^2 = 0, ni . no = -1", function()
			assert.are.equal(-1, cga.square(cga.I))
			assert.is_true(cga.I * cga.I == cga.multivector(-1))
			assert.are.equal(0, cga.square(cga.ni))
			assert.are.equal(0, cga.square(cga.no))
			assert.are.equal(-1, cga.dot(cga.ni, cga.no))
			assert.are.equal(1, cga.dot(cga.e4, cga.e4))
			assert.are.equal(-1, cga.dot(cga.e5, cga.e5))
			assert.is_true(cga.ni == cga.e4 + cga.e5)
			assert.is_true(cga.no == (cga.e5 - cga.e4) / 2)
			assert.is_true(cga.one == cga.multivector(1))
			-- e4 ^ e5 squares to +1 (the thesis's (e ^ ebar)^2)
			assert.are.equal(1, cga.square(cga.op(cga.e4, cga.e5)))
			-- ni no = -1 + e45 (the thesis's n nbar = 2 - 2 e ebar, nbar = -2 no)
			near_mv(cga.multivector{ scalar = -1, e45 = 1 }, cga.gp(cga.ni, cga.no))
		end)

		it("names the 32 blades in bit mask order", function()
			local names = cga.blade_names()
			assert.are.equal(32, #names)
			assert.are.equal("1", names[1])
			assert.are.equal("e1", names[2])
			assert.are.equal("e13", names[6])
			assert.are.equal("e45", names[25])
			assert.are.equal("e12345", names[32])
		end)

		it("embeds point(1, 0, 2) as half the thesis's 2e1 + 4e3 + 4e + 6ebar", function()
			local X = cga.point(1, 0, 2)
			local c = X:coeffs()
			assert.are.equal(32, #c)
			for k = 1, 32 do
				local expected = ({ [2] = 1, [5] = 2, [9] = 2, [17] = 3 })[k] or 0
				assert.are.equal(expected, c[k], "blade " .. cga.blade_names()[k])
			end
			assert.are.equal(0, cga.square(X))
			assert.are.equal(-1, cga.dot(X, cga.ni))     -- the thesis's X . n = -2
			assert.are.equal(5, cga.dot(X, -2 * cga.no))  -- X . nbar = 10 in the thesis
			assert.are.equal("point", X:kind())
			assert.is_true(X == cga.point{ 1, 0, 2 })
			assert.is_true(X == cga.point{ x = 1, y = 0, z = 2 })
		end)

		it("measures distance: X . Y = -|x - y|^2 / 2", function()
			assert.are.equal(-5.5, cga.dot(cga.point(1, 0, 2), cga.point(0, 3, 1))) -- the thesis's -22
			local random = support.generator(3)
			for i = 1, 100 do
				local x = { 10 * random() - 5, 10 * random() - 5, 10 * random() - 5 }
				local y = { 10 * random() - 5, 10 * random() - 5, 10 * random() - 5 }
				local d2 = (x[1] - y[1]) ^ 2 + (x[2] - y[2]) ^ 2 + (x[3] - y[3]) ^ 2
				assert.is_near(-d2 / 2, cga.dot(cga.point(x), cga.point(y)), 1e-12 * (1 + d2), "pair " .. i)
			end
		end)

		it("prints in the null basis", function()
			assert.are.equal("e1 + 2 e2 + 3 e3 + no + 7 ni", tostring(cga.point(1, 2, 3)))
			assert.are.equal("0", tostring(cga.ni - cga.ni))
			assert.are.equal("ni", tostring(cga.ni))
			assert.are.equal("no", tostring(cga.no))
			assert.are.equal("3 + e1 - 2 no^ni", tostring(cga.multivector{ scalar = 3, e1 = 1, e45 = 2 }))
			-- the line through (1, 1, 0) and (1, 0, 0): X_p ^ X_q ^ ni = -e12^ni - e2^e45 (source
			-- 003's algebra value 4, a quarter of the thesis's), and e45 = -no^ni
			assert.are.equal("-e12^ni + e2^no^ni", tostring(cga.line({ 1, 1, 0 }, { 1, 0, 0 })))
			-- a long one: every blade, longer than any small buffer
			local c = {}
			for k = 1, 32 do
				c[k] = 1.23456789 * k
			end
			local text = tostring(cga.multivector(c))
			assert.is_true(#text > 300, "length " .. #text)
			assert.matches("^1%.23456789 %+ ", text)
			assert.are.equal(" - 39.50617248 e123^no^ni", text:sub(-25))
		end)

		it("builds multivectors from 32 coefficients or blade names, and reads them back", function()
			local c = {}
			for k = 1, 32 do
				c[k] = k - 16.5
			end
			assert.are.same(c, cga.multivector(c):coeffs())
			local named = cga.multivector{ e1 = 2, e45 = -1, e12345 = 3, ["1"] = 4 }
			local got = named:coeffs()
			assert.are.equal(2, got[2])
			assert.are.equal(-1, got[25])
			assert.are.equal(3, got[32])
			assert.are.equal(4, got[1])
			assert.is_true(cga.multivector{} == cga.multivector(0))
			-- the null basis: a point reads 1, 2, 3, no 1, ni 7, and comes back
			local X = cga.point(1, 2, 3)
			local null = cga.null_coeffs(X)
			assert.are.same({ 1, 2, 3, 1, 7 }, { null[2], null[3], null[5], null[9], null[17] })
			near_mv(X, cga.from_null_coeffs(null))
			assert.is_true(cga.is_multivector(X))
			assert.is_false(cga.is_multivector({}))
		end)

		it("refuses malformed coefficient tables", function()
			assert.matches("bad argument #1 to 'multivector' (expected 32 coefficients or blade names as keys, got a table of length 3)",
				error_of(function() return cga.multivector{ 1, 2, 3 } end), 1, true)
			assert.matches("unknown blade 'e6'", error_of(function() return cga.multivector{ e6 = 1 } end), 1, true)
			assert.matches("unknown blade 'e21'", error_of(function() return cga.multivector{ e21 = 1 } end), 1, true)
			assert.matches("bad argument #1 to 'multivector' (blade e1 is not finite)",
				error_of(function() return cga.multivector{ e1 = nan } end), 1, true)
			assert.matches("blade e2: expected a number, got boolean",
				error_of(function() return cga.multivector{ e2 = true } end), 1, true)
			local c = {}
			for k = 1, 32 do
				c[k] = 0
			end
			c[7] = "x"
			assert.matches("coefficient 7 must be a number, got string", error_of(function() return cga.multivector(c) end), 1, true)
			c[7] = math.huge
			assert.matches("coefficient 7 is not finite", error_of(function() return cga.multivector(c) end), 1, true)
			assert.matches("bad argument #1 to 'multivector' (table expected, got string)",
				error_of(function() return cga.multivector("x") end), 1, true)
		end)

		it("gives the operators the named functions' answers", function()
			local random = support.generator(11)
			for i = 1, 20 do
				local a, b = random_mv(random), random_mv(random)
				local where = "case " .. i
				assert.is_true(a + b == cga.add(a, b), where)
				assert.is_true(a - b == cga.sub(a, b), where)
				assert.is_true(-a == cga.scale(a, -1), where)
				assert.is_true(a * b == cga.gp(a, b), where)
				assert.is_true((a ^ b) == cga.op(a, b), where)
				assert.is_true((a | b) == cga.lc(a, b), where)
				assert.is_true(~a == cga.reverse(a), where)
				assert.is_true(2 * a == cga.scale(a, 2), where)
				assert.is_true(a * 2 == cga.scale(a, 2), where)
				assert.is_true(a / 4 == cga.scale(a, 0.25), where)
				assert.is_true(a:gp(b) == cga.gp(a, b), where)
				assert.is_true(a + 1 == cga.add(a, cga.one), where)
				-- a general multivector is invertible (almost surely): a / b = a inverse(b)
				assert.is_true(a / b == cga.gp(a, cga.inverse(b)), where)
				near_mv(cga.one, b * cga.inverse(b), 1e-9, where)
			end
			-- ^ binds tighter than unary minus: -a ^ b is -(a ^ b); parenthesise
			local a, b = cga.e1 + cga.e2, cga.e3 + cga.no
			assert.is_true(-a ^ b == -(a ^ b))
			assert.is_true(a == a and not (a == b))
		end)

		it("keeps its values: every operation answers a new multivector", function()
			local ni = cga.ni
			local sum = ni + cga.one
			local scaled = cga.scale(ni, 3)
			local reversed = ~ni
			assert.is_false(rawequal(sum, ni))
			assert.is_false(rawequal(reversed, ni))
			assert.is_true(ni == cga.e4 + cga.e5)
			assert.are.equal("ni", tostring(cga.ni))
			assert.are.equal("3 ni", tostring(scaled))
			assert.are.equal("collide.multivector", getmetatable(ni).__name)
		end)

		it("has reverse, involution, dual, grades, inverse and norms", function()
			local random = support.generator(5)
			local a = random_mv(random)
			assert.is_true(cga.undual(cga.dual(a)) == a)
			assert.is_true(cga.dual(a) == cga.I * a)
			assert.is_true(a:dual():undual() == a)
			local signs = { 1, 1, -1, -1, 1, 1 }
			local isigns = { 1, -1, 1, -1, 1, -1 }
			for k = 0, 5 do
				local part = cga.grade(a, k)
				assert.is_true(cga.reverse(part) == cga.scale(part, signs[k + 1]), "reverse grade " .. k)
				assert.is_true(cga.involute(part) == cga.scale(part, isigns[k + 1]), "involute grade " .. k)
				assert.are.same({ k }, cga.grades(part))
				assert.are.equal(k, part:grade_of())
			end
			assert.is_true(cga.grade(a, 7) == cga.multivector(0))
			assert.are.same({ 0, 1, 2, 3, 4, 5 }, a:grades())
			assert.are.same({}, cga.grades(cga.multivector(0)))
			assert.is_nil(cga.grade_of(a))
			assert.is_nil(cga.grade_of(cga.multivector(0)))
			-- a rotor's inverse is its reverse
			local R = cga.rotor({ 1, 2, 3 }, 0.7)
			near_mv(~R, cga.inverse(R))
			near_mv(cga.one, R * R:inverse())
			assert.is_near(1, cga.norm2(R), tight)
			assert.is_near(1, R:norm(), tight)
			assert.are.equal(5, cga.magnitude(cga.multivector{ e1 = 3, e2 = -5 }))
			assert.is_near(-2, cga.norm2(cga.multivector{ e5 = math.sqrt(2) }), tight)
			assert.is_near(math.sqrt(2), cga.norm(cga.multivector{ e5 = math.sqrt(2) }), tight)
			-- a null vector has no inverse, nor does 1 + e4
			assert.matches("bad argument #1 to 'inverse' (cga: the multivector has no inverse)",
				error_of(function() return cga.inverse(cga.ni) end), 1, true)
			assert.matches("no inverse", error_of(function() return cga.inverse(cga.one + cga.e4) end), 1, true)
			assert.matches("cga: division by a multivector with no inverse",
				error_of(function() return cga.one / cga.ni end), 1, true)
			assert.matches("cga: division of a multivector by zero", error_of(function() return cga.ni / 0 end), 1, true)
		end)

		it("refuses what is not a multivector", function()
			assert.matches("bad argument #1 to 'reverse' (collide.multivector expected, got table)",
				error_of(function() return cga.reverse{} end), 1, true)
			assert.matches("bad argument #2 to 'gp' (collide.multivector or number expected, got string)",
				error_of(function() return cga.gp(cga.ni, "x") end), 1, true)
			assert.matches("collide.multivector or number expected, got table",
				error_of(function() return cga.ni + {} end), 1, true)
			assert.matches("expected a finite number, got nan", error_of(function() return cga.ni * nan end), 1, true)
			assert.matches("bad argument #2 to 'scale' (expected a finite number, got inf)",
				error_of(function() return cga.scale(cga.ni, math.huge) end), 1, true)
			assert.matches("number expected, got string", error_of(function() return cga.ni:grade("x") end), 1, true)
		end)
	end)

	describe("constructors", function()
		it("make each kind of object", function()
			local cases = {
				{ cga.point(1, 2, 3), "point", 1 },
				{ cga.point{ 1, 2, 3 }, "point", 1 },
				{ cga.sphere({ 1, 2, 3 }, 2), "sphere", 4 },
				{ cga.sphere{ center = { 1, 2, 3 }, r = 2 }, "sphere", 4 },
				{ cga.sphere{ center = { 1, 2, 3 }, radius = 2 }, "sphere", 4 },
				{ cga.sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }), "sphere", 4 },
				{ cga.dual_sphere({ 1, 2, 3 }, 2), "dual round", 1 },
				{ cga.dual_sphere{ center = { 1, 2, 3 }, r = 2 }, "dual round", 1 },
				{ cga.plane({ 0, 0, 1 }, 2), "plane", 4 },
				{ cga.plane{ normal = { 0, 0, 1 }, d = 2 }, "plane", 4 },
				{ cga.plane({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }), "plane", 4 },
				{ cga.dual_plane({ 0, 0, 1 }, 2), "dual round", 1 },
				{ cga.dual_plane{ normal = { 0, 0, 1 }, d = 2 }, "dual round", 1 },
				{ cga.line({ 0, 0, 0 }, { 1, 0, 0 }), "line", 3 },
				{ cga.circle({ 1, 0, 0 }, { 0, 1, 0 }, { -1, 0, 0 }), "circle", 3 },
				{ cga.circle{ center = { 0, 0, 0 }, normal = { 0, 0, 1 }, r = 1 }, "circle", 3 },
				{ cga.circle({ 0, 0, 0 }, { 0, 0, 1 }, 1), "circle", 3 },
				{ cga.pair({ 0, 0, 0 }, { 1, 0, 0 }), "point pair", 2 },
				{ cga.one, "scalar", 0 },
				{ cga.I, "pseudoscalar", 5 },
				{ cga.one + cga.ni, "mixed", nil },
				{ cga.multivector(0), "none", nil },
			}
			for i, case in ipairs(cases) do
				assert.are.equal(case[2], cga.kind(case[1]), "case " .. i)
				assert.are.equal(case[2], case[1]:kind(), "case " .. i)
				assert.are.equal(case[3], cga.grade_of(case[1], 1e-12), "case " .. i)
			end
		end)

		it("agree with each other and with the outer products they stand for", function()
			local p = { { 1, 0, 0 }, { 0, 1, 0 }, { -1, 0, 0 }, { 0, 0, 1 } }
			local X = {}
			for i = 1, 4 do
				X[i] = cga.point(p[i])
			end
			assert.is_true(cga.pair(p[1], p[2]) == (X[1] ^ X[2]))
			assert.is_true(cga.circle(p[1], p[2], p[3]) == ((X[1] ^ X[2]) ^ X[3]))
			assert.is_true(cga.sphere(p[1], p[2], p[3], p[4]) == (((X[1] ^ X[2]) ^ X[3]) ^ X[4]))
			near_mv(cga.line(p[1], p[2]), ((X[1] ^ X[2]) ^ cga.ni))
			assert.is_true(cga.plane(p[1], p[2], p[4]) == (((X[1] ^ X[2]) ^ X[4]) ^ cga.ni))
			-- points may be given as point multivectors
			assert.is_true(cga.line(X[1], X[2]) == cga.line(p[1], p[2]))
			-- OPNS = undual of the dual form
			assert.is_true(cga.sphere({ 1, 2, 3 }, 2) == cga.undual(cga.dual_sphere({ 1, 2, 3 }, 2)))
			assert.is_true(cga.plane({ 0, 1, 1 }, 2) == cga.undual(cga.dual_plane({ 0, 1, 1 }, 2)))
			-- the dual sphere is C - r^2 ni / 2, the dual plane n + d ni
			assert.is_true(cga.dual_sphere({ 1, 2, 3 }, 2) == cga.point(1, 2, 3) - 2 * cga.ni)
			assert.is_true(cga.dual_plane({ 0, 0, 1 }, 2) == cga.e3 + 2 * cga.ni)
			-- a point lies on what passes through it: X ^ A = 0
			local L = cga.line({ 1, 1, 0 }, { 1, 0, 0 })
			assert.is_true((L ^ cga.point(1, -1, 0)) == cga.multivector(0))
			-- and not otherwise: a quarter of the thesis's -8 e12 e ebar (algebra value 4)
			near_mv(cga.multivector{ e1245 = -1 }, L ^ cga.point(0, 2, 0))
			-- the circle about a centre passes through the points at its radius
			local C = cga.circle{ center = { 1, 2, 3 }, normal = { 0, 0, 2 }, r = 2 }
			near_mv(cga.multivector(0), C ^ cga.point(3, 2, 3), 1e-10)
			near_mv(cga.multivector(0), C ^ cga.point(1, 0, 3), 1e-10)
		end)

		it("raise the engine's message for bad values", function()
			local cases = {
				{ function() return cga.sphere({ 0, 0, 0 }, -1) end,
					"bad argument #2 to 'sphere' (cga: sphere: radius -1 is not a finite number >= 0)" },
				{ function() return cga.sphere{ center = { 0, 0, 0 }, r = -1 } end,
					"bad argument #1 to 'sphere' (cga: sphere: radius -1 is not a finite number >= 0)" },
				{ function() return cga.dual_sphere({ 0, 0, 0 }, math.huge) end,
					"bad argument #2 to 'dual_sphere' (cga: sphere: radius inf is not a finite number >= 0)" },
				{ function() return cga.sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 }) end,
					"cga: sphere: the four points are coplanar" },
				{ function() return cga.plane({ 0, 0, 0 }, 1) end,
					"bad argument #1 to 'plane' (cga: plane: the normal is zero)" },
				{ function() return cga.dual_plane{ normal = { 0, 0, 0 }, d = 1 } end,
					"bad argument #1 to 'dual_plane' (cga: plane: the normal is zero)" },
				{ function() return cga.plane({ 0, 0, 1 }, math.huge) end,
					"bad argument #2 to 'plane' (cga: plane: normal or distance is not finite)" },
				{ function() return cga.plane({ 0, 0, 0 }, { 1, 1, 1 }, { 2, 2, 2 }) end,
					"cga: plane: the three points are collinear" },
				{ function() return cga.line({ 1, 2, 3 }, { 1, 2, 3 }) end, "cga: line: the two points are equal" },
				{ function() return cga.pair({ 1, 2, 3 }, { 1, 2, 3 }) end, "cga: point pair: the two points are equal" },
				{ function() return cga.circle({ 0, 0, 0 }, { 1, 1, 1 }, { 3, 3, 3 }) end,
					"cga: circle: the three points are collinear" },
				{ function() return cga.circle{ center = { 0, 0, 0 }, normal = { 0, 0, 0 }, r = 1 } end,
					"bad argument #1 to 'circle' (cga: circle: the normal is zero)" },
				{ function() return cga.circle({ 0, 0, 0 }, { 0, 0, 1 }, -2) end,
					"bad argument #3 to 'circle' (cga: circle: radius -2 is not a finite number >= 0)" },
				{ function() return cga.circle({ 0, 0, 0 }, { 0, 0, 0 }, 2) end,
					"bad argument #2 to 'circle' (cga: circle: the normal is zero)" },
			}
			for i, case in ipairs(cases) do
				assert.matches(case[2], error_of(case[1]), 1, true, "case " .. i)
			end
			-- NaN radii reach the engine, which prints them as printf does ("nan" or "-nan")
			assert.matches("bad argument #2 to 'sphere' %(cga: sphere: radius %-?nan is not a finite number >= 0%)",
				error_of(function() return cga.sphere({ 0, 0, 0 }, nan) end))
			assert.matches("bad argument #1 to 'circle' %(cga: circle: radius %-?nan",
				error_of(function() return cga.circle{ center = { 0, 0, 0 }, normal = { 0, 0, 1 }, r = nan } end))
		end)

		it("refuse wrong types and NaN coordinates before the engine sees them", function()
			local cases = {
				{ function() return cga.point(nan, 0, 0) end, "bad argument #1 to 'point' (expected a finite number, got nan)" },
				{ function() return cga.point(0, 0) end, "bad argument #3 to 'point' (number expected, got no value)" },
				{ function() return cga.point{ 0, nan, 0 } end, "bad argument #1 to 'point' (point: y is nan)" },
				{ function() return cga.point{ 0, 0 } end,
					"bad argument #1 to 'point' (point: expected a point {x, y, z}, got a table of length 2)" },
				{ function() return cga.point("x") end,
					"bad argument #1 to 'point' (point: expected a point {x, y, z}, got string)" },
				{ function() return cga.sphere("x", 1) end,
					"bad argument #1 to 'sphere' (center: expected a point {x, y, z}, got string)" },
				{ function() return cga.sphere({ 0, 0, 0 }) end,
					"bad argument #2 to 'sphere' (number expected, got no value)" },
				{ function() return cga.sphere({ 0, 0, 0 }, "big") end,
					"bad argument #2 to 'sphere' (number expected, got string)" },
				{ function() return cga.sphere{ center = { 0, 0, 0 } } end,
					"bad argument #1 to 'sphere' (sphere: r must be a number, got nil)" },
				{ function() return cga.sphere{ centre = { 0, 0, 0 }, r = 1 } end,
					"bad argument #1 to 'sphere' (sphere: unknown option 'centre' (expected center, r, radius))" },
				{ function() return cga.sphere{ r = 1 } end, "bad argument #1 to 'sphere' (sphere: center is missing)" },
				{ function() return cga.sphere({ 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, nan }) end,
					"bad argument #4 to 'sphere' (point 4: z is nan)" },
				{ function() return cga.sphere(cga.sphere({ 0, 0, 0 }, 1), 1) end,
					"bad argument #1 to 'sphere' (center: expected a point, got a sphere)" },
				{ function() return cga.plane{ normal = { 0, 0, 1 } } end,
					"bad argument #1 to 'plane' (plane: d must be a number, got nil)" },
				{ function() return cga.plane({ 0, 0 }, 1) end,
					"bad argument #1 to 'plane' (normal: expected a point {x, y, z}, got a table of length 2)" },
				{ function() return cga.line({ 0, 0, 0 }) end,
					"bad argument #2 to 'line' (point 2: expected a point {x, y, z}, got nil)" },
				{ function() return cga.pair({ 0, 0, 0 }, 5) end,
					"bad argument #2 to 'pair' (point 2: expected a point {x, y, z}, got number)" },
				{ function() return cga.circle{ center = { 0, 0, 0 }, normal = { 0, 0, 1 } } end,
					"bad argument #1 to 'circle' (circle: r must be a number, got nil)" },
				{ function() return cga.circle{ center = { 0, 0, 0 }, normal = { 0, nan, 1 }, r = 1 } end,
					"bad argument #1 to 'circle' (circle: normal: y is nan)" },
			}
			for i, case in ipairs(cases) do
				assert.matches(case[2], error_of(case[1]), 1, true, "case " .. i)
			end
		end)
	end)

	describe("geometry", function()
		it("reads a point back", function()
			near_vec({ 1, 2, 3 }, euclid(cga.point(1, 2, 3)))
			near_vec({ 1, 2, 3 }, { cga.point(1, 2, 3):euclid() })
			-- any weight
			near_vec({ 1, 2, 3 }, euclid(cga.scale(cga.point(1, 2, 3), -4)))
			assert.matches("bad argument #1 to 'euclid' (expected a point, got a sphere)",
				error_of(function() return cga.euclid(cga.sphere({ 0, 0, 0 }, 1)) end), 1, true)
			assert.matches("bad argument #1 to 'euclid' (cga: a point at infinity has no position)",
				error_of(function() return cga.euclid(cga.ni) end), 1, true)
		end)

		it("reads spheres, planes, lines, circles and pairs", function()
			-- source 003's versor values: the sphere through c +- r axes, c = (1, 2, 3), r = 2
			local S = cga.sphere({ 3, 2, 3 }, { -1, 2, 3 }, { 1, 4, 3 }, { 1, 2, 5 })
			local g = S:geometry()
			assert.are.equal("sphere", g.kind)
			near_vec({ 1, 2, 3 }, g.center, 1e-12)
			assert.is_near(4, g.radius2, 1e-12)
			assert.is_near(2, g.radius, 1e-12)
			assert.is_near(2, S:radius(), 1e-12)
			near_vec({ 1, 2, 3 }, { S:center() }, 1e-12)
			assert.is_nil(S:normal())

			local D = cga.dual_sphere({ 1, 2, 3 }, 2):geometry()
			assert.are.equal("dual round", D.kind)
			near_vec({ 1, 2, 3 }, D.center)
			assert.is_near(4, D.radius2, tight)

			local P = cga.plane({ 0, 0, 2 }, 3)
			g = cga.geometry(P)
			assert.are.equal("plane", g.kind)
			near_vec({ 0, 0, 1 }, g.direction)
			assert.is_near(1.5, g.distance, tight)
			near_vec({ 0, 0, 1.5 }, g.center)
			assert.is_near(2, g.weight, tight)
			assert.is_nil(P:radius())
			near_vec({ 0, 0, 1 }, { P:normal() })
			assert.is_nil(cga.dual_plane({ 0, 0, 2 }, 3):radius())

			g = cga.line({ 1, 1, 0 }, { 1, 1, 2 }):geometry()
			assert.are.equal("line", g.kind)
			near_vec({ 1, 1, 0 }, g.center)
			near_vec({ 0, 0, 1 }, g.direction)
			assert.is_near(2, g.weight, tight)

			local C = cga.circle{ center = { 1, 2, 3 }, normal = { 0, 0, 5 }, r = 2 }
			g = C:geometry()
			assert.are.equal("circle", g.kind)
			near_vec({ 1, 2, 3 }, g.center)
			assert.is_near(4, g.radius2, tight)
			assert.is_near(1, math.abs(g.direction[3]), tight)
			local C3 = cga.circle({ 3, 0, 0 }, { 1, 2, 0 }, { -1, 0, 0 })
			near_vec({ 1, 0, 0 }, { C3:center() })
			assert.is_near(2, C3:radius(), tight)

			local PP = cga.pair({ 1, 0, 0 }, { 1, 4, 0 })
			g = PP:geometry()
			assert.are.equal("point pair", g.kind)
			near_vec({ 1, 2, 0 }, g.center)
			assert.is_near(4, g.radius2, tight)
			local p, q = PP:points()
			-- the two points, in some order
			if p[2] > q[2] then
				p, q = q, p
			end
			near_vec({ 1, 0, 0 }, p)
			near_vec({ 1, 4, 0 }, q)
			assert.is_near(1, math.abs(select(2, PP:normal())), tight)
		end)

		it("refuses what has no geometry", function()
			assert.matches("bad argument #1 to 'geometry' (cga: a mixed is not a geometric object)",
				error_of(function() return cga.geometry(cga.one + cga.ni) end), 1, true)
			assert.matches("calling 'geometry' on bad self (cga: a mixed is not a geometric object)",
				error_of(function() return (cga.one + cga.ni):geometry() end), 1, true)
			assert.matches("cga: a none is not a geometric object",
				error_of(function() return cga.multivector(0):center() end), 1, true)
		end)
	end)

	describe("the meet", function()
		local origin = { 0, 0, 0 }

		-- Unit spheres d apart (source 003's meet values): sign of the square, radius of the circle.
		it("classifies unit spheres by their distance", function()
			local cases = {
				{ 0.5, "real", 0.9375, 1 - (2 - 0.25) ^ 2 / 4 },
				{ 1, "real", 0.75, 0.75 },
				{ 2, "tangent", 0, 0 },
				{ 3, "imaginary", -1.25, 1 - 49 / 4 },
			}
			for _, case in ipairs(cases) do
				local d, relation, radius2, square = case[1], case[2], case[3], case[4]
				local where = "d = " .. d
				local m = cga.meet(sphere(origin, 1), sphere({ d, 0, 0 }, 1))
				local got, kind = m:classify()
				assert.are.equal(relation, got, where)
				assert.are.equal(relation == "tangent" and "point" or "circle", kind, where)
				assert.is_near(square, m:square(), 1e-12, where)
				assert.is_near(square, cga.square(m), 1e-12, where)
				assert.is_near(square, cga.square(cga.multivector(m:coeffs())), 1e-12, where .. ": the blade's own square")
				assert.is_near(radius2, m:radius2(), 1e-12, where)
				near_vec({ d / 2, 0, 0 }, { m:center() }, 1e-12, where)
				assert.are.equal(relation ~= "imaginary", m:surfaces_meet(), where)
				assert.are.equal(relation ~= "imaginary", m:solids_meet(), where)
				if radius2 >= 0 then
					assert.is_near(math.sqrt(radius2), m:radius(), 1e-12, where)
				else
					assert.is_nil(m:radius(), where .. ": imaginary")
				end
				if relation ~= "tangent" then
					near_vec({ 1, 0, 0 }, { math.abs(m:normal()), 0, 0 }, 1e-12, where)
				end
			end
			-- the tangent point
			local t = cga.meet(sphere(origin, 1), sphere({ 2, 0, 0 }, 1))
			assert.are.equal(1, select("#", t:points()))
			near_vec({ 1, 0, 0 }, t:points(), 1e-12)
			assert.are.equal(0, t:radius())
			-- a circle has no pair of points
			assert.are.equal(0, select("#", cga.meet(sphere(origin, 1), sphere({ 1, 0, 0 }, 1)):points()))
		end)

		it("tells internally tangent and nested spheres apart", function()
			local m = cga.meet(sphere(origin, 2), sphere({ 1, 0, 0 }, 1))
			assert.are.equal("tangent", m:classify())
			assert.is_near(0, m:square(), 1e-12)
			near_vec({ 2, 0, 0 }, { m:center() }, 1e-12)
			assert.is_true(m:surfaces_meet())

			local n = cga.meet(sphere(origin, 3), sphere({ 0.5, 0, 0 }, 1))
			assert.are.equal("nested", n:classify())
			assert.is_true(n:square() < 0)
			assert.is_false(n:surfaces_meet())
			assert.is_true(n:solids_meet())
			-- either order
			local r = cga.meet(sphere({ 0.5, 0, 0 }, 1), sphere(origin, 3))
			assert.are.equal("nested", r:classify())
			assert.is_true(r:solids_meet())
		end)

		it("reads the dual forms' wedge with the opposite sign (a sixteenth of the thesis's)", function()
			for _, case in ipairs{ { 1, -0.75 }, { 2, 0 }, { 3, 11.25 } } do
				local s1, s2 = cga.dual_sphere(origin, 1), cga.dual_sphere({ case[1], 0, 0 }, 1)
				assert.is_near(case[2], cga.square(s1 ^ s2), 1e-12, "d = " .. case[1])
			end
		end)

		it("stays imaginary for source 003's far pair of spheres (local frame)", function()
			local m = cga.meet(sphere(origin, 8), sphere({ 558.93, 206.351, 38.258 }, 8))
			assert.are.equal("imaginary", m:classify())
			assert.is_true(m:square() < 0)
			assert.is_false(m:surfaces_meet())
			assert.is_false(m:solids_meet())
			local r = cga.meet(sphere({ 558.93, 206.351, 38.258 }, 8), sphere(origin, 8))
			assert.are.equal("imaginary", r:classify())
		end)

		it("gives far spheres the answer they have at the origin", function()
			for _, o in ipairs{ 10, 1e3, 1e5 } do
				local m = cga.meet(sphere({ o, o, o }, 1), sphere({ o + 1, o, o }, 1))
				assert.are.equal("real", m:classify(), "offset " .. o)
				assert.is_near(0.75, m:radius2(), 1e-9, "offset " .. o)
				near_vec({ o + 0.5, o, o }, { m:center() }, 1e-9 * o, "offset " .. o)
			end
		end)

		-- A blade stores (|c|^2 - r^2) / 2: far from the origin r^2 keeps only the digits left over
		-- (about 5e-4 at 1.7e6), so the geometry is read to that precision, and the kind is kept.
		it("reads objects 10^6 from the origin to the precision their blades hold", function()
			local far = sphere({ 1e6, 1e6, 1e6 }, 1)
			assert.are.equal("sphere", far:kind())
			local g = far:geometry()
			near_vec({ 1e6, 1e6, 1e6 }, g.center, 1e-6)
			assert.is_true(math.abs(g.radius2 - 1) < 1e-2)
			local m = cga.meet(far, sphere({ 1e6 + 1, 1e6, 1e6 }, 1))
			assert.are.equal("real", (m:classify()))
			assert.is_true(math.abs(m:radius2() - 0.75) < 1e-2)
			near_vec({ 1.5e6, 0, 0 }, { cga.point(1.5e6, 0, 0):euclid() }, 1e-6)
		end)

		it("meets points, pairs and circles", function()
			local unit = sphere(origin, 1)
			assert.are.same({ "contained", "point" }, { cga.meet(cga.point(1, 0, 0), unit):classify() })
			local inside = cga.meet(cga.point(0.5, 0, 0), unit)
			assert.are.same({ "nested", "none" }, { inside:classify() })
			assert.is_false(inside:surfaces_meet())
			assert.is_true(inside:solids_meet())
			local equator = cga.circle{ center = origin, normal = { 0, 0, 1 }, r = 1 }
			assert.are.equal("contained", cga.meet(equator, unit):classify())
			local m = cga.meet(equator, cga.plane({ 1, 0, 0 }, 0.5))
			assert.are.same({ "real", "point pair" }, { m:classify() })
			local p, q = m:points()
			if p[2] > q[2] then
				p, q = q, p
			end
			near_vec({ 0.5, -math.sqrt(0.75), 0 }, p, 1e-12)
			near_vec({ 0.5, math.sqrt(0.75), 0 }, q, 1e-12)
			assert.are.same({ "real", "point pair" },
				{ cga.meet(equator, cga.circle{ center = { 1, 0, 0 }, normal = { 0, 0, 1 }, r = 1 }):classify() })
			-- linked rings: no common plane or sphere
			assert.are.equal("skew",
				cga.meet(equator, cga.circle{ center = { 1, 0, 0 }, normal = { 0, 1, 0 }, r = 1 }):classify())
			assert.are.equal("contained", cga.meet(cga.pair({ -1, 0, 0 }, { 1, 0, 0 }), unit):classify())
			local one = cga.meet(cga.pair({ -1, 0, 0 }, { 5, 0, 0 }), unit)
			assert.are.same({ "real", "point" }, { one:classify() })
			near_vec({ -1, 0, 0 }, { one:center() }, 1e-12)
		end)

		it("cuts the unit sphere with lines y = h", function()
			local cases = { { 0, "real", 1 }, { 0.5, "real", 0.75 }, { 1, "tangent", 0 }, { 2, "imaginary", -3 } }
			for _, case in ipairs(cases) do
				local h, relation, square = case[1], case[2], case[3]
				local where = "y = " .. h
				local m = cga.meet(cga.line({ -1, h, 0 }, { 1, h, 0 }), sphere(origin, 1))
				local got, kind = m:classify()
				assert.are.equal(relation, got, where)
				assert.are.equal(relation == "tangent" and "point" or "point pair", kind, where)
				assert.is_near(square, m:square(), 1e-12, where)
				assert.is_near(square, m:radius2(), 1e-12, where)
				near_vec({ 0, h, 0 }, { m:center() }, 1e-12, where)
			end
			local p, q = cga.meet(cga.line({ -1, 0.5, 0 }, { 1, 0.5, 0 }), sphere(origin, 1)):points()
			if p[1] > q[1] then
				p, q = q, p
			end
			near_vec({ -0.8660254037844386, 0.5, 0 }, p, 1e-12)
			near_vec({ 0.8660254037844386, 0.5, 0 }, q, 1e-12)
		end)

		it("cuts the unit sphere with planes z = h", function()
			for _, case in ipairs{ { 0, 1 }, { 0.5, 0.75 }, { 1, 0 }, { 2, -3 } } do
				local h, radius2 = case[1], case[2]
				local m = cga.meet(cga.plane({ 0, 0, 1 }, h), sphere(origin, 1))
				assert.is_near(radius2, m:radius2(), 1e-12, "z = " .. h)
				assert.is_near(radius2, m:square(), 1e-12, "z = " .. h .. ": r^2 - h^2")
				near_vec({ 0, 0, h }, { m:center() }, 1e-12, "z = " .. h)
				assert.are.equal(radius2 > 0 and "real" or radius2 == 0 and "tangent" or "imaginary", m:classify())
			end
		end)

		it("meets flats: lines and planes", function()
			local z0 = cga.plane({ 0, 0, 1 }, 0)
			-- a line through the plane: the flat point (1, 2, 0)
			local m = cga.meet(z0, cga.line({ 1, 2, -1 }, { 1, 2, 1 }))
			local relation, kind = m:classify()
			assert.are.equal("real", relation)
			assert.are.equal("flat point", kind)
			assert.is_true(m:square() > 0)
			near_vec({ 1, 2, 0 }, { m:center() }, 1e-12)
			near_vec({ 1, 2, 0 }, m:points(), 1e-12)
			assert.is_nil(m:radius())
			-- parallel: the meet is not zero (a multiple of e1 ^ ni), its square is
			m = cga.meet(z0, cga.line({ 0, 0, 1 }, { 1, 0, 1 }))
			assert.are.same({ "parallel", "none" }, { m:classify() })
			assert.are.equal(0, m:square())
			assert.is_true(cga.magnitude(m) > 0)
			assert.is_nil(m:center())
			assert.is_nil(m:common())
			assert.are.equal(0, select("#", m:points()))
			assert.is_false(m:surfaces_meet())
			-- in the plane
			m = cga.meet(z0, cga.line({ 0, 0, 0 }, { 1, 1, 0 }))
			assert.are.same({ "contained", "line" }, { m:classify() })
			assert.is_true(m:surfaces_meet())
			local s = math.sqrt(0.5)
			local d = { m:normal() }
			near_vec({ s, s, 0 }, d[1] > 0 and d or { -d[1], -d[2], -d[3] }, 1e-12)
			-- planes: crossing in the y axis, parallel, coincident (rescaled)
			m = cga.meet(z0, cga.plane({ 1, 0, 0 }, 0))
			assert.are.same({ "real", "line" }, { m:classify() })
			assert.is_true(m:square() > 0)
			assert.is_near(1, math.abs(select(2, m:normal())), 1e-12)
			assert.are.same({ "parallel", "none" }, { cga.meet(z0, cga.plane({ 0, 0, 1 }, 1)):classify() })
			assert.are.same({ "coincident", "plane" }, { cga.meet(z0, cga.plane({ 0, 0, 3 }, 0)):classify() })
		end)

		it("meets lines: crossing, skew, parallel", function()
			local x_axis = cga.line({ 0, 0, 0 }, { 1, 0, 0 })
			local m = cga.meet(x_axis, cga.line({ 0.5, 0, 0 }, { 0.5, 1, 0 }))
			assert.are.equal("real", m:classify())
			near_vec({ 0.5, 0, 0 }, { m:center() }, 1e-12)
			for _, z in ipairs{ 1, -1 } do
				local skew = cga.meet(x_axis, cga.line({ 0.5, -1, z }, { 0.5, 1, z }))
				assert.are.same({ "skew", "none" }, { skew:classify() }, "z = " .. z)
				assert.is_false(skew:surfaces_meet())
				-- a multiple of ni, its sign the twist's
				local c = skew:null_coeffs()
				assert.is_true(c[17] ~= 0)
				assert.is_near(0, cga.magnitude(skew - cga.scale(cga.ni, c[17])), 1e-12)
			end
			local s1 = cga.null_coeffs(cga.meet(x_axis, cga.line({ 0.5, -1, 1 }, { 0.5, 1, 1 })))[17]
			local s2 = cga.null_coeffs(cga.meet(x_axis, cga.line({ 0.5, -1, -1 }, { 0.5, 1, -1 })))[17]
			assert.is_true(s1 * s2 < 0, "opposite twists")
			assert.are.equal("parallel", cga.meet(x_axis, cga.line({ 0, 1, 0 }, { 1, 1, 0 })):classify())
		end)

		it("answers the whole intersection as a table", function()
			local relation, info = cga.classify(sphere({ 0, 0, 0 }, 1), sphere({ 1, 0, 0 }, 1))
			assert.are.equal("real", relation)
			assert.are.equal("real", info.relation)
			assert.are.equal("sphere", info.kind_a)
			assert.are.equal("sphere", info.kind_b)
			assert.is_near(0.75, info.square, 1e-12)
			assert.are.equal("circle", info.common.kind)
			near_vec({ 0.5, 0, 0 }, info.common.center, 1e-12)
			assert.is_near(0.75, info.common.radius2, 1e-12)
			assert.is_true(info.surfaces_meet)
			assert.is_true(info.solids_meet)
			assert.are.equal("real", info.meet:classify())

			local t = cga.intersect(cga.line({ 0, 0, 1 }, { 1, 0, 1 }), cga.plane({ 0, 0, 1 }, 0))
			assert.are.equal("parallel", t.relation)
			assert.are.equal("line", t.kind_a)
			assert.are.equal("plane", t.kind_b)
			assert.is_nil(t.common)
			assert.is_false(t.surfaces_meet)
			-- methods and dual inputs: a dual sphere is read as its sphere
			local u = sphere({ 0, 0, 0 }, 1):intersect(cga.dual_sphere({ 1, 0, 0 }, 1))
			assert.are.equal("real", u.relation)
			assert.is_near(0.75, u.common.radius2, 1e-12)
			assert.are.equal("real", (sphere({ 0, 0, 0 }, 1):classify(sphere({ 1, 0, 0 }, 1))))
			local common = cga.meet(sphere({ 0, 0, 0 }, 1), sphere({ 1, 0, 0 }, 1)):common()
			assert.are.equal("circle", common.kind)
			assert.is_near(math.sqrt(0.75), common.radius, 1e-12)
		end)

		it("keeps what it remembers to the meet itself", function()
			local m = cga.meet(sphere({ 0, 0, 0 }, 1), sphere({ 1, 0, 0 }, 1))
			assert.is_true(m:is_meet())
			assert.is_true(cga.is_meet(m))
			local copy = m * 1
			assert.is_false(copy:is_meet())
			assert.is_true(copy == m)
			-- a plain blade reads its own geometry, but has no relation
			near_vec({ 0.5, 0, 0 }, { copy:center() }, 1e-12)
			assert.is_near(0.75, copy:radius2(), 1e-12)
			assert.matches("calling 'classify' on bad self (not a meet (made by cga.meet)",
				error_of(function() return copy:classify() end), 1, true)
			assert.matches("bad argument #1 to 'surfaces_meet' (not a meet",
				error_of(function() return cga.surfaces_meet(copy) end), 1, true)
			assert.matches("bad argument #1 to 'classify' (not a meet",
				error_of(function() return cga.classify(sphere({ 0, 0, 0 }, 1)) end), 1, true)
		end)

		it("refuses what is not an object", function()
			assert.matches("cga: argument 1 is a mixed, not a point, point pair, circle, line, sphere or plane",
				error_of(function() return cga.meet(cga.one + cga.ni, sphere({ 0, 0, 0 }, 1)) end), 1, true)
			assert.matches("cga: argument 2 is a", error_of(function() return cga.meet(sphere({ 0, 0, 0 }, 1), cga.I) end), 1, true)
			assert.matches("bad argument #2 to 'meet' (collide.multivector expected, got table)",
				error_of(function() return cga.meet(sphere({ 0, 0, 0 }, 1), { 0, 0, 0 }) end), 1, true)
		end)
	end)

	describe("versors", function()
		it("translate", function()
			local T = cga.translator{ 1, 2, 3 }
			near_vec({ 1.5, 2, 2 }, euclid(cga.apply(T, cga.point(0.5, 0, -1))), 1e-12)
			near_vec({ 1.5, 2, 2 }, euclid(T:apply(cga.point(0.5, 0, -1))), 1e-12)
			assert.is_true(cga.translator(1, 2, 3) == T)
			-- the reverse is 1 + t ni / 2, and undoes it
			assert.is_true(~T == cga.one + cga.scale(cga.op(cga.e1 + 2 * cga.e2 + 3 * cga.e3, cga.ni), 0.5))
			near_mv(cga.one, T * ~T, 1e-12)
			-- a sphere moves with its centre
			local S = T:apply(sphere({ 0, 0, 0 }, 2))
			near_vec({ 1, 2, 3 }, { S:center() }, 1e-12)
			assert.is_near(2, S:radius(), 1e-12)
		end)

		it("turn right-handed about an axis", function()
			local R = cga.rotor({ 0, 0, 1 }, math.pi / 2)
			near_vec({ 0, 1, 0 }, euclid(R:apply(cga.point(1, 0, 0))), 1e-12)
			-- about y (the bivector e3 e1): z goes to x
			near_vec({ 1, 0, 0 }, euclid(cga.apply(cga.rotor({ 0, 1, 0 }, math.pi / 2), cga.point(0, 0, 1))), 1e-12)
			-- a zero axis turns nothing
			assert.is_true(cga.rotor({ 0, 0, 0 }, 1) == cga.one)
			-- a line turns as a whole
			local L = R:apply(cga.line({ 1, 0, 0 }, { 1, 0, 1 }))
			assert.are.equal("line", L:kind())
			near_vec({ 0, 1, 0 }, L:geometry().center, 1e-12)
		end)

		it("move by motors and scale by dilators", function()
			local M = cga.motor({ 0, 0, 1 }, math.pi / 2, { 1, 0, 0 })
			near_vec({ 1, 1, 0 }, euclid(M:apply(cga.point(2, 0, 0))), 1e-12)
			local M2 = cga.motor({ 0, 0, 1 }, math.pi / 2, { 1, 0, 0 }, { 0, 0, 5 })
			near_vec({ 1, 1, 5 }, euclid(M2:apply(cga.point(2, 0, 0))), 1e-12)
			local D = cga.dilator(3)
			near_vec({ 3, 6, 0 }, euclid(D:apply(cga.point(1, 2, 0))), 1e-12)
			local Dc = cga.dilator(2, { 1, 1, 1 })
			near_vec({ 3, 1, 1 }, euclid(Dc:apply(cga.point(2, 1, 1))), 1e-12)
			local S = D:apply(sphere({ 1, 0, 0 }, 1))
			near_vec({ 3, 0, 0 }, { S:center() }, 1e-12)
			assert.is_near(3, S:radius(), 1e-12)
		end)

		it("reflect in planes", function()
			near_vec({ 1, 2, -3 }, euclid(cga.reflect(cga.plane({ 0, 0, 1 }, 0), cga.point(1, 2, 3))), 1e-12)
			near_vec({ 1, 2, -3 }, euclid(cga.reflect(cga.dual_plane({ 0, 0, 1 }, 0), cga.point(1, 2, 3))), 1e-12)
			near_vec({ 1, 2, -1 }, euclid(cga.plane({ 0, 0, 1 }, 1):reflect(cga.point(1, 2, 3))), 1e-12)
		end)

		it("refuse bad arguments with the engine's message", function()
			assert.matches("bad argument #1 to 'dilator' (cga: dilator: factor -1 is not a positive number)",
				error_of(function() return cga.dilator(-1) end), 1, true)
			assert.matches("bad argument #1 to 'dilator' (cga: dilator: factor 0 is not a positive number)",
				error_of(function() return cga.dilator(0) end), 1, true)
			assert.matches("bad argument #1 to 'apply' (cga: apply: the versor mixes even and odd grades)",
				error_of(function() return cga.apply(cga.one + cga.e1, cga.point(0, 0, 0)) end), 1, true)
			assert.matches("bad argument #1 to 'apply' (cga: apply: the versor is zero)",
				error_of(function() return cga.apply(cga.multivector(0), cga.point(0, 0, 0)) end), 1, true)
			assert.matches("bad argument #1 to 'reflect' (cga: reflect: the mirror is a sphere, not a plane)",
				error_of(function() return cga.reflect(sphere({ 0, 0, 0 }, 1), cga.point(0, 0, 0)) end), 1, true)
			assert.matches("bad argument #2 to 'rotor' (expected a finite number, got nan)",
				error_of(function() return cga.rotor({ 0, 0, 1 }, nan) end), 1, true)
			assert.matches("bad argument #1 to 'rotor' (axis: expected a point {x, y, z}, got number)",
				error_of(function() return cga.rotor(1, 2) end), 1, true)
			assert.matches("bad argument #1 to 'translator' (expected a finite number, got nan)",
				error_of(function() return cga.translator(nan, 0, 0) end), 1, true)
			assert.matches("bad argument #3 to 'motor' (through: z is nan)",
				error_of(function() return cga.motor({ 0, 0, 1 }, 1, { 0, 0, nan }) end), 1, true)
		end)
	end)
end)
