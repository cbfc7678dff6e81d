#!/bin/sh
# tmux-demo.sh: play a short 5050 game in the terminal UI inside tmux, for a
# quick manual check of the screens. It prints the screen after each step.
#
#   scripts/tmux-demo.sh            # runs the demo, prints the screens, cleans up
#   KEEP=1 scripts/tmux-demo.sh     # leaves the session open: tmux attach -t wb-demo
#
# Needs tmux (Debian/Ubuntu: apt-get install -y tmux) and Go.
set -eu

command -v tmux >/dev/null 2>&1 || { echo "tmux-demo: tmux is missing (apt-get install -y tmux)" >&2; exit 2; }
cd "$(dirname "$0")/.."

session=wb-demo
dir=$(mktemp -d)
bin="$dir/wuerfelblock"
db="$dir/demo.db"
go build -o "$bin" ./cmd/wuerfelblock

tmux kill-session -t "$session" 2>/dev/null || true
tmux new-session -d -s "$session" -x 80 -y 24 "LANG=de_DE.UTF-8 $bin --db $db"

cleanup() {
	if [ "${KEEP:-}" = "" ]; then
		tmux kill-session -t "$session" 2>/dev/null || true
		rm -rf "$dir"
	fi
}
trap cleanup EXIT

# step WHAT KEYS...: send keys, wait until the screen settles, print it.
step() {
	what=$1
	shift
	for k in "$@"; do
		tmux send-keys -t "$session" "$k"
	done
	prev=""
	i=0
	while [ $i -lt 50 ]; do # the screen is stable for 0.1 s, or 5 s passed
		sleep 0.1
		cur=$(tmux capture-pane -p -t "$session")
		[ "$cur" = "$prev" ] && break
		prev=$cur
		i=$((i + 1))
	done
	printf '\n=== %s ===\n%s\n' "$what" "$cur"
}

step "home" ""
step "new game: 5050" n 1
step "players" Tab
step "two players, start" Anna Enter Bob Enter Enter
step "Anna throws 111523" 111523 Enter
step "Anna keeps a (1 1 1 5)" a
step "Anna stops" s
step "Bob: street 1500" 123456 Enter a
step "Bob may not stop yet" s
step "Bob confirms with 1 1 1" 111234/111 Enter
step "Bob stops" s
step "Anna busts" 234623 Enter
step "undo the bust" u
step "help" '?'
step "close help" Escape
step "leave the game (asks first)" q
step "leave: the game is saved" Tab Enter

if [ "${KEEP:-}" != "" ]; then
	echo "The session is still running: tmux attach -t $session (database $db)"
fi
