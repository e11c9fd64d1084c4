-- Script arguments reach the script as arg[1..] and as `...`.
-- A fixture of test_host.c, which asserts: exit 0 and "arg1=mesh.ply dots=mesh.ply n=1" on stdout.
local first = ...
function load() print("arg1=" .. tostring(arg[1]) .. " dots=" .. tostring(first) .. " n=" .. #arg) end
