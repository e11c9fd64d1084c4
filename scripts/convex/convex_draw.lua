-- What the convex lessons share (gjk2d.lua, gjk3d.lua, boxtree.lua, contacts.lua): the reading of
-- their key=value arguments, small vector and quaternion helpers, and the drawing of convex things:
-- shapes and Minkowski differences as hulls of support points, polytopes, oriented boxes and arrows,
-- in 3D and in the plane.
-- A lesson takes it with `local cd = require "convex_draw"`: the host puts the running script's own
-- directory first on package.path, so a module beside the script is found wherever it is run from.
--
--   cd.arguments(...)              the key=value words among the script's arguments
--   cd.numbers(text)               the numbers of "X,Y[,Z]" (nil when there are none)
--   cd.words(text)                 the comma-separated words of an argument
--   cd.find(list, name)            the index of the entry called name (case, spaces, dashes ignored)
--   cd.add, cd.sub, cd.scale, cd.dot, cd.cross, cd.length   3D vectors {x, y, z}
--   cd.rotation(yaw, pitch)        the quaternion {x, y, z, w} of yaw about y, then pitch about x
--                                  (degrees)
--   cd.turn(q, v)                  v turned by the quaternion q
--   cd.directions(n)               n unit vectors spread evenly over the sphere (a Fibonacci spiral)
--   cd.core_support(shape, d)      the support point of the shape's core (its rounding taken off)
--   cd.polytope_mesh(shape)        a collide.mesh of a convex shape's polytope (world coordinates),
--                                  its faces fanned into triangles turned outward
--   cd.hull_mesh(points)           the mesh of the convex hull of 3D points, or nil when they span
--                                  no solid (fewer than 4 points not in a plane)
--   cd.shape_points(shape, dirs, core)  the support points of a shape (core: of its core) along dirs
--   cd.box_corners(box, moved)     the 8 corners of an oriented box {center, axes, half}, each
--                                  mapped by moved when given
--   cd.draw_box(g, box, style, moved)   its 12 edges as 3D lines
--   cd.box_mesh(box, moved)        the box as a mesh (12 triangles turned outward)
--   cd.arrow3d(g, from, to, style) a 3D arrow (a line and a dot at its head)
--   cd.kept(store, name, key, make) store[name] made by make(), made again when key changes
--   cd.hull2(points)               the convex hull of 2D points, counter-clockwise (a new table; the
--                                  points are not changed)
--   cd.outline2(shape, n)          the outline of a 2D shape: the hull of its support points along n
--                                  directions all round (default 180)
--   cd.arrow2d(g, from, to, style) a 2D arrow (a segment and two barbs at its head)
local collide = require "collide"

local cd = {}

function cd.arguments(...)
	local args = {}
	for _, word in ipairs({ ... }) do
		local k, v = tostring(word):match("^([%w_]+)=(.*)$")
		if k then args[k] = v end
	end
	return args
end

function cd.numbers(text)
	local list = {}
	for word in tostring(text or ""):gmatch("[^,]+") do
		local x = tonumber(word)
		if not x or x ~= x or math.abs(x) == math.huge then return nil end
		list[#list + 1] = x
	end
	if #list == 0 then return nil end
	return list
end

function cd.words(text)
	return tostring(text or ""):gmatch("[^,]+")
end

local function key(name) return tostring(name):lower():gsub("[^%w]", "") end

function cd.find(list, name)
	if name == nil then return nil end
	for i, entry in ipairs(list) do
		if key(entry.name) == key(name) then return i end
	end
end

function cd.add(a, b, s)
	s = s or 1
	return { a[1] + s * b[1], a[2] + s * b[2], (a[3] or 0) + s * (b[3] or 0) }
end
function cd.sub(a, b) return { a[1] - b[1], a[2] - b[2], (a[3] or 0) - (b[3] or 0) } end
function cd.scale(a, s) return { s * a[1], s * a[2], s * (a[3] or 0) } end
function cd.dot(a, b) return a[1] * b[1] + a[2] * b[2] + (a[3] or 0) * (b[3] or 0) end
function cd.cross(a, b)
	return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] }
end
function cd.length(a) return math.sqrt(cd.dot(a, a)) end

function cd.rotation(yaw, pitch)
	local a, b = math.rad(yaw) / 2, math.rad(pitch) / 2
	local qy = { 0, math.sin(a), 0, math.cos(a) }
	local qx = { math.sin(b), 0, 0, math.cos(b) }
	return { -- qy * qx
		qy[4] * qx[1] + qy[1] * qx[4] + qy[2] * qx[3] - qy[3] * qx[2],
		qy[4] * qx[2] - qy[1] * qx[3] + qy[2] * qx[4] + qy[3] * qx[1],
		qy[4] * qx[3] + qy[1] * qx[2] - qy[2] * qx[1] + qy[3] * qx[4],
		qy[4] * qx[4] - qy[1] * qx[1] - qy[2] * qx[2] - qy[3] * qx[3],
	}
end

function cd.turn(q, v)
	-- v + 2 w (u x v) + 2 u x (u x v), u the vector part
	local u, w = { q[1], q[2], q[3] }, q[4]
	local c1 = cd.cross(u, v)
	local c2 = cd.cross(u, c1)
	return { v[1] + 2 * (w * c1[1] + c2[1]), v[2] + 2 * (w * c1[2] + c2[2]), v[3] + 2 * (w * c1[3] + c2[3]) }
end

