-- What the Lua specs share. Each spec loads it with
--   local support = dofile((os.getenv("COLLIDE_SOURCE_DIR") or ".") .. "/tests/lua/support.lua")
-- (busted runs the specs from the repository root; ctest sets COLLIDE_SOURCE_DIR).
-- Not named *_spec.lua, so busted and ctest do not run it as a spec.
local assert = require "luassert" -- the assert busted gives the specs

local support = {}

-- The message of the error f(...) raises, as a string; f must fail.
function support.error_of(f, ...)
	local ok, message = pcall(f, ...)
	assert.is_false(ok, "expected an error")
	return tostring(message)
end

return support
