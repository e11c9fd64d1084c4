-- A script that requires a module that does not exist.
-- A fixture of test_host.c, which asserts: exit 1, "error in the main chunk" and "module 'no_such_module' not found" on stderr, and the red error panel in the screenshot.
local missing = require "no_such_module"
function draw(g) missing.draw(g) end
