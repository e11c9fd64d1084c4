-- The conformal objects the CGA lessons (meet.lua, versors.lua) describe, build and draw: an object is a
-- plain table { kind, center, size, axis } (size a radius or a half-length, axis a normal or a
-- direction), turned into a collide.cga blade to compute with and drawn from the same table.
-- A lesson takes it with `local figures = require "figures"`: the host puts the running script's own
-- directory first on package.path, so a module beside the script is found wherever it is run from.
--
--   figures.KINDS                          "sphere", "plane", "line", "circle", "pair", "point"
--   figures.object(kind, center, size, axis)  an object (the tables are kept, not copied)
--   figures.copy(o)                        a fresh object with the same geometry
--   figures.next_kind(o)                   o becomes the next kind of KINDS, its geometry kept
--   figures.blade(o)                       its collide.cga blade: a sphere of radius size, the plane
--                                          through center with normal axis, the line through center
--                                          along axis, a circle of radius size, the pair center -+ size
--                                          axis, the point center
--   figures.from_geometry(geo [, anchor])  the object a blade's geometry table (cga.geometry) describes;
--                                          a flat (line, plane) is drawn about anchor {x, y, z} when
--                                          given (a point on it), else about its point nearest the origin
--   figures.describe(o)                    one line of text: kind, centre, radius, normal / direction
--   figures.vec_text(v)                    "(x, y, z)" with 3 significant digits
--   figures.numbers(text)                  x, y, z from "X,Y,Z", or nil
--   figures.turn(v, key)                   v turned 15 degrees about y (j / l) or about x (i / k)
--   figures.add(a, b, s), normalize(v), cross(a, b), dot(a, b), scale(v, s), rgba(c, a)
--                                          vector helpers on {x, y, z}; rgba a colour with alpha a
--   figures.across(axis)                   two unit vectors across axis, right-handed with it
--   figures.circle_polyline(g, center, normal, radius, style [, dashed])  a circle as 72 segments
--   figures.plane_quad(center, normal, half)  a collide.mesh square of side 2 half, seen from both sides
--   figures.draw_object(g, o, color, look) draws o: a sphere filled, a plane as a square about its
--                                          center, a line 4 either side, a circle, a pair as two dots
--                                          joined thinly, a point; look "bright", "dim" or "faint" (a
--                                          faint sphere as three great circles)
--   figures.draw_common(g, m, color [, style])  draws a geometry table (a meet's common part): a circle
--                                          (dashed at sqrt(-radius^2) when imaginary), a pair (its two
--                                          points; imaginary, a thin segment), a line, a point; style
--                                          { width =, dashed = } overrides the width 4 and dashes a real one
--   figures.axes(g [, colored])            the world axes from the origin: faint grey, length 1, or
--                                          x red, y green, z blue, length 1.5 when colored
--   figures.dragger(handles [, picked])    a left-button drag in 3D of the points {x, y, z} that
--                                          handles() lists: call d:view(g) in draw (it keeps g and marks
--                                          each handle with a white +) and install the callbacks,
--                                          mousepressed, mousemoved, mousereleased = d.mousepressed,
--                                          d.mousemoved, d.mousereleased. A press within 28 pixels of a
--                                          handle (the nearest) picks it, calls picked(index) and returns
--                                          true, so the viewer does not orbit; the point then follows the
--                                          mouse in the plane through it facing the camera (along the
--                                          pick ray, g.to_world3d), moved in place, until the release.
--   figures.last_drag                      { index =, center = {x, y, z} } of the last drag step, or nil
local collide = require "collide"
local cga = collide.cga

local figures = {}

figures.KINDS = { "sphere", "plane", "line", "circle", "pair", "point" }

-- ---- vectors ----

-- The script's key=value arguments (step=3 at=1,2,3) as a table of strings.
function figures.arguments(...)
	local args = {}
	for _, word in ipairs({ ... }) do
		local k, v = tostring(word):match("^([%w_]+)=(.*)$")
		if k then args[k] = v end
	end
	return args
end

function figures.add(a, b, s) return { a[1] + s * b[1], a[2] + s * b[2], a[3] + s * b[3] } end
function figures.scale(v, s) return { s * v[1], s * v[2], s * v[3] } end
function figures.normalize(v)
	local n = math.sqrt(v[1] ^ 2 + v[2] ^ 2 + v[3] ^ 2)
	return { v[1] / n, v[2] / n, v[3] / n }
end
function figures.cross(a, b) return { a[2] * b[3] - a[3] * b[2], a[3] * b[1] - a[1] * b[3], a[1] * b[2] - a[2] * b[1] } end
function figures.dot(a, b) return a[1] * b[1] + a[2] * b[2] + a[3] * b[3] end
function figures.rgba(c, a) return { c[1], c[2], c[3], a } end

local add, normalize, cross, dot, rgba = figures.add, figures.normalize, figures.cross, figures.dot, figures.rgba

-- Two unit vectors across axis.
function figures.across(axis)
	local n = normalize(axis)
	local u = normalize(math.abs(n[1]) < 0.6 and cross(n, { 1, 0, 0 }) or cross(n, { 0, 1, 0 }))
	return u, cross(n, u)
end

function figures.numbers(text)
	local x, y, z = tostring(text or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	if tonumber(x) and tonumber(y) and tonumber(z) then return tonumber(x), tonumber(y), tonumber(z) end
	return nil
end

-- Turns v about y (j / l) or about x (i / k), by 15 degrees.
function figures.turn(v, key)
	local a = math.rad(15) * ((key == "l" or key == "i") and 1 or -1)
	if key == "j" or key == "l" then
		return { v[1] * math.cos(a) + v[3] * math.sin(a), v[2], -v[1] * math.sin(a) + v[3] * math.cos(a) }
	end
	return { v[1], v[2] * math.cos(a) - v[3] * math.sin(a), v[2] * math.sin(a) + v[3] * math.cos(a) }
end

-- ---- objects ----

function figures.object(kind, center, size, axis) return { kind = kind, center = center, size = size, axis = axis } end

function figures.copy(o)
	return figures.object(o.kind, { o.center[1], o.center[2], o.center[3] }, o.size, { o.axis[1], o.axis[2], o.axis[3] })
end

function figures.next_kind(o)
	for i, k in ipairs(figures.KINDS) do
		if k == o.kind then
			o.kind = figures.KINDS[i % #figures.KINDS + 1]
			return
		end
	end
end

-- The blade of an object.
function figures.blade(o)
	local c, s, n = o.center, o.size, normalize(o.axis)
	if o.kind == "sphere" then return cga.sphere(c, s)
	elseif o.kind == "plane" then return cga.plane(n, dot(n, c))
	elseif o.kind == "line" then return cga.line(c, add(c, n, 1))
	elseif o.kind == "circle" then return cga.circle{ center = c, normal = n, r = s }
	elseif o.kind == "pair" then return cga.pair(add(c, n, -s), add(c, n, s))
	else return cga.point(c) end
end

local GEOMETRY_KINDS = { sphere = "sphere", plane = "plane", line = "line", circle = "circle", ["point pair"] = "pair",
	point = "point", ["flat point"] = "point" }

-- The object a geometry table describes (an imaginary round at its imaginary radius).
function figures.from_geometry(geo, anchor)
	local kind = GEOMETRY_KINDS[geo.kind] or "point"
	local center = { geo.center[1], geo.center[2], geo.center[3] }
	if anchor and (kind == "line" or kind == "plane") then center = { anchor[1], anchor[2], anchor[3] } end
	local d = geo.direction or { 0, 0, 0 }
	local axis = (d[1] ~= 0 or d[2] ~= 0 or d[3] ~= 0) and { d[1], d[2], d[3] } or { 0, 0, 1 }
	return figures.object(kind, center, math.sqrt(math.abs(geo.radius2 or 0)), axis)
end

function figures.vec_text(v) return ("(%.3g, %.3g, %.3g)"):format(v[1], v[2], v[3]) end
local vec_text = figures.vec_text

function figures.describe(o)
	local n = normalize(o.axis)
	if o.kind == "sphere" then return ("sphere, centre %s, radius %.3g"):format(vec_text(o.center), o.size)
	elseif o.kind == "plane" then return ("plane through %s, normal %s"):format(vec_text(o.center), vec_text(n))
	elseif o.kind == "line" then return ("line through %s along %s"):format(vec_text(o.center), vec_text(n))
	elseif o.kind == "circle" then return ("circle, centre %s, radius %.3g, normal %s"):format(vec_text(o.center), o.size, vec_text(n))
	elseif o.kind == "pair" then return ("point pair about %s, %.3g apart along %s"):format(vec_text(o.center), 2 * o.size, vec_text(n))
	else return ("point %s"):format(vec_text(o.center)) end
end

-- ---- drawing ----

function figures.circle_polyline(g, center, normal, radius, style, dashed)
	local u, v = figures.across(normal)
	local n = 72
	local last = add(center, u, radius)
	for i = 1, n do
		local a = 2 * math.pi * i / n
		local p = add(add(center, u, radius * math.cos(a)), v, radius * math.sin(a))
		if not dashed or i % 2 == 0 then g.line3d(last, p, style) end
		last = p
	end
end

function figures.plane_quad(center, normal, half)
	local u, v = figures.across(normal)
	local corners = {}
	for i, s in ipairs{ { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } } do
		corners[i] = add(add(center, u, s[1] * half), v, s[2] * half)
	end
	-- both windings, so the quad shows from either side
	return collide.mesh{ vertices = corners, triangles = { { 1, 2, 3 }, { 1, 3, 4 }, { 1, 3, 2 }, { 1, 4, 3 } } }
end

-- How bright each look draws: line alpha, sphere and plane fill alpha, line width, dot sizes, a line's
-- reach and a plane's half side.
local LOOKS = {
	bright = { alpha = 1, sphere = 0.28, plane = 0.3, width = 3, pair = 10, point = 11, joint = 0.3, reach = 4, half = 2.2 },
	dim = { alpha = 0.6, sphere = 0.16, plane = 0.18, width = 2, pair = 10, point = 11, joint = 0.3, reach = 4, half = 2.2 },
	faint = { alpha = 0.3, sphere = 0.05, plane = 0.06, width = 1, pair = 6, point = 6, joint = 0.12, reach = 2.5, half = 1.6 },
}

function figures.draw_object(g, o, color, look)
	local l = LOOKS[look] or LOOKS.dim
	local c, n = o.center, normalize(o.axis)
	if o.kind == "sphere" and look == "faint" then
		-- three great circles: faint filled spheres would pile up into an opaque blob
		for _, e in ipairs{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } do
			figures.circle_polyline(g, c, e, o.size, { line = rgba(color, l.alpha), width = l.width })
		end
	elseif o.kind == "sphere" then
		g.sphere(c[1], c[2], c[3], o.size, { fill = rgba(color, l.sphere) })
	elseif o.kind == "plane" then
		g.mesh(figures.plane_quad(c, n, l.half), { fill = rgba(color, l.plane), boundary = false })
	elseif o.kind == "line" then
		g.line3d(add(c, n, -l.reach), add(c, n, l.reach), { line = rgba(color, l.alpha), width = l.width })
	elseif o.kind == "circle" then
		figures.circle_polyline(g, c, n, o.size, { line = rgba(color, l.alpha), width = l.width })
	elseif o.kind == "pair" then
		g.line3d(add(c, n, -o.size), add(c, n, o.size), { line = rgba(color, l.joint), width = 1 })
		g.point3d(add(c, n, -o.size), { fill = rgba(color, l.alpha), size = l.pair })
		g.point3d(add(c, n, o.size), { fill = rgba(color, l.alpha), size = l.pair })
	else
		g.point3d(c, { fill = rgba(color, l.alpha), size = l.point })
	end
end

-- A common part m (a geometry table), in color; an imaginary round dashed at sqrt(-radius^2).
function figures.draw_common(g, m, color, style)
	if not m then return end
	local width, dashed = style and style.width or 4, style and style.dashed
	local line = { line = color, width = width }
	if m.kind == "circle" then
		figures.circle_polyline(g, m.center, m.direction, math.sqrt(math.abs(m.radius2)), line, dashed or m.radius2 < 0)
	elseif m.kind == "point pair" then
		if m.radius2 >= 0 then
			g.point3d(m.points[1], { fill = color, size = width + 9 })
			g.point3d(m.points[2], { fill = color, size = width + 9 })
		else
			local r = math.sqrt(-m.radius2)
			g.line3d(add(m.center, m.direction, -r), add(m.center, m.direction, r), { line = rgba(color, 0.6), width = 1.5 })
		end
	elseif m.kind == "line" then
		if dashed then
			for i = -8, 7, 2 do g.line3d(add(m.center, m.direction, i / 2), add(m.center, m.direction, (i + 1) / 2), line) end
		else
			g.line3d(add(m.center, m.direction, -4), add(m.center, m.direction, 4), line)
		end
	elseif m.kind == "point" or m.kind == "flat point" then
		g.point3d(m.center, { fill = "black", size = width + 11 })
		g.point3d(m.center, { fill = color, size = width + 7 })
	end
end

function figures.axes(g, colored)
	local colors = { { 0.95, 0.4, 0.4, 0.8 }, { 0.45, 0.9, 0.45, 0.8 }, { 0.45, 0.6, 1.0, 0.8 } }
	for k = 1, 3 do
		local e = { 0, 0, 0 }
		e[k] = colored and 1.5 or 1
		g.line3d({ 0, 0, 0 }, e, colored and { line = colors[k], width = 2 } or { line = { 0.8, 0.8, 0.8, 0.35 }, width = 1 })
	end
end

-- ---- dragging in 3D ----

local PICK_PIXELS = 28 -- how near the mouse a handle must be to be picked
local REACH = 1e3      -- a drag toward the horizon stops here

function figures.dragger(handles, picked)
	local d = {}

	function d:view(g)
		self.g = g
		-- A handle may sit inside a filled sphere: marked in text, which is drawn over the scene.
		for i, p in ipairs(handles()) do
			local sx, sy, depth = g.to_screen3d(p[1], p[2], p[3])
			if depth > 0 then
				g.text(sx - 4, sy - 9, "+", self.index == i and { 1, 1, 1, 1 } or { 1, 1, 1, 0.7 })
			end
		end
	end

	-- The handle within PICK_PIXELS of pixel (x, y), nearest first, or nil.
	local function pick(g, x, y)
		local best, best_distance
		for i, p in ipairs(handles()) do
			local sx, sy, depth = g.to_screen3d(p[1], p[2], p[3])
			local distance = math.sqrt((sx - x) ^ 2 + (sy - y) ^ 2)
			if depth > 0 and distance <= PICK_PIXELS and (not best or distance < best_distance) then
				best, best_distance = i, distance
			end
		end
		return best
	end

	-- Where the ray through pixel (x, y) crosses the drag plane, or nil (parallel, or behind the eye).
	local function hit(x, y)
		local ox, oy, oz, dx, dy, dz = d.g.to_world3d(x, y)
		local n, a = d.normal, d.anchor
		local facing = n[1] * dx + n[2] * dy + n[3] * dz
		if math.abs(facing) < 1e-6 then return nil end
		local t = (n[1] * (a[1] - ox) + n[2] * (a[2] - oy) + n[3] * (a[3] - oz)) / facing
		if t <= 0 then return nil end
		return { ox + t * dx, oy + t * dy, oz + t * dz }
	end

	function d.mousepressed(x, y, button)
		if button ~= 1 or not d.g then return false end
		local index = pick(d.g, x, y)
		if not index then return false end
		-- The drag plane: through the handle, facing the camera along the ray through the mouse.
		local p = handles()[index]
		local _, _, _, dx, dy, dz = d.g.to_world3d(x, y)
		d.index, d.point, d.anchor, d.normal = index, p, { p[1], p[2], p[3] }, { dx, dy, dz }
		local start = hit(x, y) or d.anchor
		d.offset = { p[1] - start[1], p[2] - start[2], p[3] - start[3] }
		if picked then picked(index) end
		return true
	end

	function d.mousemoved(x, y)
		if not d.point then return end
		local at = hit(x, y)
		if not at then return end
		for k = 1, 3 do
			d.point[k] = math.max(-REACH, math.min(REACH, at[k] + d.offset[k]))
		end
		figures.last_drag = { index = d.index, center = { d.point[1], d.point[2], d.point[3] } }
	end

	function d.mousereleased(_, _, button)
		if button == 1 then d.index, d.point = nil, nil end
	end

	return d
end

return figures
