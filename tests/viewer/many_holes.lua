-- g.polygon and collide.polygon with thousands of holes: each hole's points stay alive until drawn
-- or built, without growing Lua's stack per hole (20 holes once overflowed it).
-- A fixture of test_host.c, which asserts: exit 0 and "holes drawn 2500" on stdout.
local collide = require "collide"
local outer, holes = { { 0, 0 }, { 101, 0 }, { 101, 101 }, { 0, 101 } }, {}
for i = 0, 49 do
	for j = 0, 49 do
		local x, y = 1 + 2 * i, 1 + 2 * j
		holes[#holes + 1] = { { x, y }, { x, y + 1 }, { x + 1, y + 1 }, { x + 1, y } }
	end
end
local flat = {}
for k, hole in ipairs(holes) do -- the flat form {x1, y1, x2, y2, ...} for every other hole
	if k % 2 == 0 then
		local f = {}
		for _, p in ipairs(hole) do f[#f + 1], f[#f + 2] = p[1], p[2] end
		flat[#flat + 1] = f
	else
		flat[#flat + 1] = hole
	end
end
local polygon, printed
function load() polygon = collide.polygon(outer, { holes = holes }) end
function draw(g)
	g.camera2d { center = { 50.5, 50.5 }, scale = 2 }
	g.polygon({ outer[1], outer[2], outer[3], outer[4], holes = flat }, { fill = { 1, 0, 0, 1 } })
	g.polygon(polygon, { fill = { 0, 0, 1, 0.5 } })
	collectgarbage()
	if not printed then
		print("holes drawn " .. #flat)
		printed = true
	end
end
