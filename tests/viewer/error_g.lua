-- A wrong call to g is a Lua error with the script's line, not a crash.
-- A fixture of test_host.c, which asserts: exit 1, "error in draw()" and "bad argument #1" on stderr, and the red error panel in the screenshot.
function draw(g) g.circle("not a circle") end
