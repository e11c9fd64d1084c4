-- A wrong call to g is a Lua error with the script's line, not a crash.
function draw(g) g.circle("not a circle") end
