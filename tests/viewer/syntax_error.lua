-- A syntax error: the host reports it and exits non-zero in headless mode.
function load(
	print("unreachable")
end
-- (Kept last so the error stays on line 3.) A fixture of test_host.c, which asserts: exit 1, "error in loading" and "syntax_error.lua:3" on stderr, and the red error panel in the screenshot.
