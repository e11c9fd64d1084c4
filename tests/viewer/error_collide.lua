-- An error thrown by the collide module (a degenerate polygon) inside a callback.
local collide = require "collide"
function load() collide.polygon { { 0, 0 }, { 1, 1 } } end
