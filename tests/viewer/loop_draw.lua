-- An endless loop in draw(g), after something was drawn: the watchdog must stop it.
-- A fixture of test_host.c, which asserts: exit 1, "draw() exceeded its time budget" on stderr, and the red error panel in the screenshot.
function draw(g)
	g.circle(0, 0, 1)
	while true do end
end
