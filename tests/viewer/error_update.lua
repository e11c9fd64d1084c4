-- The host must survive an error raised in update() a few frames in.
-- A fixture of test_host.c, which asserts: exit 1, "error in update()" and "attempt to index" on stderr, and the red error panel in the screenshot.
local n = 0
function update(dt) n = n + 1; if n == 3 then local t = nil; return t.field end end
function draw(g) g.circle(0, 0, 1) end
