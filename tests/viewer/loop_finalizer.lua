-- A finalizer (__gc) that never returns, run by a collection in update(): Lua runs finalizers
-- with hooks off, so neither the budget nor the signal's error reaches it; the shutdown's grace
-- time does.
-- A fixture of test_host.c, which asserts: SIGTERM ends the host with 143 all the same.
setmetatable({}, { __gc = function() while true do end end })
function update(dt)
	print("looping")
	collectgarbage()
end
