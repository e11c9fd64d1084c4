-- The flat form of g.polygon {x1, y1, x2, y2, ...} takes finite numbers only, as {x, y} points do.
-- A fixture of test_host.c, which asserts: exit 1, "error in draw()" and "g.polygon: coordinate 5 is not a finite number" on stderr, and the red error panel in the screenshot.
function draw(g)
	for _, bad in ipairs { 0 / 0, math.huge, -math.huge } do
		local ok, message = pcall(g.polygon, { 0, 0, 1, 0, bad, 1 })
		assert(not ok and message:find("coordinate 5 is not a finite number", 1, true), tostring(bad) .. ": " .. tostring(message))
	end
	g.polygon { 0, 0, 1, 0, "0", 1 } -- a numeric string is not a number here either
end
