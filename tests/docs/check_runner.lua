-- The docs runner's own test (ctest docs_runner): run_docs.lua on two fixture pages, one whose
-- examples agree with what they print under every convention of docs/index.md, and one that goes
-- wrong in every way the runner reports; the first must pass, the second must fail with each fault
-- reported at its page:line. Run from tests/docs: lua5.4 check_runner.lua.
local interpreter = arg[-1] or "lua5.4"
local failures = 0

local function run(page)
	local pipe = assert(io.popen(("%s run_docs.lua fixtures/%s 2>&1"):format(interpreter, page)))
	local output = pipe:read("a")
	local _, _, code = pipe:close()
	return output, code
end

local function check(condition, what, output)
	if not condition then
		failures = failures + 1
		io.stderr:write("FAILED: ", what, "\n--- the runner printed:\n", output, "---\n")
	end
end

local output, code = run("agrees.md")
check(code == 0, "agrees.md passes", output)
check(output:find("3 blocks run, 11 printed lines checked, 0 mismatches", 1, true), "agrees.md: every line checked", output)

output, code = run("disagrees.md")
check(code ~= 0, "disagrees.md fails", output)
for _, expected in ipairs {
	"fixtures/disagrees.md:6: expected: 3\n", "   got: 2 (printed by line 6)",
	"fixtures/disagrees.md:8: expected: ~0.6\n", "   got: 0.5 (printed by line 8)",
	"fixtures/disagrees.md:9: printed but not stated: extra",
	"fixtures/disagrees.md:15: stated but not printed: twice",
	"fixtures/disagrees.md:18: the block prints 1 lines but states none",
	"fixtures/disagrees.md:22: the block raised an error:\nfixtures/disagrees.md:23: raised",
	"fixtures/disagrees.md:26: the block has both `-->` comments and an output fence",
	"fixtures/disagrees.md:34: code fence is never closed",
	"9 mismatches",
} do
	check(output:find(expected, 1, true), "disagrees.md reports " .. ("%q"):format(expected), output)
end

print(failures == 0 and "the docs runner passes the agreeing page and reports every fault of the other"
	or failures .. " checks failed")
os.exit(failures == 0 and 0 or 1)
