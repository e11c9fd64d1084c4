/* fuzz-links: collide_lua lua5.4 */
/* The Lua API on any sequence of calls. A fresh Lua state per input opens the collide module and
 * fills a pool of values: numbers (NaN, infinities, huge, tiny, negative, integer limits), strings
 * (method and option names), tables (points, contours, option tables, a table whose __len lies, one
 * whose __index raises, ones whose __index and __len close a pool object, and a __gc finalizer
 * that closes one at every collection) and collide objects of most kinds (the GPU backend's are left to the calls
 * that make them: a context starts threads, too slow for every input). The input is read as calls: two bytes
 * pick a function of the module or a method or metamethod of one of its types, one byte the
 * argument count, one byte each argument from the pool; each call runs under lua_pcall and its
 * first results join the pool, so later calls take them; other opcodes close a value, call its
 * __gc by hand or run a full collection. A Lua error is a fine answer; a crash, a sanitizer report
 * or a leak is a bug. Lua's own allocations are capped by the allocator and any Lua code (a lying
 * __len) by an instruction-count hook. The inputs' last bytes make points that the tri-tree, the
 * grid and the covering must classify as the polygon's crossing test does: a disagreement traps.
 *
 * The files-touching functions (mesh.load, try_load, m:save) are left out: fuzz input must not name
 * paths on the machine. */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collide_lua.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MEMORY_LIMIT ((size_t)256 << 20) /* Lua's allocations, per input */
#define INSTRUCTION_LIMIT 1000000        /* Lua instructions, per input */
#define MAX_CALLS 48
#define POOL_SLOTS 32 /* results kept for later calls, replacing the oldest */

typedef struct budget {
	size_t used;
	long instructions;
} budget;

static void *limited_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	budget *b = ud;
	if (ptr == NULL)
		old_size = 0; /* old_size is then the kind of object, not a size */
	if (new_size == 0) {
		free(ptr);
		b->used -= old_size;
		return NULL;
	}
	if (new_size > old_size && new_size - old_size > MEMORY_LIMIT - b->used)
		return NULL;
	void *grown = realloc(ptr, new_size);
	if (grown != NULL)
		b->used += new_size - old_size;
	return grown;
}

static void count_instructions(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	budget *b;
	lua_getallocf(L, (void **)&b);
	b->instructions += 1000;
	if (b->instructions > INSTRUCTION_LIMIT)
		luaL_error(L, "fuzz: instruction limit");
}

/* Builds, in Lua: F, the sorted list of callables {name, function}; V, the pool. Run once per
 * state, so every input starts from the same values. Sorting by name makes the order independent
 * of the hash seed. */
