-- The polygon classes the 2D lessons share, and the reading of their key=value arguments.
-- A lesson takes it with `local shapes = require "shapes"`: the host puts the running script's own
-- directory first on package.path, so a module beside the script is found wherever it is run from.
--
--   shapes.star(n, r_out, r_in [, cx, cy])  the points of an n-pointed star
--   shapes.c_shape()                        a C whose centroid lies outside it
--   shapes.classes([field, values])         the six classes (star, C-shape, holes, comb, spiral,
--                                           convex): a fresh list of { name, about, make }, each
--                                           with field = values[name] when given (a lesson's own
--                                           starting point for it, say); make() returns the outer
--                                           contour and, for "holes", the list of holes
--   shapes.polygon(class)                  the collide.polygon of a class: its make() with the holes
--   shapes.find(list, name)                 the index of the entry called name (case, spaces and
--                                           dashes ignored), or nil
--   shapes.arguments(...)                   the key=value words among the script's arguments, as a
--                                           table key -> value (other words are ignored)
--   shapes.number_pair(text)                x, y from "X,Y", or nil
--   shapes.words(text)                      an iterator over the comma-separated words of an
--                                           argument (none when it is nil)
local collide = require "collide"

local shapes = {}

function shapes.star(n, r_out, r_in, cx, cy)
	local points = {}
	for i = 0, 2 * n - 1 do
		local r, t = (i % 2 == 0) and r_out or r_in, math.pi * i / n + math.pi / 2
		points[#points + 1] = { (cx or 0) + r * math.cos(t), (cy or 0) + r * math.sin(t) }
	end
	return points
end

function shapes.c_shape()
	return { { -3, -3 }, { 3, -3 }, { 3, -1.5 }, { -1.5, -1.5 }, { -1.5, 1.5 }, { 3, 1.5 }, { 3, 3 }, { -3, 3 } }
end

local CLASSES = {
	{ name = "star", about = "star-shaped from its centroid", make = function() return shapes.star(7, 4, 1.7) end },
	{ name = "C-shape", about = "centroid outside", make = shapes.c_shape },
	{ name = "holes", about = "four holes",
		make = function()
			return { { -4, -4 }, { 4, -4 }, { 4, 4 }, { -4, 4 } }, {
				{ { -3, -3 }, { -0.8, -3 }, { -0.8, -0.8 }, { -3, -0.8 } },
				{ { 0.8, -3 }, { 3, -3 }, { 3, -0.8 } },
				shapes.star(5, 1.4, 0.6, 1.7, 1.9),
				{ { -1.9, 0.6 }, { -0.7, 1.9 }, { -1.9, 3.2 }, { -3.1, 1.9 } },
			}
		end },
	{ name = "comb", about = "five teeth",
		make = function()
			local points = { { -4, -3 }, { 4, -3 } }
			for k = 4, 0, -1 do
				local x0 = -4 + 1.8 * k
				if k < 4 then points[#points + 1] = { x0 + 0.8, -1.5 } end
				points[#points + 1] = { x0 + 0.8, 3 }
				points[#points + 1] = { x0, 3 }
				if k > 0 then points[#points + 1] = { x0, -1.5 } end
			end
			return points
		end },
	{ name = "spiral", about = "a band wound 1.75 times",
		make = function()
			local points, inner, s, turns, n = {}, {}, 0.6, 3.5 * math.pi, 40
			for k = 0, n do
				local t = turns * k / n
				local r = s * (0.6 + 0.45 * t)
				points[#points + 1] = { (r + 1.3 * s) * math.cos(t), (r + 1.3 * s) * math.sin(t) }
				inner[#inner + 1] = { r * math.cos(t), r * math.sin(t) }
			end
			for k = #inner, 1, -1 do points[#points + 1] = inner[k] end
			return points
		end },
	{ name = "convex", about = "a regular decagon",
		make = function()
			local points = {}
			for i = 0, 9 do
				local t = 2 * math.pi * i / 10 + 0.2
				points[#points + 1] = { 4 * math.cos(t), 4 * math.sin(t) }
			end
			return points
		end },
}

function shapes.classes(field, values)
	local list = {}
	for i, class in ipairs(CLASSES) do
		list[i] = { name = class.name, about = class.about, make = class.make }
		if field then list[i][field] = values[class.name] end
	end
	return list
end

function shapes.polygon(class)
	local outer, holes = class.make()
	return collide.polygon(outer, holes and { holes = holes } or nil)
end

local function key(name) return tostring(name):lower():gsub("[^%w]", "") end

function shapes.find(list, name)
	for i, entry in ipairs(list) do
		if key(entry.name) == key(name) then return i end
	end
end

function shapes.arguments(...)
	local args = {}
	for _, word in ipairs({ ... }) do
		local k, v = tostring(word):match("^([%w_]+)=(.*)$")
		if k then args[k] = v end
	end
	return args
end

function shapes.number_pair(text)
	local x, y = tostring(text or ""):match("^%s*([-%d.e]+)%s*,%s*([-%d.e]+)%s*$")
	return tonumber(x), tonumber(y)
end

function shapes.words(text)
	return tostring(text or ""):gmatch("[^,]+")
end

return shapes
