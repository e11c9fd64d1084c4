#!/bin/sh
# The 2D lessons (scripts/2d/covering.lua, tritree.lua, circle_polygon.lua, polygon_polygon.lua,
# grid.lua), the 3D ones (scripts/3d/covering3d.lua, tetratree.lua, sphere_mesh.lua, mesh_mesh.lua, bvh.lua)
# the convex ones (scripts/convex/gjk2d.lua, gjk3d.lua, boxtree.lua, contacts.lua) and the conformal
# ones (scripts/cga/meet.lua, versors.lua, mesh_query.lua, with their 3D drag) and the GPU one
# (scripts/gpu/rain.lua, on the CPU fallback where there is no device) run headless:
# each must exit 0 and write a PNG of the size asked for, first as the docs render it (no input), then driven by
# synthetic events: a Lua harness loads the lesson and, frame by frame, presses the mouse, drags,
# releases, turns the wheel and presses every key the lessons know (and a few they do not), several
# times over, so every state a key leads to is drawn once.
# A script error anywhere makes the host exit 1 and the test fail.
# Skipped (77) when no headless GL context can be made.
# Usage: lessons_test.sh COLLIDE_BINARY SOURCE_DIR WORK_DIR [PART]
# PART: events (the lessons as the docs render them and driven by the events), forms (the steps,
# kinds, sweeps, drags and argument forms), or all (the default); ctest runs the two parts side by
# side. make test-long (COLLIDE_LONG_TESTS set and not 0) draws every key press of the events in a
# frame of its own and runs every kind-by-kind combination.
set -u

collide=$1 source_dir=$2 work_dir=$3 which=${4:-all}
mkdir -p "$work_dir"
failures=0

case "${COLLIDE_LONG_TESTS:-0}" in
'' | 0) long=false ;;
*) long=true ;;
esac

# part NAME: whether this run does that part
part() {
	[ "$which" = all ] || [ "$which" = "$1" ]
}

