#!/usr/bin/env bash
# Checks an HTML report of `layoutbench report --format html` (or compare/gate --format html) in a real browser:
# headless Chromium loads it, writes a PNG screenshot, and dumps the DOM it built. The check fails when
#   - the browser logs any console message (the report has no scripts, so any message is an error: a script that
#     got in, a resource it could not load),
#   - the page references anything over the network (a script, style sheet, image or frame with an http(s) URL),
#   - the page has no chart, or a chart is an empty SVG,
#   - a chart's data points are missing: each <svg class="chart"> declares in data-points how many data markers
#     (elements of class "point") it draws, and the DOM must hold exactly that many, at least one,
#   - a frame-time distribution with a hitch ratio does not show Apple's hitch band: its word (good, warning or
#     critical) in its title and the coloured band elements (class "band"),
#   - a scaling chart of frame time or prepare time has no band drawn (Apple's hitch bands and hang verdicts, class
#     "band"), or none of the bands' words,
#   - a chart kind asked for with --require KIND (such as `timeline`, the timeline strip) is missing.
# Chromium (Debian's `chromium` package) is installed by scripts/ensure-system-packages.sh --with-chromium when
# missing.
#
# Usage: scripts/check-report.sh [--require KIND ...] REPORT.html [PNG]
#                                                         check one report (PNG default: REPORT.png)
#        scripts/check-report.sh --self-test REPORT.html  check REPORT, then break it three ways (a chart loses a
#                                                         point, an empty chart, a console error; a fourth, the
#                                                         scaling charts without their bands, when it has any)
#                                                         and require each broken copy to fail
set -euo pipefail
here=$(pwd)
cd "$(dirname "$0")/.."

usage() { echo "usage: $0 [--self-test] [--require KIND ...] REPORT.html [PNG]" >&2; exit 2; }