static const char setup[] =
    "local collide = ...\n"
    "local skip = { load = true, try_load = true, save = true }\n"
    "local F, seen = {}, {}\n"
    "local function add(name, f)\n"
    "  local last = name:match('[^.:]+$')\n"
    "  if type(f) == 'function' and not skip[last] and not seen[name] then\n"
    "    seen[name] = true; F[#F + 1] = { name, f }\n"
    "  end\n"
    "end\n"
    "for k, v in pairs(collide) do\n"
    "  if type(v) == 'function' then add('collide.' .. k, v)\n"
    "  elseif type(v) == 'table' then\n"
    "    for k2, v2 in pairs(v) do add('collide.' .. k .. '.' .. k2, v2) end\n"
    "  end\n"
    "end\n"
    "add('collide.mesh()', getmetatable(collide.mesh).__call)\n"
    "for name, mt in pairs(debug.getregistry()) do\n"
    "  if type(name) == 'string' and name:match('^collide%.') and type(mt) == 'table' and mt.__name == name then\n"
    "    for k, v in pairs(mt) do add(name .. ':' .. k, v) end\n"
    "    local index = mt.__index\n"
    "    if type(index) == 'function' then index = select(2, debug.getupvalue(index, 1)) end\n"
    "    if type(index) == 'table' then for k, v in pairs(index) do add(name .. ':' .. k, v) end end\n"
    "  end\n"
    "end\n"
    "table.sort(F, function(a, b) return a[1] < b[1] end)\n"
    "local sq = { { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }\n"
    "local tri3 = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }\n"
    "local liar = setmetatable({}, { __len = function() return 1e9 end })\n"
    "local negative = setmetatable({ 1, 2 }, { __len = function() return -1 end })\n"
    "local raising = setmetatable({}, { __index = function() error('boom') end })\n"
    /* Script code that closes a pool object, the next one each time: from a table's __index and
     * __len while a binding reads it (read raw, they never run), and from a __gc finalizer that
     * re-arms itself (it runs at allocations inside bindings, where close() is refused). */
    "local V, victim = nil, 0\n"
    "local function close_next()\n"
    "  victim = victim % #V + 1\n"
    "  local v = V[victim]\n"
    "  if type(v) == 'userdata' and v.close then pcall(v.close, v) end\n"
    "end\n"
    "local closer = { __index = function() close_next() end,\n"
    "  __len = function() close_next(); return 3 end }\n"
    "local closing = setmetatable({}, closer)\n"
    "local closing_points = setmetatable({ { 0, 0 }, { 4, 0 }, { 4, 4 } }, closer)\n"
    "local function arm() setmetatable({}, { __gc = function() close_next(); arm() end }) end\n"
    "arm()\n"
    "local poly = collide.polygon(sq)\n"
    "local mesh = collide.mesh.icosphere(0)\n"
    "local convex = collide.convex(tri3)\n"
    "local closed = collide.polygon(sq); closed:close()\n"
    "V = { 0, 1, -1, 2, 3, 5, 0.5, -0.5, 1e-300, 1e300, 1e30, 1e31, 0 / 0, 1 / 0, -1 / 0,\n"
    "  math.maxinteger, math.mininteger, 2 ^ 31, 100, '', 'x', 'crossing', 'winding', 'cga',\n"
    "  'euclidean', 'cpu', 'auto', 'surface', 'solid', 'paper', 'tritree', true, false,\n"
    "  sq, tri3, { sq }, { { 1, 1 }, { 1, 2 }, { 2, 2 } }, {}, { 1, 2 }, { 1, 2, 3 }, { x = 1, y = 2 },\n"
    "  { holes = { { { 1, 1 }, { 1, 2 }, { 2, 2 }, { 2, 1 } } } }, { depth = 2 }, { depth = 40 },\n"
    "  { max_memory = 1000 }, { device = 'cpu' }, { hits = true }, { trace = true },\n"
    "  { position = { 1, 0, 0 } }, { segment = { { 0, 0, 0 }, { 1, 1, 1 } } }, { count = 3 },\n"
    "  { vertices = tri3, triangles = { { 1, 2, 3 } } }, { vertices = tri3, faces = { { 1, 2, 3 } } },\n"
    "  liar, negative, raising, closing, closing_points, print, poly, closed, mesh, convex,\n"
    "  collide.points(sq), collide.points(tri3), collide.points(0), collide.circle(0, 0, 1),\n"
    "  collide.sphere(0, 0, 0, 1), collide.segment(0, 0, 1, 1), collide.box(1, 1, 1),\n"
    "  collide.tritree(poly), collide.covering(poly), collide.grid(poly), collide.quadtree(poly),\n"
    "  collide.bvh(mesh), collide.tetratree(mesh), collide.covering3d(mesh),\n"
    "  collide.polyhedron_from_mesh(mesh), collide.boxtree(convex, { depth = 2 }),\n"
    "  collide.cga.point{ 1, 2, 3 }, collide.gjk_cache() }\n"
    "return F, V, #V\n";

