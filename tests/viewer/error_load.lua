-- The host must survive an error raised in load().
function load() error("boom in load") end
function draw(g) g.text(10, 10, "never drawn") end
