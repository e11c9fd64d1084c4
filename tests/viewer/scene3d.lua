-- Image test scene (3D): an orange icosphere of radius 1 seen head-on from distance 4; the centre of
-- the picture is sphere, the corners are background.
-- A fixture of test_host.c, which asserts: the lit sphere colour at the centre, background in the corners.
local collide = require "collide"
local sphere
function load()
	sphere = collide.mesh.icosphere(3)
end
function draw(g)
	g.camera3d { target = { 0, 0, 0 }, distance = 4, yaw = 0, pitch = 0 }
	g.mesh(sphere, { fill = { 0.95, 0.5, 0.1 }, wireframe = false })
end