self_test=0
required=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --self-test) self_test=1; shift ;;
        --require) [[ $# -ge 2 ]] || usage; required+=("$2"); shift 2 ;;
        *) break ;;
    esac
done
[[ $# -ge 1 && $# -le 2 ]] || usage
# Paths are the caller's, relative to where the script was started.
absolute() { [[ $1 == /* ]] && echo "$1" || echo "$here/$1"; }
report=$(absolute "$1")
[[ -f $report ]] || { echo "check-report: no such file: $1" >&2; exit 2; }

bash scripts/ensure-system-packages.sh --with-chromium
browser=$(command -v chromium || command -v chromium-browser || true)
[[ -n $browser ]] || { echo "check-report: chromium not found after installing it" >&2; exit 1; }

# check REPORT PNG: exit 0 when the report passes, 1 with the problems listed on stderr.
check() {
    local file png profile dom log
    file=$(realpath "$1")
    png=$2
    profile=$(mktemp -d)
    dom=$(mktemp)
    log=$(mktemp)
    # Every host resolves to nothing, so a reference to the network fails instead of fetching.
    local flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile"
                 --enable-logging=stderr --v=0 --host-resolver-rules="MAP * ~NOTFOUND" --window-size=1280,2000)
    "$browser" "${flags[@]}" --screenshot="$png" "file://$file" >/dev/null 2>"$log.screenshot" || true
    "$browser" "${flags[@]}" --dump-dom "file://$file" >"$dom" 2>"$log" || true
    cat "$log.screenshot" >>"$log"
    local status=0
    python3 - "$dom" "$log" "$png" "${required[@]}" <<'PYTHON' || status=1
import html.parser, os, re, sys

dom_path, log_path, png_path = sys.argv[1:4]
required = sys.argv[4:]
problems = []
with open(log_path, errors="replace") as log:
    for line in log:
        if ":CONSOLE" in line:
            problems.append("console: " + line.split("] ", 1)[-1].strip())
if not os.path.exists(png_path) or os.path.getsize(png_path) == 0:
    problems.append("no screenshot was written")

class Charts(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.charts = []      # [kind, declared points, drawn points, child elements, title, band elements, texts]
        self.depth = 0        # nesting inside the current chart's <svg>
        self.external = []
        self.in_title = False
        self.in_text = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href"):
            if tag in ("script", "link", "img", "iframe", "source", "image") and re.match(r"(https?:)?//", a.get(key) or ""):
                self.external.append(f"<{tag} {key}={a[key]}>")
        if tag == "script":
            self.external.append("<script> (the report must have none)")
        if tag == "svg" and "chart" in (a.get("class") or "").split():
            self.charts.append([a.get("data-chart", "?"), a.get("data-points"), 0, 0, None, 0, []])
            self.depth = 1
            return
        if self.depth:
            if tag != "title":
                self.charts[-1][3] += 1
            elif self.depth == 1 and self.charts[-1][4] is None:
                self.in_title = True
                self.charts[-1][4] = ""
            classes = (a.get("class") or "").split()
            if "point" in classes:
                self.charts[-1][2] += 1
            if "band" in classes:
                self.charts[-1][5] += 1
            if tag == "text":
                self.in_text = True
                self.charts[-1][6].append("")
            self.depth += 1

    def handle_data(self, data):
        if self.in_title:
            self.charts[-1][4] += data
        elif self.in_text:
            self.charts[-1][6][-1] += data

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if tag == "text":
            self.in_text = False
        if self.depth:
            self.depth -= 1

parser = Charts()
with open(dom_path, errors="replace") as dom:
    text = dom.read()
parser.feed(text)
if "<html" not in text:
    problems.append("the browser produced no DOM")
problems += ["network reference: " + e for e in parser.external]
if not parser.charts:
    problems.append("no chart (<svg class=\"chart\">) in the page")
for index, (kind, declared, drawn, children, title, bands, texts) in enumerate(parser.charts, 1):
    label = f"chart {index} ({kind})"
    if children == 0:
        problems.append(f"{label}: empty SVG")
    elif declared is None or not declared.isdigit():
        problems.append(f"{label}: no data-points attribute")
    elif int(declared) == 0 or drawn == 0:
        problems.append(f"{label}: no data points")
    elif int(declared) != drawn:
        problems.append(f"{label}: {drawn} data points drawn, {declared} expected")
    if kind == "distribution" and "hitch ratio" in (title or ""):
        if not re.search(r"hitch ratio [0-9.]+ ms/s (good|warning|critical)", title):
            problems.append(f"{label}: a hitch ratio without its band's word: {title}")
        if bands == 0:
            problems.append(f"{label}: no hitch band drawn (class \"band\")")
    if kind == "scaling" and re.search(r" (frame|prepare) time against elements", title or ""):
        if bands == 0:
            problems.append(f"{label}: no Apple band drawn (class \"band\") on {title}")
        elif not {"good", "warning", "critical", "instant", "delayed", "hang"} & {t.strip() for t in texts}:
            problems.append(f"{label}: Apple's bands without their words on {title}")
for kind in required:
    if not any(chart[0] == kind for chart in parser.charts):
        problems.append(f"no {kind} chart, which --require asks for")
kinds = {}
for kind, _, drawn, _, _, _, _ in parser.charts:
    kinds.setdefault(kind, [0, 0])
    kinds[kind][0] += 1
    kinds[kind][1] += drawn
summary = ", ".join(f"{n} {k} ({p} points)" for k, (n, p) in sorted(kinds.items()))
if problems:
    for problem in problems[:40]:
        print(f"check-report: {problem}", file=sys.stderr)
    if len(problems) > 40:
        print(f"check-report: … and {len(problems) - 40} more", file=sys.stderr)
    sys.exit(1)
print(f"check-report: ok: {summary}; screenshot {png_path}")
PYTHON
    rm -rf "$profile" "$dom" "$log" "$log.screenshot"
    return $status
}

png=$(absolute "${2:-${report%.html}.png}")
check "$report" "$png"

if [[ $self_test == 1 ]]; then
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    # Three deliberately broken copies of the report; each must fail.
    python3 - "$report" "$scratch" <<'PYTHON'
import re, sys
source, scratch = sys.argv[1:3]
page = open(source, encoding="utf-8").read()
# 1. The first data point of the first chart is lost.
lost = re.sub(r'<path d="[^"]*"[^>]*class="point"[^>]*>(<title>[^<]*</title></path>)?', "", page, count=1)
assert lost != page, "the report has no data point to remove"
open(f"{scratch}/missing-point.html", "w", encoding="utf-8").write(lost)
# 2. An empty chart.
empty = page.replace("</body>", '<svg class="chart" data-chart="scaling" data-points="3"></svg></body>', 1)
open(f"{scratch}/empty-svg.html", "w", encoding="utf-8").write(empty)
# 3. A console error.
noisy = page.replace("</body>", "<script>console.error('deliberate error')</script></body>", 1)
open(f"{scratch}/console-error.html", "w", encoding="utf-8").write(noisy)
# 4. The scaling charts lose Apple's bands (the distributions keep theirs), when the report has a frame- or
#    prepare-time scaling chart.
def unbanded(match):
    return match.group(0).replace('class="band"', 'class="strip"')
bare = re.sub(r'<svg [^>]*data-chart="scaling".*?</svg>', unbanded, page, flags=re.S)
if bare != page:
    open(f"{scratch}/scaling-without-bands.html", "w", encoding="utf-8").write(bare)
PYTHON
    broken_copies=(missing-point empty-svg console-error)
    [[ -f $scratch/scaling-without-bands.html ]] && broken_copies+=(scaling-without-bands)
    for broken in "${broken_copies[@]}"; do
        if check "$scratch/$broken.html" "$scratch/$broken.png" 2>"$scratch/$broken.err"; then
            echo "check-report: self-test: the $broken report passed, but must fail" >&2
            exit 1
        fi
        echo "check-report: self-test: the $broken report fails as it must: $(head -1 "$scratch/$broken.err")"
    done
fi
