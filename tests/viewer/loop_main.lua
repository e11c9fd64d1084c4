-- An endless loop in the main chunk: the watchdog must stop it with the budget error.
-- A fixture of test_host.c, which asserts: exit 1, "the main chunk exceeded its time budget" on stderr, and the red error panel in the screenshot.
while true do end
