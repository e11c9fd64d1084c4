-- The host must survive an error in draw(), including a non-string error value.
-- A fixture of test_host.c, which asserts: exit 1, "error in draw()" and "error object is a table" on stderr, and the red error panel in the screenshot.
function draw(g) error({ reason = "a table, not a string" }) end