/* The tri-tree, grid and covering of the square against its crossing test on points from bytes. */
static void check_square(lua_State *L, const uint8_t *data, size_t size)
{
	static const char check[] =
	    "local collide, bytes = ...\n"
	    "local poly = collide.polygon{ { 0, 0 }, { 4, 0 }, { 4, 4 }, { 0, 4 } }\n"
	    "local n = #bytes // 2\n"
	    "if n == 0 then return true end\n"
	    "local pts = collide.points(n, 2)\n"
	    "for i = 1, n do\n"
	    "  pts:set(i, bytes:byte(2 * i - 1) / 32 - 2, bytes:byte(2 * i) / 32 - 2)\n"
	    "end\n"
	    "local want = poly:contains_all(pts, 'crossing'):to_table()\n"
	    "for _, s in ipairs{ collide.tritree(poly), collide.grid(poly), collide.covering(poly) } do\n"
	    "  local got = s:contains_all(pts):to_table()\n"
	    "  for i = 1, n do if got[i] ~= want[i] then return false end end\n"
	    "end\n"
	    "return true\n";
	if (luaL_loadbuffer(L, check, sizeof check - 1, "check") != LUA_OK)
		__builtin_trap();
	lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_getfield(L, -1, "collide");
	lua_remove(L, -2);
	lua_pushlstring(L, (const char *)data, size > 32 ? 32 : size);
	if (lua_pcall(L, 2, 1, 0) == LUA_OK && !lua_toboolean(L, -1))
		__builtin_trap(); /* a structure disagrees with the polygon's own test */
	lua_pop(L, 1);        /* the answer, or an error (out of memory, say) */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	budget b = {0, 0};
	lua_State *L = lua_newstate(limited_alloc, &b);
	if (L == NULL)
		return 0;
	luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
	luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
	luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
	luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
	luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 1);
	lua_settop(L, 0);
	lua_pushcfunction(L, luaopen_collide);
	if (lua_pcall(L, 0, 1, 0) != LUA_OK)
		__builtin_trap(); /* the module must open */
	lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
	lua_pushvalue(L, 1);
	lua_setfield(L, -2, "collide");
	lua_pop(L, 1);
	if (luaL_loadbuffer(L, setup, sizeof setup - 1, "setup") != LUA_OK)
		__builtin_trap();
	lua_pushvalue(L, 1);
	if (lua_pcall(L, 1, 3, 0) != LUA_OK)
		__builtin_trap(); /* the pool is made of valid calls */
	int functions = 2, pool = 3;
	lua_Integer function_count = (lua_Integer)lua_rawlen(L, functions);
	lua_Integer fixed = lua_tointeger(L, 4); /* the pool's fixed values, then POOL_SLOTS results */
	lua_pop(L, 1);
	lua_sethook(L, count_instructions, LUA_MASKCOUNT, 1000);

	size_t at = 0, calls = 0, results = 0;
	while (at + 3 <= size && calls++ < MAX_CALLS) {
		uint8_t op = data[at];
		lua_Integer size_now = fixed + (lua_Integer)(results < POOL_SLOTS ? results : POOL_SLOTS);
		if (op >= 0xf0) { /* housekeeping: close, __gc by hand, or collect */
			lua_geti(L, pool, 1 + (lua_Integer)data[at + 1] % size_now);
			int target = lua_gettop(L);
			if (op == 0xf0 || op == 0xf1) {
				const char *field = op == 0xf0 ? "__close" : "__gc";
				if (lua_type(L, target) == LUA_TUSERDATA && luaL_getmetafield(L, target, field) != LUA_TNIL) {
					lua_pushvalue(L, target);
					lua_pushnil(L);
					if (lua_pcall(L, 2, 0, 0) != LUA_OK)
						lua_pop(L, 1);
				}
			} else {
				lua_gc(L, LUA_GCCOLLECT);
			}
			lua_settop(L, pool);
			at += 2;
			continue;
		}
		lua_Integer pick = ((lua_Integer)data[at] << 8 | data[at + 1]) % function_count;
		int argc = data[at + 2] % 6;
		at += 3;
		lua_geti(L, functions, 1 + pick);
		lua_geti(L, -1, 2);
		lua_remove(L, -2);
		for (int i = 0; i < argc; i++) { /* one past the pool is nil */
			lua_Integer slot = at < size ? (lua_Integer)data[at++] % (size_now + 1) : 0;
			if (slot == size_now)
				lua_pushnil(L);
			else
				lua_geti(L, pool, 1 + slot);
		}
		b.instructions = 0;
		if (lua_pcall(L, argc, 2, 0) != LUA_OK) {
			lua_pop(L, 1); /* any Lua error is an answer */
			continue;
		}
		for (int k = 0; k < 2; k++) { /* the results become arguments of later calls */
			if (lua_isnil(L, -2 + k))
				continue;
			lua_pushvalue(L, -2 + k);
			lua_seti(L, pool, fixed + 1 + (lua_Integer)(results++ % POOL_SLOTS));
		}
		lua_pop(L, 2);
	}
	lua_sethook(L, NULL, 0, 0);
	b.instructions = 0;
	check_square(L, data + (size > 32 ? size - 32 : 0), size > 32 ? 32 : size);
	lua_close(L);
	return 0;
}
