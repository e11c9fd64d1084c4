-- An error thrown by the collide module (a degenerate polygon) inside a callback.
-- A fixture of test_host.c, which asserts: exit 1, "error in load()" and the polygon message on stderr, and the red error panel in the screenshot.
local collide = require "collide"
function load() collide.polygon { { 0, 0 }, { 1, 1 } } end
