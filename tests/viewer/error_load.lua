-- The host must survive an error raised in load().
-- A fixture of test_host.c, which asserts: exit 1, "error in load()" and "boom in load" on stderr, and the red error panel in the screenshot.
function load() error("boom in load") end
function draw(g) g.text(10, 10, "never drawn") end
