-- An endless loop in update(): stopped by the watchdog (--budget), or by SIGINT / SIGTERM.
-- A fixture of test_host.c, which asserts: with a budget, exit 1, "update() exceeded its time budget" on stderr and the red error panel in the screenshot; without one, SIGINT ends the host with 130 and SIGTERM with 143.
function update(dt)
	print("looping") -- the signal test waits for this line, so the signal meets the loop
	while true do end
end
function draw(g) g.circle(0, 0, 1) end
