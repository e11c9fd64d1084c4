-- A script whose update grows a table by 10^6 entries a frame, without bound: it must run out of
-- the memory the host gives it (--memory, or half of `ulimit -v`), and the host must show that.
-- A fixture of test_host.c, which asserts: exit 1, "not enough memory" on stderr, and the red error panel in the screenshot.
local t = {}
function update(dt)
	for i = 1, 1000000 do t[#t + 1] = i end
end
function draw(g)
	g.circle(0, 0, 1)
	g.hud("entries", #t)
end
