-- Look at a triangle mesh: flat-shaded faces with their wireframe, the boundary edges (where the
-- mesh is open) in red, and what m:validate() says about it in the HUD.
--
--   collide scripts/3d/mesh_view.lua                 the spider from assimp's test models, or a
--                                                    bumpy sphere when they are not installed
--   collide scripts/3d/mesh_view.lua path/to/m.ply   a mesh file: OBJ, STL, PLY, OFF (or any other
--                                                    format assimp reads, in a child process)
--   collide scripts/3d/mesh_view.lua bumpy:4         a generator: bumpy:L, icosphere:L, torus, box
--
-- Left-drag orbits, right- or middle-drag pans, the wheel zooms; w toggles the wireframe.
local collide = require "collide"

local DEFAULT_MODEL = "/usr/share/assimp/models/OBJ/spider.obj"

local mesh, name, report, lines, box
local wireframe = true

local function file_exists(path)
	local f = io.open(path, "rb")
	if f then f:close() end
	return f ~= nil
end

function load()
	local path = arg and arg[1] or MESH
	if path == nil and file_exists(DEFAULT_MODEL) then
		path = DEFAULT_MODEL
	end
	local generators = {
		bumpy = function(level) return collide.mesh.bumpy_sphere(level or 3) end,
		icosphere = function(level) return collide.mesh.icosphere(level or 2) end,
		torus = function() return collide.mesh.torus(1, 0.35, 48, 24) end,
		box = function() return collide.mesh.box(1, 0.6, 0.4) end,
	}
	local generator, level = (path or ""):match("^(%a+):?(%d*)$")
	if generator and generators[generator] then
		mesh = generators[generator](tonumber(level))
		name = path
	elseif path then
		mesh = collide.mesh.load(path) -- a missing or bad file is an error the viewer shows
		name = path:match("[^/]+$")
	else
		mesh = collide.mesh.bumpy_sphere(3)
		name = "bumpy_sphere(3)"
	end
	report = mesh:validate()
	box = { mesh:bounds() }
	print(("%s: %d vertices, %d triangles"):format(name, mesh:vertex_count(), mesh:triangle_count()))
	print(report.text)
end

function keypressed(key)
	if key == "w" then wireframe = not wireframe end
end

function draw(g)
	-- Aim a little above the middle, so the model sits below the HUD panel.
	local cx, cy, cz = (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] + box[6]) / 2
	g.camera3d { fit = box, target = { cx, cy + 0.12 * (box[5] - box[2]), cz }, yaw = 35, pitch = 25 }
	g.mesh(mesh, { fill = { 0.72, 0.75, 0.80 }, line = { 0.08, 0.09, 0.11, 0.5 }, wireframe = wireframe,
	               boundary = "red" })
	g.hud("mesh", name)
	g.hud("vertices", mesh:vertex_count())
	g.hud("triangles", mesh:triangle_count())
	g.hud("closed", report.closed and "yes" or ("no: " .. report.boundary_edges .. " boundary edges (red)"))
	g.hud("oriented", report.consistently_oriented and "yes" or (report.misoriented_edges .. " edges disagree"))
	g.hud("components", report.components)
	g.hud("validate", report.text)
end
