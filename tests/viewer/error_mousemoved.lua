-- An error in an input callback (headless runs move a synthetic mouse every frame).
-- A fixture of test_host.c, which asserts: exit 1, "error in mousemoved()" and "boom in mousemoved" on stderr, and the red error panel in the screenshot.
function mousemoved(x, y, dx, dy) error("boom in mousemoved") end
function draw(g) g.circle(0, 0, 1) end
