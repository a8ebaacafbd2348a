#!/usr/bin/env bash
# Record real programs (vim, less, htop, git log --graph, CJK text) in a fixed-size tmux pane
# with the shared `record` tool (tmux pipe-pane, TERM=xterm-256color), then run xterm on each
# recording.  usage: programs.sh DEST [NAME...]
#   DEST = Tests/VeilScreenTests/Fixtures/xterm/programs
# Writes DEST/NAME.bin (the bytes the program wrote), DEST/NAME.size ("COLS ROWS"),
# DEST/NAME.xterm, DEST/NAME.json and DEST/NAME.attrs.json.  Needs vim, less, htop, git, tmux, xterm, Xvfb
# (apt-get install vim less htop git tmux xterm xvfb).  Recordings of live programs (htop)
# differ on every run; the goldens always match the committed .bin.  htop is limited to its
# own processes (-p) so the recording does not capture the machine's process list.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DEST=$(mkdir -p "$1" && cd "$1" && pwd); shift
ONLY=" $* "
RECORD=${RECORD:-$here/../../../shared/tools/oracles/record}
[ -x "$RECORD" ] || RECORD=/work/shared/tools/oracles/record
W=/tmp/veil-rec   # fixed path: it shows up in vim/less status lines
rm -rf "$W"; mkdir -p "$W"
trap 'rm -rf "$W"' EXIT
export LANG=C.UTF-8 LC_ALL=C.UTF-8

# ---- inputs (deterministic)
python3 - "$W" <<'PY'
import sys, os
w = sys.argv[1]
with open(os.path.join(w, "long.txt"), "w") as f:
    for i in range(1, 301):
        f.write("line %03d: the quick brown fox jumps over the lazy dog %s\n" % (i, "." * (i % 23)))
with open(os.path.join(w, "cjk.txt"), "w") as f:
    f.write("中文：终端模拟器测试，宽字符占两列。\n"
            "日本語：ターミナルの表示テスト、ひらがなとカタカナ。\n"
            "한국어: 터미널 화면 테스트, 한글 음절.\n"
            "mixed: ASCII 和 中文 and 日本語 and 한국어 end\n"
            "全角ＡＢＣ１２３ and half-width ｱｲｳ\n")
    for i in range(1, 31):
        f.write("%02d 第%d行 テスト 행%d 漢字かな한글 ok\n" % (i, i, i))
with open(os.path.join(w, "demo.py"), "w") as f:
    f.write('#!/usr/bin/env python3\n"""Demo module for syntax colours."""\nimport os\n\n\n'
            'class Greeter:\n    def __init__(self, name: str) -> None:\n        self.name = name  # comment\n\n'
            '    def greet(self, times=3):\n        for i in range(times):\n'
            '            print(f"Hello {self.name} #{i}")\n        return None\n\n\n'
            'if __name__ == "__main__":\n    Greeter(os.environ.get("USER", "world")).greet()\n')
with open(os.path.join(w, "vimkeys"), "w") as f:
    f.write("iHello from Veil.\rSecond line: 中文 text.\rThird line\x1b:set nu\rggyy3pGo-- end --\x1bgg0w")
PY
R="$W/repo"
git init -q -b main "$R"
gc() { GIT_AUTHOR_NAME=Dev GIT_AUTHOR_EMAIL=dev@example.com GIT_COMMITTER_NAME=Dev GIT_COMMITTER_EMAIL=dev@example.com \
       GIT_AUTHOR_DATE="2024-01-0$1T12:00:00Z" GIT_COMMITTER_DATE="2024-01-0$1T12:00:00Z" git -C "$R" "${@:2}"; }
echo a > "$R/a"; gc 1 add a; gc 1 commit -qm "Initial commit"
gc 2 checkout -qb feature; echo b > "$R/b"; gc 2 add b; gc 2 commit -qm "Add feature b"
echo c > "$R/c"; gc 3 add c; gc 3 commit -qm "Feature: c file"
gc 3 checkout -q main; echo a2 >> "$R/a"; gc 4 commit -qam "Fix typo in a"
gc 5 merge -q --no-ff -m "Merge branch 'feature'" feature
gc 5 checkout -qb topic; echo t > "$R/t"; gc 6 add t; gc 6 commit -qm "Topic work"
gc 6 checkout -q main; echo a3 >> "$R/a"; gc 7 commit -qam "Release 1.0"; gc 7 tag v1.0
gc 8 merge -q --no-ff -m "Merge branch 'topic'" topic
for i in 1 2 3 4 5 6; do echo "$i" >> "$R/log"; gc 9 add log; gc 9 commit -qm "Update log $i"; done

VIM="vim -u NONE -N -i NONE -n"
# name cols rows seconds command
CASES=(
  "vim_edit|80|24|4|$VIM -s $W/vimkeys $W/notes.txt"
  "vim_seq|80|24|3|$VIM -c 'set nu' -c 'r !seq 1 50' -c 'redraw' $W/x"
  "vim_syntax|100|30|3|$VIM -c 'syntax on' -c 'set nu' $W/demo.py"
  "less_long|80|24|3|less -N $W/long.txt"
  "less_search|80|24|3|less '+/fox jumps over the lazy dog \\.\\.\\.\\.\\.' $W/long.txt"
  "htop|120|30|4|sh -c 'sleep 300 & a=\$!; sleep 301 & b=\$!; exec htop -d 10 -t -p \$\$,\$a,\$b'"
  "git_log_graph|100|30|2|sh -c 'GIT_PAGER=cat git -C $R log --graph --color=always --decorate --all --format=\"%h %d %s\"; sleep 30'"
  "git_log_less|100|24|3|sh -c 'GIT_PAGER=\"less -R\" git -C $R log --graph --color=always --decorate --all --stat'"
  "cjk_cat|60|16|2|sh -c 'cat $W/cjk.txt; sleep 30'"
  "cjk_less|60|16|3|less $W/cjk.txt"
  "cjk_vim|60|16|3|$VIM $W/cjk.txt"
  "ls_color|100|30|2|sh -c 'ls -la --color=always --time-style=+ /usr/share/doc/git | head -40; sleep 30'"
)
for c in "${CASES[@]}"; do
  IFS='|' read -r name cols rows secs cmd <<<"$c"
  [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $name "* ]] || continue
  (cd "$W" && "$RECORD" "$DEST/$name.bin" "$cols" "$rows" "$secs" "$cmd") || true
  printf '%s %s\n' "$cols" "$rows" > "$DEST/$name.size"
  n=$(stat -c %s "$DEST/$name.bin")
  echo "$name: $n bytes"
  [ "$n" -gt 100 ] || { echo "$name: recording too small" >&2; exit 1; }
done
python3 "$here/xterm_print.py" --attrs "$DEST" "$@"
