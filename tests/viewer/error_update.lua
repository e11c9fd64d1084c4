-- The host must survive an error raised in update() a few frames in.
local n = 0
function update(dt) n = n + 1; if n == 3 then local t = nil; return t.field end end
function draw(g) g.circle(0, 0, 1) end
