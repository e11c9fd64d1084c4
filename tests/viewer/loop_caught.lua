-- A loop that catches the watchdog's error with pcall and goes on: the host must still end.
-- A fixture of test_host.c, which asserts: exit 1 and "still running" on stderr with a budget; 143 after SIGTERM.
function update(dt)
	print("looping")
	while true do pcall(function() while true do end end) end
end