finish() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures lesson check(s) failed"
		exit 1
	fi
	echo "all lesson checks passed"
	exit 0
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# PNG width and height from the IHDR chunk (big-endian at bytes 16..23).
png_size() {
	od -An -tu1 -j16 -N8 "$1" 2>/dev/null |
		awk '{ printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4, (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}

# run NAME SIZE SCRIPT [ARGS...]: headless, 3 frames unless ARGS say otherwise; checks status and PNG
run() {
	name=$1 size=$2 script=$3
	shift 3
	png="$work_dir/lesson_$name.png"
	rm -f "$png"
	# (--budget 60: a sanitizer build on a busy machine may take seconds a frame; test_host checks
	# the watchdog itself)
	"$collide" "$script" --headless --frames "${FRAMES:-3}" --size "$size" --screenshot "$png" --budget 60 "$@" \
		> "$work_dir/lesson_$name.out" 2> "$work_dir/lesson_$name.err"
	status=$?
	if [ "$status" -eq 3 ]; then
		echo "skipped: no headless GL context ($(cat "$work_dir/lesson_$name.err"))"
		exit 77
	fi
	if [ "$status" -ne 0 ]; then
		fail "$name: exit status $status"
		sed 's/^/    /' "$work_dir/lesson_$name.err"
		return
	fi
	if [ ! -s "$png" ]; then
		fail "$name: no picture written to $png"
		return
	fi
	got=$(png_size "$png")
	[ "$got" = "$size" ] || fail "$name: picture is $got, expected $size"
	echo "ok: $name ($got)"
}

# The harness: loads the lesson named by its second argument (the rest go to the lesson; the first
# is the frames the host runs) and feeds it events from inside update, the way the host feeds them
# before each frame: a drag, the wheel, then every key of KEYS, ROUNDS times over.
harness="$work_dir/lesson_harness.lua"
cat > "$harness" << 'EOF'
local args = { ... }
local FRAMES = assert(math.tointeger(tonumber(args[1])), "the harness wants the host's --frames first")
-- the lesson's own directory first on package.path, as the host does for the script it runs
package.path = (args[2]:match("^(.*)/") or ".") .. "/?.lua;" .. package.path
local chunk = assert(loadfile(args[2]))
chunk(table.unpack(args, 3))
local KEYS = { "s", "m", "c", "t", "+", "=", "-", "keypad_+", "keypad_-", "[", "]", "l", "f", "r", "e",
	"space", "n", "n", "n", "n", "n", "n", "n", "n", "n", "n", "n", "n", "n", "n", "b", "backspace", "x", "0",
	"a", "q", "e", "left", "right", "o", "p", "g", "z", "1", "escape", "return", "f5", "-", "-", "-" }
local ROUNDS = 7
local EVERY_KEY_DRAWN = false

-- What the lesson's callbacks reach through their upvalues: its booleans, strings and integers, in
-- functions and in small tables of no functions (settings, not geometry or modules).
local CALLBACKS = { "keypressed", "update", "draw", "mousepressed", "mousemoved", "mousereleased", "wheelmoved" }
local lesson = {}
for _, name in ipairs(CALLBACKS) do lesson[name] = _G[name] end
local function by_name(a, b)
	if type(a) == type(b) then return a < b end
	return type(a) == "number"
end
local function snapshot()
	local values, seen = {}, {}
	local function walk(v, path, depth, table_depth)
		local t = type(v)
		if t == "boolean" or t == "string" or math.type(v) == "integer" then
			values[path] = v
		elseif seen[v] then
			return
		elseif t == "function" and depth < 5 then
			seen[v] = true
			local i = 1
			while true do
				local name, x = debug.getupvalue(v, i)
				if not name then break end
				if name ~= "_ENV" then walk(x, path .. "." .. name, depth + 1, 0) end
				i = i + 1
			end
		elseif t == "table" and table_depth < 2 then
			seen[v] = true
			local keys = {}
			for k, x in pairs(v) do
				if #keys == 16 or type(x) == "function" then return end
				keys[#keys + 1] = k
			end
			table.sort(keys, by_name)
			for _, k in ipairs(keys) do walk(v[k], path .. "." .. tostring(k), depth, table_depth + 1) end
		end
	end
	for _, name in ipairs(CALLBACKS) do walk(lesson[name], name, 0, 0) end
	return values
end

-- The state the keys led to: each value as the last key press that changed it left it (what the
-- lesson then changes by itself, an animation, a clamp, a counter, is not a key's doing). A key
-- press gets a frame of its own when it leads to a state not drawn before; otherwise the next key
-- follows in the same frame. So every state the rounds reach is drawn, in a fraction of the frames
-- (make test); make test-long draws every key press in a frame of its own, as a player would.
local key_state, key_names, drawn_states = {}, {}, {}
local function press(key)
	if EVERY_KEY_DRAWN then
		keypressed(key, false)
		return true
	end
	local before = snapshot()
	keypressed(key, false)
	for name, value in pairs(snapshot()) do
		if before[name] ~= value then
			if key_state[name] == nil then key_names[#key_names + 1] = name end
			key_state[name] = value
		end
	end
	local parts = {}
	for i, name in ipairs(key_names) do parts[i] = tostring(key_state[name]) end
	local state = table.concat(parts, "\0")
	local new = not drawn_states[state]
	drawn_states[state] = true
	return new
end

local frame, sent, drawn = 0, 0, 0
local draw_this = true
local lesson_quit = quit
function quit()
	if lesson_quit then lesson_quit() end
	print(("harness: %d frames, %d key presses, %d frames drawn"):format(frame, sent, drawn))
end
function update(dt)
	frame = frame + 1
	-- a drag across the view, far outside it, and back
	if frame == 2 and mousepressed then mousepressed(0.5, 0.5, 1) end
	if frame >= 2 and frame <= 8 and mousemoved then
		mousemoved(0.5 + frame * 0.4, 0.5 - frame * 0.3, 0.4, -0.3)
	end
	if frame == 6 and mousemoved then mousemoved(1e4, -1e4, 1e4, -1e4) end
	if frame == 9 and mousereleased then mousereleased(1.0, -1.0, 1) end
	if frame == 10 and mousepressed then mousepressed(-2, 1.5, 1) mousereleased(-2, 1.5, 1) end
	if frame == 11 and wheelmoved then
		for _ = 1, 40 do wheelmoved(0, 1) end
	end
	if frame == 12 and wheelmoved then
		for _ = 1, 80 do wheelmoved(0, -1) end
	end
	-- (the last frame is always drawn: the picture; so are the frames after the last key press
	-- when every key press has its own)
	draw_this = frame <= 12 or frame == FRAMES or (EVERY_KEY_DRAWN and sent == ROUNDS * #KEYS)
	while frame > 12 and keypressed and sent < ROUNDS * #KEYS and not draw_this do
		-- the last round with the query object far outside everything (empty traces, no cell),
		-- drawn at once
		local outside = sent == (ROUNDS - 1) * #KEYS + 1 and mousepressed -- after the round's "s"
		if outside then
			mousepressed(500, -700, 1)
			mousereleased(500, -700, 1)
		end
		sent = sent + 1
		draw_this = press(KEYS[(sent - 1) % #KEYS + 1]) or outside
	end
	if draw_this then
		drawn = drawn + 1
		if lesson.update then lesson.update(dt) end
	end
end
function draw(g)
	if draw_this and lesson.draw then lesson.draw(g) end
end
EOF
# Every key is pressed in each of seven rounds, so the rounds after the first reach the states that
# depend on what came before (a shape after n presses of "n", a mode after "m"). make test draws
# each state they reach once; make test-long (COLLIDE_LONG_TESTS) every key press.
# The sanitizer build (LESSONS_SCOPE=sanitizer, set by tests/viewer/CMakeLists.txt), where every
# frame costs ten times more and the normal build has drawn everything below once: the keys of two
# rounds; no separate 960x640 render of each lesson (its events run's first frame draws the same
# state); the sweeps and paths over 20 frames instead of 60.
rounds=7 sweep_frames=60 docs_render=true
if [ "${LESSONS_SCOPE:-full}" = sanitizer ]; then
	rounds=2 sweep_frames=20 docs_render=false
fi
if $long; then
	sed -i "s/^local EVERY_KEY_DRAWN = false\$/local EVERY_KEY_DRAWN = true/" "$harness"
	rounds=7
fi
sed -i "s/^local ROUNDS = 7\$/local ROUNDS = $rounds/" "$harness"
events_frames=$((12 + rounds * 50 + 2))
events_keys=$((rounds * 50))

# events NAME SCRIPT [ARGS...]: the lesson driven by the harness; every frame run, every key pressed
events() {
	events_name=$1 # (run sets $name)
	shift
	FRAMES=$events_frames run "$events_name" 240x160 "$harness" "$events_frames" "$@"
	grep -q "harness: $events_frames frames, $events_keys key presses" "$work_dir/lesson_$events_name.out" ||
		fail "$events_name: the harness did not run every frame: $(cat "$work_dir/lesson_$events_name.out")"
}

# lessons DIR NAME...: each lesson as the docs render it, then driven by the events harness.
lessons() {
	dir=$1
	shift
	for lesson in "$@"; do
		script="$source_dir/scripts/$dir/$lesson.lua"
		if [ ! -f "$script" ]; then
			fail "$lesson: $script is missing"
			continue
		fi
		$docs_render && run "$lesson" 960x640 "$script"
		events "${lesson}_events" "$script"
	done
}
if part events; then
	lessons 2d covering tritree circle_polygon polygon_polygon grid
	lessons 3d covering3d tetratree sphere_mesh mesh_mesh bvh
	lessons convex gjk2d gjk3d boxtree contacts
	lessons cga meet versors mesh_query
	lessons gpu rain
	# contacts.lua again in its 2D mode (the drag moves shapes and handles there)
	events contacts_events_2d "$source_dir/scripts/convex/contacts.lua" dim=2
fi

# combos A_LIST B_LIST: the pairs "a:b" to run. make test (both builds): each value of both lists
# once, paired along a rotating diagonal, so every kind is drawn as the first and as the second of
# a pair, in a fifth of the runs; make test-long: every pair.
combos() {
	if $long; then
		for a in $1; do for b in $2; do echo "$a:$b"; done; done
		return
	fi
	set -- "$1" "$2" "$(echo $1 | wc -w)" "$(echo $2 | wc -w)"
	count=$3
	[ "$4" -gt "$count" ] && count=$4
	i=0
	while [ "$i" -lt "$count" ]; do
		a=$(echo $1 | tr ' ' '\n' | sed -n "$((i % $3 + 1))p")
		b=$(echo $2 | tr ' ' '\n' | sed -n "$((i % $4 + 1))p")
		echo "$a:$b"
		i=$((i + 1))
	done
}

part forms || finish

# meet.lua: every step of its lesson, every kind against every kind (test-long; make test: every kind
# on either side), and the sweep.
for step in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
	run "meet_step$step" 320x240 "$source_dir/scripts/cga/meet.lua" step=$step
done
for pair in $(combos "sphere plane line circle pair point" "plane line circle pair point sphere"); do
	a=${pair%:*} b=${pair#*:}
	run "meet_${a}_$b" 160x120 "$source_dir/scripts/cga/meet.lua" a=$a b=$b at=0.4,0.3,0.2 keys=j,i
done
FRAMES=$sweep_frames run meet_sweep 320x240 "$source_dir/scripts/cga/meet.lua" keys=t,tab,b,b

# versors.lua: every step, every versor on every kind (test-long; make test: every versor and every
# kind) (with the keys the harness does not press:
# v next versor, j / i / k the axis), and the sweep.
for step in 1 2 3 4 5 6; do
	run "versors_step$step" 320x240 "$source_dir/scripts/cga/versors.lua" step=$step
done
for pair in $(combos "sphere plane line circle pair point" "translator rotor motor dilator reflect"); do
	kind=${pair%:*} versor=${pair#*:}
	run "versors_${kind}_$versor" 160x120 "$source_dir/scripts/cga/versors.lua" step=6 kind=$kind \
		versor=$versor keys=j,i,k,+,v
done
FRAMES=$sweep_frames run versors_sweep 320x240 "$source_dir/scripts/cga/versors.lua" step=3 keys=space,v,l

# mesh_query.lua: every query kind and mesh (every pair in test-long), both methods and modes, and
# the sweep.
for pair in $(combos "segment triangle sphere mesh" "bumpy icosphere torus box"); do
	query=${pair%:*} mesh=${pair#*:}
	run "mesh_query_${query}_$mesh" 160x120 "$source_dir/scripts/cga/mesh_query.lua" query=$query mesh=$mesh \
		keys=j,i,+,c,m
done
run mesh_query_args 320x240 "$source_dir/scripts/cga/mesh_query.lua" query=triangle mode=solid method=euclidean \
	mesh=torus at=1.1,0,0.2 size=0.3 keys=j,i,+,c,m
FRAMES=$sweep_frames run mesh_query_sweep 320x240 "$source_dir/scripts/cga/mesh_query.lua" query=mesh keys=t

# The CGA lessons' 3D drag (tests/viewer/drag3d.lua): a press beside a centre takes the drag from the
# camera, the object follows the mouse at its depth and the lesson redraws around it; a press away from
# every centre is left to the camera.
drag() {
	drag_name=drag_$1 want=$2 # (run sets $name)
	shift 2
	FRAMES=4 run "$drag_name" 320x240 "$source_dir/tests/viewer/drag3d.lua" "$@"
	grep -q "drag3d: handle $want from" "$work_dir/lesson_$drag_name.out" ||
		fail "$drag_name: no drag of handle $want: $(cat "$work_dir/lesson_$drag_name.out")"
}
drag meet_b 2 "$source_dir/scripts/cga/meet.lua" handle=1,0,0
drag meet_a 1 "$source_dir/scripts/cga/meet.lua" step=6 handle=0,0,0
drag versors 1 "$source_dir/scripts/cga/versors.lua" step=2 handle=1.5,0,0
drag versors_a 2 "$source_dir/scripts/cga/versors.lua" step=6 handle=0,0,0
drag mesh_query 1 "$source_dir/scripts/cga/mesh_query.lua" handle=0.85,0.3,0.25
drag mesh_query_mesh 1 "$source_dir/scripts/cga/mesh_query.lua" query=mesh mesh=torus handle=0.85,0.3,0.25

# rain.lua: every response and mesh (every pair in test-long; the CPU fallback here, unless the
# machine has a CUDA device).
for pair in $(combos "reflect stick none" "torus bumpy box"); do
	response=${pair%:*} mesh=${pair#*:}
	FRAMES=20 run "rain_${response}_$mesh" 160x120 "$source_dir/scripts/gpu/rain.lua" response=$response mesh=$mesh \
		count=3000
done

# The argument forms the docs use.
run covering_args 320x240 "$source_dir/scripts/2d/covering.lua" shape=star method=star at=0.4,2.9 inspect=3 cache=off
run tritree_args 320x240 "$source_dir/scripts/2d/tritree.lua" shape=comb depth=3 fit=0 level=2 step=6 show=raw,circles,envelope,nofitted
run circle_args 320x240 "$source_dir/scripts/2d/circle_polygon.lua" shape=spiral r=0.8 at=1,1 area=extended keys=x
run polygon_args 320x240 "$source_dir/scripts/2d/polygon_polygon.lua" preset=3 method=cone_list angle=30 a=holes b=bar
run grid_args 320x240 "$source_dir/scripts/2d/grid.lua" shape=holes kind=quadtree at=0,0
run covering3d_args 320x240 "$source_dir/scripts/3d/covering3d.lua" mesh=torus origin=outside probe=3 shown=40 step=2 cache=off keys=p,up,pageup,c,w,down,pagedown,a
run tetratree_args 320x240 "$source_dir/scripts/3d/tetratree.lua" mesh=two_boxes depth=3 fit=0 min=2 level=2 cone=5 step=4 show=sphere,envelope,nofitted,solid keys=g,o,p,l,w,down,pagedown
run sphere_mesh_args 320x240 "$source_dir/scripts/3d/sphere_mesh.lua" mesh=hollow_ball at=0.1,0.2,0 r=0.2 mode=ray dir=30,-20 cache=off show=solid,noinfluence,nonearest keys=j,i,+,pageup,a,n,c
FRAMES=$sweep_frames run sphere_mesh_path 320x240 "$source_dir/scripts/3d/sphere_mesh.lua" mesh=two_boxes path=on keys=r,-,-
run mesh_mesh_args 320x240 "$source_dir/scripts/3d/mesh_mesh.lua" mesh=hollow_ball other=box at=0,0,0 turn=30,20 size=1 method=cone_list show=solid,noreached keys=m,b,+,-,q,z,k,a,w,up,pageup
FRAMES=$sweep_frames run mesh_mesh_path 320x240 "$source_dir/scripts/3d/mesh_mesh.lua" mesh=torus other=icosphere path=on keys=s,m
run bvh_args 320x240 "$source_dir/scripts/3d/bvh.lua" mode=pair mesh=hollow_ball other=icosphere leaf=1 depth=40 at=0.75,0.1,0 turn=30,20 size=2 show=nested,solid,noboxes,novisited,nocontacts keys=],[,n,o,a,k,l,q,x,+,-,up,pagedown
FRAMES=$sweep_frames run bvh_path 320x240 "$source_dir/scripts/3d/bvh.lua" mesh=two_boxes path=on r=0.3 keys=p,l
run gjk2d_args 320x240 "$source_dir/scripts/convex/gjk2d.lua" a=circle b=capsule at=-1,0.5 angle=40 step=9 mode=paper keys=n,b,x,r,q,e,s,o,p
run gjk2d_overlap 320x240 "$source_dir/scripts/convex/gjk2d.lua" a=square b=rounded_triangle at=-2.8,0 step=2
run gjk3d_args 320x240 "$source_dir/scripts/convex/gjk3d.lua" a=cylinder b=sphere at=-0.6,0.2,0.1 turn=10,50 phase=epa step=3 keys=n,b,x,r,left,pageup,q,z,s,o,k
run gjk3d_epa 320x240 "$source_dir/scripts/convex/gjk3d.lua" at=-1.0,0.4,0.2 turn=30,35 phase=epa step=2
FRAMES=$sweep_frames run gjk3d_path 320x240 "$source_dir/scripts/convex/gjk3d.lua" a=octahedron b=capsule path=on keys=x
run boxtree_args 320x240 "$source_dir/scripts/convex/boxtree.lua" shape=octahedron other=prism depth=5 level=3 centroid=volume root=pca show=noouter,noinner,nopieces keys=],[,+,-,c,f,o,n,w
run boxtree_pair 320x240 "$source_dir/scripts/convex/boxtree.lua" mode=pair at=2.0,0.6,0.25 turn=30,20 leaf=paper descent=larger keys=l,d,i,left,pageup,q,z,b
# contacts.lua: its modes and arguments: 3D and 2D manifolds with a margin and the general path,
# rays that hit and miss, casts that hit, miss and start touching, and the animations.
contacts="$source_dir/scripts/convex/contacts.lua"
run contacts_args 320x240 "$contacts" a=cylinder b=cone at=0.1,0.8,-0.2 turn=10,30 margin=0.3 general=on \
	keys=g,+,-,=,s,o,q,z,up,pageup,d,d
run contacts_margin 320x240 "$contacts" margin=0.3
run contacts_2d 320x240 "$contacts" dim=2 a=circle b=capsule at=0.2,0.5 angle=30 margin=0.2 keys=s,o,q,e,left,up,g
run contacts_ray 320x240 "$contacts" mode=ray a=cone b=sphere from=-2,1.5,1 dir=1,-0.5,-0.5 keys=[,],.,left
run contacts_ray_miss 320x240 "$contacts" mode=ray dir=-1,0,0
run contacts_ray_2d 320x240 "$contacts" dim=2 mode=ray from=-4,0.5 dir=1,-0.2 keys=[,],d,d
run contacts_cast 320x240 "$contacts" mode=cast a=polytope b=cylinder at=1.9,1.9,0.4 motion=-2.9,-1.65,-0.95 \
	keys=],.,m,m
run contacts_cast_touching 320x240 "$contacts" mode=cast at=0,0.5,0
run contacts_cast_2d 320x240 "$contacts" dim=2 mode=cast b=circle motion=-4.6,-2.2 keys=o,s,[
FRAMES=$sweep_frames run contacts_path 320x240 "$contacts" a=sphere b=box path=on
FRAMES=$sweep_frames run contacts_path_2d 320x240 "$contacts" dim=2 mode=cast path=on keys=r

finish