function cd.directions(n)
	local list, golden = {}, math.pi * (3 - math.sqrt(5))
	for i = 0, n - 1 do
		local z = 1 - 2 * (i + 0.5) / n
		local r = math.sqrt(1 - z * z)
		list[#list + 1] = { r * math.cos(golden * i), r * math.sin(golden * i), z }
	end
	return list
end

function cd.core_support(shape, d)
	local p = shape:support(d)
	local r = shape:rounding()
	if r == 0 then return p end
	local n = math.sqrt(d[1] * d[1] + d[2] * d[2] + (d[3] or 0) * (d[3] or 0))
	if n == 0 then return p end
	if #p == 2 then return { p[1] - r * d[1] / n, p[2] - r * d[2] / n } end
	return { p[1] - r * d[1] / n, p[2] - r * d[2] / n, p[3] - r * d[3] / n }
end

-- A mesh of polygons given as lists of vertex indices (counter-clockwise from outside), fanned.
local function faces_mesh(vertices, faces)
	local triangles = {}
	for _, f in ipairs(faces) do
		for k = 2, #f - 1 do triangles[#triangles + 1] = { f[1], f[k], f[k + 1] } end
	end
	if #triangles == 0 then return nil end
	return collide.mesh{ vertices = vertices, triangles = triangles }
end

function cd.polytope_mesh(shape)
	return faces_mesh(shape:vertices(), shape:faces())
end

function cd.hull_mesh(points)
	local ok, hull = pcall(collide.convex, points)
	if not ok or hull:is_flat() then return nil end
	return faces_mesh(hull:vertices(), hull:faces()), hull
end

function cd.shape_points(shape, dirs, core)
	local list = {}
	for i, d in ipairs(dirs) do list[i] = core and cd.core_support(shape, d) or shape:support(d) end
	return list
end

function cd.box_corners(box, moved)
	local list = {}
	for k = 0, 7 do
		local p = { box.center[1], box.center[2], box.center[3] }
		for i = 1, 3 do
			local s = (k >> (i - 1)) & 1 == 1 and box.half[i] or -box.half[i]
			p = cd.add(p, box.axes[i], s)
		end
		list[k + 1] = moved and moved(p) or p
	end
	return list
end

-- corner k: bit 1 along axis 1, bit 2 along axis 2, bit 4 along axis 3
local EDGES = { { 1, 2 }, { 3, 4 }, { 5, 6 }, { 7, 8 }, { 1, 3 }, { 2, 4 }, { 5, 7 }, { 6, 8 }, { 1, 5 }, { 2, 6 }, { 3, 7 }, { 4, 8 } }
-- the six faces, counter-clockwise seen from outside for a right-handed frame
local FACES = { { 1, 3, 4, 2 }, { 5, 6, 8, 7 }, { 1, 2, 6, 5 }, { 3, 7, 8, 4 }, { 1, 5, 7, 3 }, { 2, 4, 8, 6 } }

function cd.draw_box(g, box, style, moved)
	local c = cd.box_corners(box, moved)
	for _, e in ipairs(EDGES) do g.line3d(c[e[1]], c[e[2]], style) end
end

function cd.box_mesh(box, moved)
	if box.half[1] <= 0 or box.half[2] <= 0 or box.half[3] <= 0 then return nil end
	return faces_mesh(cd.box_corners(box, moved), FACES)
end

function cd.arrow3d(g, from, to, style)
	g.line3d(from, to, style)
	g.point3d(to, { fill = style.line or style.fill, size = style.size or 7 })
end

function cd.kept(store, name, k, make)
	local d = store[name]
	if not d or d.key ~= k then
		d = { key = k, value = make() }
		store[name] = d
	end
	return d.value
end

-- The convex hull of 2D points ({x, y} tables), counter-clockwise (Andrew's monotone chain); points is
-- left as it was.
function cd.hull2(points)
	local sorted = {}
	for i, p in ipairs(points) do sorted[i] = p end
	table.sort(sorted, function(p, r) return p[1] < r[1] or (p[1] == r[1] and p[2] < r[2]) end)
	local function turn(o, a, b) return (a[1] - o[1]) * (b[2] - o[2]) - (a[2] - o[2]) * (b[1] - o[1]) end
	local lower, upper = {}, {}
	for _, p in ipairs(sorted) do
		while #lower >= 2 and turn(lower[#lower - 1], lower[#lower], p) <= 0 do lower[#lower] = nil end
		lower[#lower + 1] = p
	end
	for i = #sorted, 1, -1 do
		local p = sorted[i]
		while #upper >= 2 and turn(upper[#upper - 1], upper[#upper], p) <= 0 do upper[#upper] = nil end
		upper[#upper + 1] = p
	end
	lower[#lower] = nil
	upper[#upper] = nil
	for _, p in ipairs(upper) do lower[#lower + 1] = p end
	return lower
end

function cd.outline2(shape, n)
	n = n or 180
	local points = {}
	for i = 0, n - 1 do
		local a = 2 * math.pi * i / n
		points[#points + 1] = shape:support{ math.cos(a), math.sin(a) }
	end
	return cd.hull2(points)
end

function cd.arrow2d(g, from, to, style)
	g.segment(from[1], from[2], to[1], to[2], style)
	local d = { to[1] - from[1], to[2] - from[2] }
	local n = math.sqrt(d[1] * d[1] + d[2] * d[2])
	if n < 1e-9 then return end
	local u, h = { d[1] / n, d[2] / n }, math.min(0.25, 0.4 * n)
	for _, s in ipairs{ 1, -1 } do
		local side = { to[1] - h * u[1] + s * 0.5 * h * u[2], to[2] - h * u[2] - s * 0.5 * h * u[1] }
		g.segment(to[1], to[2], side[1], side[2], style)
	end
end

return cd
