-- A syntax error: the host reports it and exits non-zero in headless mode.
function load(
	print("unreachable")
end
