-- Rain on a moving mesh: a particle cloud stepped by collide.gpu (source 000, ch. 6, done right).
-- Every particle falls under gravity with a little random walk and is tested, every step, against
-- the mesh at its pose for that step: the point-in-solid test of the mesh's octree (exact; the
-- particle keeps its last leaf, so most tests start where the last one ended). A particle found
-- inside responds: reflect (put back outside at the nearest surface point, its velocity relative to
-- the moving surface reflected with the restitution), stick (it stays on the surface and rides with
-- the mesh) or none (it passes through, counted). Particles that fall out of the box come back at
-- the top.
--
-- On a machine with a CUDA device the cloud lives on the GPU (10^6 particles by default); elsewhere
-- the same code runs on every CPU core (20,000 by default): the answers are the same bits either
-- way. The HUD says which, with the step's counts and times.
--
-- Keys: space pause; r next response; m next mesh; + / - more or fewer particles (x4); s slower /
-- faster mesh. Left-drag orbits, right-drag pans, the wheel zooms.
-- Headless arguments: count=N device=auto|gpu|cpu response=reflect|stick|none mesh=torus|bumpy|box
local collide = require "collide"
local gpu = collide.gpu

local ARGS = {}
for _, a in ipairs({ ... }) do
	local k, v = a:match("^(%w+)=(.*)$")
	if k then ARGS[k] = v end
end

local RESPONSES = { "reflect", "stick", "none" }
local MESHES = {
	{ name = "torus", make = function() return collide.mesh.torus(0.8, 0.3, 64, 32) end },
	{ name = "bumpy", make = function() return collide.mesh.bumpy_sphere(4) end },
	{ name = "box", make = function() return collide.mesh.box(0.7, 0.35, 0.5) end },
}
local COLORS = { reflect = { 0.35, 0.8, 1.0, 0.9 }, stick = { 1.0, 0.75, 0.3, 0.9 }, none = { 0.7, 0.9, 0.5, 0.9 } }

local function index_of(list, name, key)
	for i, v in ipairs(list) do
		if (key and v[key] or v) == name then return i end
	end
	return 1
end

local device = ARGS.device or "auto"
local response_index = index_of(RESPONSES, ARGS.response)
local mesh_index = index_of(MESHES, ARGS.mesh, "name")
local count = tonumber(ARGS.count) or (gpu.available() and device ~= "cpu" and 1000000 or 20000)
local paused, speed = false, 1.0
local mesh, gm, cloud, pose, stats, time
local drawn_mesh, drawn_key

-- a turn about the axis (x, y, z) by angle: the quaternion {x, y, z, w}
local function axis_angle(x, y, z, angle)
	local n = math.sqrt(x * x + y * y + z * z)
	local s = math.sin(angle / 2) / n
	return { x * s, y * s, z * s, math.cos(angle / 2) }
end

local function turn(q, v)
	local x, y, z, w = q[1], q[2], q[3], q[4]
	local tx, ty, tz = 2 * (y * v[3] - z * v[2]), 2 * (z * v[1] - x * v[3]), 2 * (x * v[2] - y * v[1])
	return { v[1] + w * tx + (y * tz - z * ty), v[2] + w * ty + (z * tx - x * tz), v[3] + w * tz + (x * ty - y * tx) }
end

local function pose_at(t)
	return { position = { 0.35 * math.sin(0.9 * t), -0.2 + 0.15 * math.sin(1.7 * t), 0 },
		rotation = axis_angle(1, 0, 0.4, 0.6 * t) }
end

local function remake_cloud()
	if cloud then cloud:close() end
	cloud = gpu.particles {
		count = count, seed = 7, device = device,
		spawn = { min = { -1.2, 1.2, -1.2 }, max = { 1.2, 2.0, 1.2 } },
		domain = { min = { -1.6, -1.4, -1.6 }, max = { 1.6, 2.0, 1.6 } },
		spawn_velocity = { 0, -0.5, 0 }, gravity = { 0, -4.0, 0 },
		jitter = 0.004, response = RESPONSES[response_index], restitution = 0.35,
	}
	stats = nil
end

local function remake_mesh()
	if gm then gm:close() end
	mesh = MESHES[mesh_index].make()
	gm = gpu.mesh(mesh, { device = device })
	drawn_key = nil
	remake_cloud()
end

function load()
	time = 0
	remake_mesh()
	pose = pose_at(time)
end

function keypressed(key)
	if key == "space" then
		paused = not paused
	elseif key == "r" then
		response_index = response_index % #RESPONSES + 1
		remake_cloud()
	elseif key == "m" then
		mesh_index = mesh_index % #MESHES + 1
		remake_mesh()
	elseif key == "+" or key == "=" or key == "keypad_+" then
		count = math.min(count * 4, gpu.available() and device ~= "cpu" and 16000000 or 80000)
		remake_cloud()
	elseif key == "-" or key == "keypad_-" then
		count = math.max(count // 4, 1000)
		remake_cloud()
	elseif key == "s" then
		speed = speed == 1.0 and 0.3 or 1.0
	end
end

function update()
	if paused then return end
	local dt = 1 / 60
	time = time + speed * dt
	pose = pose_at(time)
	stats = cloud:step(dt, gm, pose)
end

-- the mesh where the pose puts it, for drawing (remade when the pose changes)
local function moved_mesh()
	local r, p = pose.rotation, pose.position
	local key = table.concat({ mesh_index, p[1], p[2], p[3], r[1], r[2], r[3], r[4] }, ",")
	if key ~= drawn_key then
		local vertices = mesh:vertices()
		for i, v in ipairs(vertices) do
			local w = turn(r, v)
			vertices[i] = { w[1] + p[1], w[2] + p[2], w[3] + p[3] }
		end
		drawn_mesh, drawn_key = collide.mesh { vertices = vertices, triangles = mesh:triangles() }, key
	end
	return drawn_mesh
end

local function thousands(n)
	local s = tostring(math.floor(n))
	return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end

function draw(g)
	g.camera3d { fit = { -1.6, -1.4, -1.6, 1.6, 2.0, 1.6 }, yaw = 30, pitch = 20 }
	g.mesh(moved_mesh(), { fill = { 0.75, 0.77, 0.82 } })
	g.cloud(cloud:positions(), { fill = COLORS[RESPONSES[response_index]], size = count > 200000 and 1.5 or 2.5 })
	local info = gm:info()
	g.hud("device", ("%s%s"):format(info.device, gpu.available() and "" or " (no CUDA device: the CPU fallback)"))
	g.hud("mesh", ("%s, %s triangles, octree of %s cells"):format(MESHES[mesh_index].name, thousands(info.triangles),
		thousands(info.octree_cells)))
	g.hud("particles", ("%s, response %s"):format(thousands(count), RESPONSES[response_index]))
	if stats then
		g.hud("step", ("%.2f ms computing, %.2f ms in all"):format(stats.compute_ms, stats.wall_ms))
		g.hud("inside", ("%s found inside (%s newly), %s stuck"):format(thousands(stats.inside),
			thousands(stats.entered), thousands(stats.stuck)))
		g.hud("cache", ("%s leaves reused, %s respawned, %s handed back"):format(thousands(stats.cache_hits),
			thousands(stats.respawned), thousands(stats.handed_back)))
	end
	g.hud("keys", "space pause, r response, m mesh, +/- particles, s speed")
end
