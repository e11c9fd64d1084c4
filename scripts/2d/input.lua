-- The mouse and key handling the 2D lessons share. A lesson takes it with
-- `local input = require "input"`, found beside the script as shapes.lua is.
--
--   input.drag(move [, start])   the host callbacks of a left-button drag, as a table with
--                                mousepressed, mousereleased and mousemoved: the press calls
--                                start(x, y) (move(x, y) when there is no start), and every move
--                                while the button is held calls move(x, y). The lesson sets them:
--                                mousepressed, mousereleased, mousemoved = drag.mousepressed, ...
--   input.PLUS, input.MINUS      the keys that mean + and - (main keyboard and keypad), as sets
local input = {}

function input.drag(move, start)
	start = start or move
	local dragging = false
	return {
		mousepressed = function(x, y, button)
			if button == 1 then
				dragging = true
				start(x, y)
			end
		end,
		mousereleased = function(x, y, button)
			if button == 1 then dragging = false end
		end,
		mousemoved = function(x, y)
			if dragging then move(x, y) end
		end,
	}
end

input.PLUS = { ["+"] = true, ["="] = true, ["keypad_+"] = true }
input.MINUS = { ["-"] = true, ["keypad_-"] = true }

return input
