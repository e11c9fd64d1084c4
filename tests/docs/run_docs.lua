-- Runs every ```lua block of the given Markdown files and checks what it prints against what the
-- page says it prints. The conventions are those of docs/index.md ("Examples that run"):
--
--   * each ```lua block runs alone, in a fresh environment (it requires collide itself);
--     ```lua no-run (followed by the reason) marks a fragment that cannot run on its own;
--   * a block states its output either by `-->` comments or by an output fence (a plain ``` fence
--     right after it, only blank lines between), never both; a block that prints must state it;
--   * with `-->` comments, the lines the block prints (one per print call, io.write's text joining
--     the next print's line), in the order printed, are the `-->` comments in the order written;
--     text after " -- " in a comment is a remark for the reader and is not compared;
--   * an output fence is the whole transcript, line for line;
--   * lines are compared after turning each run of spaces and tabs into one space; "..." in the
--     expected text stands for any text; "~x" stands for a number within half a unit of x's last
--     shown digit (~0.92 is 0.915 to 0.925, ~0 is anything in (-0.5, 0.5)).
--
-- Usage: lua5.4 tests/docs/run_docs.lua FILE.md... (paths as they should appear in reports, so run
-- it from the repository root). Prints every mismatch as file:line with what was expected and what
-- was printed, and exits non-zero if there was any.

local failures = 0
local blocks_run, lines_checked = 0, 0

local function fail(where, message)
	failures = failures + 1
	io.stderr:write(where, ": ", message, "\n")
end

-- The fenced blocks of a page: { line = the opening fence's line, info = its info string, body = its
-- lines, lua = whether it is a ```lua block, last_line = the closing fence's line, output = the
-- output fence after it as { line =, lines = }, or nil }. Reports a fence that is never closed.
local function read_blocks(path)
	local file = assert(io.open(path))
	local lines = {}
	for line in file:lines() do lines[#lines + 1] = line end
	file:close()
	local blocks = {}
	local i = 1
	while i <= #lines do
		local info = lines[i]:match("^```%s*(.-)%s*$")
		if info then
			local start = i
			local body = {}
			i = i + 1
			while i <= #lines and not lines[i]:match("^```%s*$") do
				body[#body + 1] = lines[i]
				i = i + 1
			end
			if i > #lines then
				fail(path .. ":" .. start, "code fence is never closed")
			end
			local block = { line = start, info = info, body = body }
			local previous = blocks[#blocks]
			if info == "" and previous and previous.lua and previous.last_line then
				local between = true
				for k = previous.last_line + 1, start - 1 do
					if not lines[k]:match("^%s*$") then between = false end
				end
				if between then previous.output = { line = start, lines = body } end
			end
			block.lua = info == "lua" or info:match("^lua%s") ~= nil
			block.last_line = i
			blocks[#blocks + 1] = block
		end
		i = i + 1
	end
	return blocks
end

local function normalise(text)
	return (text:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", ""))
end

-- The Lua pattern of an expected line, and the approximate numbers it holds (in capture order).
local function expectation(text)
	local pattern, approximations = { "^" }, {}
	local at = 1
	while at <= #text do
		local dots = text:find("...", at, true)
		local tilde = text:find("~[%-%+]?%d", at)
		local next_at = math.min(dots or math.huge, tilde or math.huge)
		if next_at == math.huge then
			pattern[#pattern + 1] = text:sub(at):gsub("%p", "%%%0")
			break
		end
		pattern[#pattern + 1] = text:sub(at, next_at - 1):gsub("%p", "%%%0")
		if next_at == dots then
			pattern[#pattern + 1] = ".-"
			at = dots + 3
		else
			local number = text:match("^~([%-%+]?%d+%.?%d*)", tilde)
			local decimals = #(number:match("%.(%d*)$") or "")
			approximations[#approximations + 1] = { value = tonumber(number), tolerance = 0.5 * 10 ^ -decimals }
			pattern[#pattern + 1] = "(%S+)"
			at = tilde + 1 + #number
		end
	end
	pattern[#pattern + 1] = "$"
	return table.concat(pattern), approximations
end

local function matches(expected, got)
	local pattern, approximations = expectation(normalise(expected))
	local captures = { normalise(got):match(pattern) }
	if captures[1] == nil then return false end
	for k, approximate in ipairs(approximations) do
		local value = tonumber(captures[k])
		if not value or math.abs(value - approximate.value) > approximate.tolerance then return false end
	end
	return true
end

-- Runs code (whose first line is line first_line + 1 of path) with print and io.write captured;
-- returns the printed lines (one per print call, io.write's text joining the next print's line),
-- the source line of each print call, and the error if the block raised one.
local function run(path, first_line, code)
	local printed, line_of, pending = {}, {}, {}
	local function caller_line()
		local info = debug.getinfo(3, "Sl")
		return info and info.short_src == path and info.currentline or nil
	end
	local env = setmetatable({}, { __index = _G })
	env.print = function(...)
		for k = 1, select("#", ...) do pending[#pending + 1] = (k > 1 and "\t" or "") .. tostring((select(k, ...))) end
		printed[#printed + 1] = table.concat(pending)
		line_of[#printed] = caller_line()
		pending = {}
	end
	env.io = setmetatable({
		write = function(...)
			for k = 1, select("#", ...) do pending[#pending + 1] = tostring((select(k, ...))) end
			return env.io
		end,
	}, { __index = io })
	-- Blank lines in front, so line numbers in errors and reports are the page's.
	local chunk, message = load(string.rep("\n", first_line) .. code, "@" .. path, "t", env)
	local ok = chunk ~= nil
	if ok then ok, message = xpcall(chunk, debug.traceback) end
	if #pending > 0 then printed[#printed + 1] = table.concat(pending) end
	if not ok then
		-- The runner's own frames say nothing about the page.
		local kept = {}
		for line in tostring(message):gmatch("[^\n]+") do
			if not line:find("run_docs.lua", 1, true) and not line:find("^%s*%[C%]: in ") then kept[#kept + 1] = line end
		end
		return printed, line_of, table.concat(kept, "\n")
	end
	return printed, line_of, nil
end

-- Aligns the stated lines with the printed ones (a longest common subsequence of matching pairs),
-- so one missing or extra line is reported as itself rather than shifting every line after it.
-- Returns a list of { expected =, printed = } pairs, either side nil when unmatched.
local function align(expected, printed)
	local n, m = #expected, #printed
	local same, best = {}, {}
	for i = 0, n do best[i] = { [0] = 0 } end
	for j = 0, m do best[0][j] = 0 end
	for i = 1, n do
		same[i] = {}
		for j = 1, m do
			same[i][j] = matches(expected[i].text, printed[j])
			best[i][j] = same[i][j] and best[i - 1][j - 1] + 1 or math.max(best[i - 1][j], best[i][j - 1])
		end
	end
	local steps, i, j = {}, n, m
	while i > 0 or j > 0 do
		if i > 0 and j > 0 and same[i][j] and best[i][j] == best[i - 1][j - 1] + 1 then
			table.insert(steps, 1, { expected = i, printed = j, match = true })
			i, j = i - 1, j - 1
		elseif j > 0 and (i == 0 or best[i][j - 1] >= best[i - 1][j]) then
			table.insert(steps, 1, { printed = j })
			j = j - 1
		else
			table.insert(steps, 1, { expected = i })
			i = i - 1
		end
	end
	-- Between two matches, pair the unmatched stated and printed lines in order: usually the same
	-- line with a changed value.
	local pairs_out, lone_expected, lone_printed = {}, {}, {}
	local function flush()
		for k = 1, math.max(#lone_expected, #lone_printed) do
			pairs_out[#pairs_out + 1] = { expected = lone_expected[k], printed = lone_printed[k] }
		end
		lone_expected, lone_printed = {}, {}
	end
	for _, step in ipairs(steps) do
		if step.match then
			flush()
			pairs_out[#pairs_out + 1] = step
		elseif step.expected then
			lone_expected[#lone_expected + 1] = step.expected
		else
			lone_printed[#lone_printed + 1] = step.printed
		end
	end
	flush()
	return pairs_out
end

local function check_block(path, block)
	local where = path .. ":" .. block.line
	local expected = {} -- { text =, line = }
	for k, line in ipairs(block.body) do
		local said = line:match("%-%->(.*)$")
		if said then
			said = said:gsub("%s%-%-%s.*$", "")
			expected[#expected + 1] = { text = said, line = block.line + k }
		end
	end
	if block.output then
		if #expected > 0 then
			fail(where, "the block has both `-->` comments and an output fence; keep one")
			return
		end
		for k, line in ipairs(block.output.lines) do
			expected[k] = { text = line, line = block.output.line + k }
		end
	end
	local printed, line_of, err = run(path, block.line, table.concat(block.body, "\n"))
	blocks_run = blocks_run + 1
	if err then
		fail(where, "the block raised an error:\n" .. err)
		return
	end
	if block.output then
		-- A fence is a transcript: a printed value that holds newlines spans as many of its lines.
		local lines, lines_of = {}, {}
		for k, text in ipairs(printed) do
			for line in (text .. "\n"):gmatch("([^\n]*)\n") do
				lines[#lines + 1], lines_of[#lines + 1] = line, line_of[k]
			end
		end
		printed, line_of = lines, lines_of
	end
	if #expected == 0 and #printed > 0 then
		fail(where, ("the block prints %d lines but states none (add `-->` comments or an output fence):\n  %s")
			:format(#printed, table.concat(printed, "\n  ")))
		return
	end
	for _, pair in ipairs(align(expected, printed)) do
		local e, got = expected[pair.expected], printed[pair.printed]
		local got_where = pair.printed and line_of[pair.printed] and (" (printed by line " .. line_of[pair.printed] .. ")") or ""
		if pair.match then
			lines_checked = lines_checked + 1
		elseif not e then
			fail(line_of[pair.printed] and path .. ":" .. line_of[pair.printed] or where,
				"printed but not stated: " .. normalise(got))
		elseif not got then
			fail(path .. ":" .. e.line, "stated but not printed: " .. normalise(e.text))
		else
			fail(path .. ":" .. e.line, ("expected: %s\n%s   got: %s%s"):format(normalise(e.text),
				string.rep(" ", #path + #tostring(e.line) + 1), normalise(got), got_where))
		end
	end
end

if #arg == 0 then
	io.stderr:write("usage: lua5.4 run_docs.lua FILE.md...\n")
	os.exit(2)
end
for _, path in ipairs(arg) do
	for _, block in ipairs(read_blocks(path)) do
		if block.lua and not block.info:match("^lua%s+no%-run") then
			check_block(path, block)
		end
	end
end
print(("docs examples: %d blocks run, %d printed lines checked, %d mismatches"):format(blocks_run,
	lines_checked, failures))
os.exit(failures == 0 and 0 or 1)
