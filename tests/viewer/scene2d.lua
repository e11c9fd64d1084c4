-- Image test scene (2D): a red square with a square hole, a blue disc and a camera fixed so the
-- test knows where each lands: world (x, y) -> pixel (160 + 15 x, 120 - 15 y) at 320x240.
-- A fixture of test_host.c, which asserts: fill colour inside the polygon, background in its hole and outside, the disc, line and point pixels.
local collide = require "collide"
local poly
function load()
	poly = collide.polygon({ { -6, -6 }, { 6, -6 }, { 6, 6 }, { -6, 6 } },
		{ holes = { { { -2, -2 }, { 2, -2 }, { 2, 2 }, { -2, 2 } } } })
end
function draw(g)
	g.camera2d { center = { 0, 0 }, scale = 15 }
	g.polygon(poly, { fill = { 1, 0, 0, 1 }, line = false })
	g.circle(8.5, -5, 1, { fill = { 0, 0, 1, 1 }, line = false })
	-- a translucent white overlay over the right half of the square: blending, not replacing
	g.rect(3, -1, 5, 1, { fill = { 1, 1, 1, 0.5 }, line = false })
end
