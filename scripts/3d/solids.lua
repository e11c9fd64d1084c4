-- The closed meshes the 3D lessons share, the reading of their key=value arguments, the keys that
-- move a probe point, and meshes made on the fly for drawing (tetrahedra, triangles).
-- A lesson takes it with `local solids = require "solids"`: the host puts the running script's own
-- directory first on package.path, so a module beside the script is found wherever it is run from.
--
--   solids.classes(detail [, field, values])  the mesh classes (bumpy sphere, box, torus, hollow
--                                             ball, two boxes): a fresh list of { name, about, make },
--                                             detail "coarse" (tens of triangles) or "fine"
--                                             (hundreds); with field, each gets field = values[name]
--   solids.find(list, name)                   the index of the entry called name (case, spaces and
--                                             dashes ignored), or nil
--   solids.arguments(...)                     the key=value words among the script's arguments
--   solids.numbers(text)                      x, y, z from "X,Y,Z", or nil
--   solids.words(text)                        the comma-separated words of an argument
--   solids.move_probe(key, p, step)           moves p = {x, y, z} for the arrow keys (x, y) and
--                                             page up / page down (z); true when key was one of them
--   solids.tetrahedra_mesh(list)              a collide.mesh of tetrahedra {o, a, b, c} (each face
--                                             turned outward, so none is drawn as a back face)
--   solids.triangles_mesh(list)               a collide.mesh of triangles {a, b, c}, as wound
--   solids.kept(store, name, key, make)       the drawing store[name] made by make(), made again
--                                             when key changes (meshes cost to build each frame)
--   solids.covering_triangles(tree, list, skip) a collide.mesh of the covering triangles listed
--                                             (each once, skip left out), or false when none
--   solids.cone_envelopes(tree, cones)        a collide.mesh of the listed cones' enclosing
--                                             tetrahedra, or false when none
--   solids.frontier(tree, cones)              the listed cones none of whose children are listed
--                                             (the deepest a query reached), and how many are leaves
--   solids.camera(g, box, yaw, pitch)         g.camera3d fitted to box = {minx, ..., maxz}, seen
--                                             from yaw, pitch (degrees), the box moved right and
--                                             down a little to leave room for the HUD
local collide = require "collide"

local solids = {}

