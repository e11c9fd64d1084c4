-- The module require_beside.lua requires by its name alone.
-- A fixture of test_host.c, which asserts: require_beside.lua finds it ("beside: first" on stdout).
return { word = "first" }
