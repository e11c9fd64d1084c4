-- Drives a 3D lesson's left-button drag the way the viewer would: loads the lesson named by the first
-- argument (the rest go to it, but for handle=X,Y,Z, where a draggable centre starts), and on the
-- second frame, inside draw where g is live, presses the mouse away from every handle (the lesson must
-- leave that drag to the camera: mousepressed returns false), then presses 3 pixels beside the
-- handle (taken: true), drags 40 pixels right and 20 up in four moves and releases. The handle must
-- have followed the mouse on screen, within a pixel, at the depth it had. Prints what moved.
local args = { ... }
package.path = (args[1]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local handle, lesson_args = nil, {}
for i = 2, #args do
	local x, y, z = args[i]:match("^handle=([^,]+),([^,]+),([^,]+)$")
	if x then handle = { tonumber(x), tonumber(y), tonumber(z) } else lesson_args[#lesson_args + 1] = args[i] end
end
assert(handle, "drag3d.lua: handle=X,Y,Z is required")
assert(loadfile(args[1]))(table.unpack(lesson_args))
local figures = require "figures"
local lesson_draw = draw
local frame = 0

local function check(ok, ...) if not ok then error(("drag3d: " .. select(1, ...)):format(select(2, ...)), 2) end end

function draw(g)
	lesson_draw(g)
	frame = frame + 1
	if frame ~= 2 then return end
	local sx, sy, depth = g.to_screen3d(handle[1], handle[2], handle[3])
	check(depth > 0, "the handle (%g %g %g) is behind the camera", handle[1], handle[2], handle[3])
	check(mousepressed(2, 2, 1) == false, "a press in the corner, far from every handle, was taken from the camera")
	mousereleased(2, 2, 1)
	check(mousepressed(sx + 3, sy - 2, 1) == true, "a press 3 pixels from the handle at (%.1f, %.1f) was not taken", sx, sy)
	for k = 1, 4 do mousemoved(sx + 3 + 10 * k, sy - 2 - 5 * k, 10, -5) end
	mousereleased(sx + 43, sy - 22, 1)
	local moved = figures.last_drag
	check(moved ~= nil, "the drag moved nothing")
	local c = moved.center
	local mx, my, new_depth = g.to_screen3d(c[1], c[2], c[3])
	check(math.abs(mx - (sx + 40)) < 1 and math.abs(my - (sy - 20)) < 1,
		"the handle shows at (%.2f, %.2f), the mouse took it to (%.2f, %.2f)", mx, my, sx + 40, sy - 20)
	check(math.abs(new_depth - depth) < 0.05 * depth, "the handle's depth went from %g to %g", depth, new_depth)
	-- a move after the release drags nothing
	mousemoved(sx + 90, sy + 90, 50, 110)
	local after = figures.last_drag.center
	check(after[1] == c[1] and after[2] == c[2] and after[3] == c[3], "a move after the release still dragged")
	print(("drag3d: handle %d from (%.3f, %.3f, %.3f) to (%.3f, %.3f, %.3f), %.2f px from the mouse"):format(moved.index,
		handle[1], handle[2], handle[3], c[1], c[2], c[3], math.sqrt((mx - sx - 40) ^ 2 + (my - sy + 20) ^ 2)))
end
