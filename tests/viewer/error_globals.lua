-- A script whose globals table raises on any missing name: the host's own look-up of the
-- callbacks it does not define (mousemoved first) meets that error, and must report it, not abort.
-- A fixture of test_host.c, which asserts: exit 1, "error in mousemoved()" and "no global named mousemoved" on stderr, and the red error panel in the screenshot.
setmetatable(_G, { __index = function(_, name) error("no global named " .. tostring(name), 2) end })