-- Two meshes joined, the second turned inside out when flip (the wall of a cavity), each moved.
local function joined(parts)
	local vertices, triangles = {}, {}
	for _, part in ipairs(parts) do
		local base, o = #vertices, part.offset or { 0, 0, 0 }
		for _, v in ipairs(part.mesh:vertices()) do
			vertices[#vertices + 1] = { v[1] + o[1], v[2] + o[2], v[3] + o[3] }
		end
		for _, t in ipairs(part.mesh:triangles()) do
			local b, c = t[2], t[3]
			if part.flip then b, c = c, b end
			triangles[#triangles + 1] = { t[1] + base, b + base, c + base }
		end
	end
	return collide.mesh{ vertices = vertices, triangles = triangles }
end

local CLASSES = {
	{ name = "bumpy sphere", about = "star-shaped from its centroid",
		coarse = function() return collide.mesh.bumpy_sphere(1) end,
		fine = function() return collide.mesh.bumpy_sphere(3) end },
	{ name = "torus", about = "centroid in the hole, outside",
		coarse = function() return collide.mesh.torus(1, 0.4, 12, 6) end,
		fine = function() return collide.mesh.torus(1, 0.4, 32, 16) end },
	{ name = "box", about = "convex",
		coarse = function() return collide.mesh.box(1, 0.6, 0.4) end,
		fine = function() return collide.mesh.box(1, 0.6, 0.4) end },
	{ name = "hollow ball", about = "a cavity around the centroid",
		coarse = function()
			return joined{ { mesh = collide.mesh.icosphere(1, 1) }, { mesh = collide.mesh.icosphere(0, 0.5), flip = true } }
		end,
		fine = function()
			return joined{ { mesh = collide.mesh.icosphere(3, 1) }, { mesh = collide.mesh.icosphere(2, 0.5), flip = true } }
		end },
	{ name = "two boxes", about = "two pieces, centroid between them",
		coarse = function()
			return joined{ { mesh = collide.mesh.box(0.5, 0.5, 0.5), offset = { -1.1, 0.2, 0 } },
				{ mesh = collide.mesh.box(0.4, 0.7, 0.3), offset = { 1.0, -0.3, 0.1 } } }
		end },
}
CLASSES[5].fine = CLASSES[5].coarse

function solids.classes(detail, field, values)
	local list = {}
	for i, class in ipairs(CLASSES) do
		list[i] = { name = class.name, about = class.about, make = class[detail] or class.coarse }
		if field then list[i][field] = values[class.name] end
	end
	return list
end

local function key(name) return tostring(name):lower():gsub("[^%w]", "") end

function solids.find(list, name)
	for i, entry in ipairs(list) do
		if key(entry.name) == key(name) then return i end
	end
end

function solids.arguments(...)
	local args = {}
	for _, word in ipairs({ ... }) do
		local k, v = tostring(word):match("^([%w_]+)=(.*)$")
		if k then args[k] = v end
	end
	return args
end

function solids.numbers(text)
	local x, y, z = tostring(text or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	return tonumber(x), tonumber(y), tonumber(z)
end

function solids.words(text)
	return tostring(text or ""):gmatch("[^,]+")
end

local MOVES = {
	left = { 1, -1 }, right = { 1, 1 }, down = { 2, -1 }, up = { 2, 1 }, pagedown = { 3, -1 }, pageup = { 3, 1 },
}

function solids.move_probe(k, p, step)
	local move = MOVES[k]
	if not move then return false end
	p[move[1]] = p[move[1]] + move[2] * step
	return true
end

local function sub(a, b) return { a[1] - b[1], a[2] - b[2], a[3] - b[3] } end
local function volume6(o, a, b, c)
	local u, v, w = sub(a, o), sub(b, o), sub(c, o)
	return u[1] * (v[2] * w[3] - v[3] * w[2]) + u[2] * (v[3] * w[1] - v[1] * w[3]) + u[3] * (v[1] * w[2] - v[2] * w[1])
end

function solids.tetrahedra_mesh(list)
	local vertices, triangles = {}, {}
	for _, t in ipairs(list) do
		local o, a, b, c = t[1], t[2], t[3], t[4]
		if volume6(o, a, b, c) < 0 then b, c = c, b end
		local n = #vertices
		vertices[n + 1], vertices[n + 2], vertices[n + 3], vertices[n + 4] = o, a, b, c
		triangles[#triangles + 1] = { n + 2, n + 3, n + 4 }
		triangles[#triangles + 1] = { n + 1, n + 3, n + 2 }
		triangles[#triangles + 1] = { n + 1, n + 4, n + 3 }
		triangles[#triangles + 1] = { n + 1, n + 2, n + 4 }
	end
	if #triangles == 0 then return nil end
	return collide.mesh{ vertices = vertices, triangles = triangles }
end

function solids.triangles_mesh(list)
	local vertices, triangles = {}, {}
	for _, t in ipairs(list) do
		local n = #vertices
		vertices[n + 1], vertices[n + 2], vertices[n + 3] = t[1], t[2], t[3]
		triangles[#triangles + 1] = { n + 1, n + 2, n + 3 }
	end
	if #triangles == 0 then return nil end
	return collide.mesh{ vertices = vertices, triangles = triangles }
end

function solids.kept(store, name, key, make)
	local d = store[name]
	if not d or d.key ~= key then
		d = { key = key, mesh = make() }
		store[name] = d
	end
	return d.mesh
end

function solids.covering_triangles(tree, list, skip)
	local cov, triangles, seen = tree:covering(), {}, {}
	for _, i in ipairs(list) do
		if not seen[i] and i ~= skip then
			seen[i] = true
			local t = cov:tetrahedron(i)
			triangles[#triangles + 1] = { t.a, t.b, t.c }
		end
	end
	return solids.triangles_mesh(triangles) or false
end

function solids.cone_envelopes(tree, cones)
	local apex, list = { tree:apex() }, {}
	for _, i in ipairs(cones) do
		local e = tree:cone(i).envelope
		list[#list + 1] = { apex, e[1], e[2], e[3] }
	end
	return solids.tetrahedra_mesh(list) or false
end

function solids.frontier(tree, cones)
	local reached, frontier, leaves = {}, {}, 0
	for _, i in ipairs(cones) do reached[i] = true end
	for _, i in ipairs(cones) do
		local cone, deeper = tree:cone(i), false
		for _, child in ipairs(cone.children or {}) do deeper = deeper or reached[child] end
		if not deeper then frontier[#frontier + 1] = i end
		if cone.leaf then leaves = leaves + 1 end
	end
	return frontier, leaves
end

function solids.camera(g, box, yaw, pitch)
	local size = math.max(box[4] - box[1], box[5] - box[2], box[6] - box[3])
	local c = { (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2 }
	local a = math.rad(yaw)
	local right = { math.cos(a), 0, -math.sin(a) } -- the camera's right (viewer/camera3d.c)
	local target = { c[1] - 0.18 * size * right[1], c[2] + 0.1 * size, c[3] - 0.18 * size * right[3] }
	local fit = {}
	for k = 1, 3 do -- a hair closer than the whole box
		fit[k], fit[k + 3] = c[k] - 0.48 * (box[k + 3] - box[k]), c[k] + 0.48 * (box[k + 3] - box[k])
	end
	g.camera3d { fit = fit, target = target, yaw = yaw, pitch = pitch }
end

return solids
