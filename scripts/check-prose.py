#!/usr/bin/env python3
"""Keeps the prose of README.md, Docs/*.md and the DocC catalogs' pages (Sources/*/*.docc/*.md)
honest where a machine can tell. Python 3.11 standard library only; reads files, runs nothing.

Usage: python3 scripts/check-prose.py [files…]     (from anywhere; paths are the repository's)

Checked by default: README.md, CHANGELOG.md (links and tracker references only: it records
history), Docs/*.md and Sources/*/*.docc/*.md.

Each problem is printed as `path:line: what is wrong`, and the script exits 1 if there is any.
A page added later (Docs/OpenAPI.md, say) is checked like the others, with no list to update.

1. Links. Every Markdown link `[text](target)` outside code: a relative target must name a file
   or folder of the repository, and an anchor (`Guide.md#some-heading`, `#some-heading`) must be
   the GitHub anchor of a heading of that page (lowercased, punctuation dropped, spaces to
   hyphens, `-1`, `-2`… for repeated headings). In a DocC page, `<doc:Name>` must name a guide of
   Docs/ (`NameGuide` for a guide renamed by scripts/docc-articles.py) or a page of its catalog.
   Links with a scheme (`https:`, `doc:`) and DocC's absolute `/documentation/…` paths are left
   to the web and to docc.

2. Step numbers. A guide whose headings are numbered (`## 1. Make a package`) has steps; they
   must run 1, 2, 3… A mention of `step 7` (also `steps 3, 4 and 6`, `steps 1–6`), in prose or in
   a code comment, must name a step that exists: in the guide a link of the same paragraph points
   to, or else in the page itself. And it must be the step its sentence talks about, as far as
   names tell: when the sentence names something in `inline code` or a file (`main.swift`) that
   other steps contain, one of the cited steps must contain one of those names ("step 7 replaces
   `Tests/…/GitHubDemoTests.swift`" fails when only step 8 mentions that file).

3. Figures from benchmark runs. A ratio figure in prose — a number followed by `×` (`5.13×`,
   `0.25×`), or by ` times the`/` times as` — or a throughput (`8,806 req/s`, `… requests per
   second`) must either
   a. come from the results file it summarises: a file `Benchmarks/results/<name>.md` (or `.json`,
      or `<name>.{json,md}`) named in the same paragraph, else in the same section, else anywhere
      on the page, must hold a ratio that rounds to the figure at the figure's precision (`5.1×`
      and `5.13×` both match `5.13×`; `0.25×` matches `0.248×`). A ratio of a results file is a
      number written there with `×`, or a median followed by its interquartile range
      (`1.052 (1.05–1.06)`); other numbers there (counts, times, the ranges) are not. A
      throughput may match any number of the file (`3,210 req/s` matches the table's `3210`); or
   b. say which run it comes from: the paragraph carries a date and a commit, written
      `(run of 2026-11-23 at d2790c0)` (any wording with an ISO date and `at <commit>`, or the
      results files' own `… Bricks <commit>` line, counts).
   A figure right after `≤`, `≥`, `<` or `>` is a target or a limit, not a measurement, and is
   not checked. Sizes and durations (MiB, µs) are not checked: a machine cannot tell a measured
   one from a limit or a file size (`a 1 MiB limit`, `a 100 MiB body`). A paragraph is a run of
   lines between blank lines; each list item and each table row is one of its own. Figures
   inside code blocks and `inline code` are not prose.

4. Tracker references. The reader has no issue tracker: `issue 14`, `issue #14`, `PR 12`, `pull
   request 3`, `ticket 9`, or a bare `#14` in prose, are refused. A link to a public tracker
   (`https://github.com/…/issues/14`) is a URL the reader can follow, and is left alone.

5. Code fences. A block opened by a fence is closed by a line holding only the fence (CommonMark:
   a closing fence takes no text after it); a fence line inside a block with text after it, or a
   block still open at the end of the page, would swallow the prose after it.
"""
import pathlib
import re
import sys
import unicodedata
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Pages that record history, each entry as of its own day: checked for links and tracker
# references, not for figures.
RECORDS = {"CHANGELOG.md"}

FENCE = re.compile(r"^[ \t]*(```|~~~)")
LINK = re.compile(r"(?<!!)\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
DOC_LINK = re.compile(r"<doc:([A-Za-z0-9_-]+)(?:#[^>]*)?>")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
STEP_HEADING = re.compile(r"^#{2,3}[ \t]+(\d+)\.[ \t]")
# `step 7`, `steps 3, 4 and 6`, `steps 1–6`; not a quantity (`largest step 1,248 KiB`).
STEP_MENTION = re.compile(
    r"\b[Ss]teps? (\d+)(?![.,]\d)((?:(?:,\s+|\s+and\s+|\s+or\s+|\s*[–-]\s*|\s+to\s+)\d+(?![.,]\d))*)\b"
    r"(?!\s?(?:[KMGT]i?B|bytes?|%|ms|µs|s)\b)")
RESULTS = re.compile(r"Benchmarks/results/([A-Za-z0-9_-]+)\.(md|json|\{json,md\}|\{md,json\})(?![\w.*{])")
FIGURE = re.compile(
    r"(?P<before>[≤≥<>]?\s?)(?P<low>\d[\d,]*(?:\.\d+)?)(?:\s?[–-]\s?(?P<high>\d[\d,]*(?:\.\d+)?))?"
    r"(?:\s?×|(?P<times> times (?:the|as)\b)|(?P<rate>\s?(?:req/s|requests per second)\b))")
RUN_DATE = re.compile(r"\b20\d\d-\d\d-\d\d")
RUN_COMMIT = re.compile(r"\b(?:at|Bricks) [0-9a-f]{7,40}\b")
# A ratio as a results file writes it: with `×`, or as a median followed by its interquartile range.
RATIO = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s?×| \(\d)")
NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")
TRACKER = re.compile(r"\b(?:issues?|PRs?|pull requests?|tickets?)\s+#?\d+\b", re.I)
BARE_NUMBER_REF = re.compile(r"(?<![\w&/#])#\d+\b")


def github_slug(heading):
    """The anchor GitHub gives a heading: lowercased, punctuation and symbols dropped (hyphens
    and underscores kept), spaces to hyphens. The same rule as scripts/docc-articles.py."""
    text = re.sub(r"[`*]", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    kept = "".join(c for c in text if c in "-_ " or not unicodedata.category(c).startswith(("P", "S")))
    return kept.replace(" ", "-")


class Page:
    """One Markdown file: its lines, which of them are code, its headings and anchors."""

    def __init__(self, path):
        self.path = path
        self.name = path.relative_to(ROOT).as_posix()
        self.text = path.read_text(encoding="utf-8")
        self.lines = self.text.split("\n")
        # Blank out HTML comments (hidden snippets, notes), keeping the line count.
        visible = HTML_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), self.text)
        self.visible = visible.split("\n")
        self.code = []
        fence = None
        for line in self.visible:
            match = FENCE.match(line)
            if fence is None and match:
                fence = match.group(1)
                self.code.append(True)
            elif fence is not None:
                self.code.append(True)
                if match and match.group(1) == fence:
                    fence = None
            else:
                self.code.append(False)
        self.anchors = set()
        self.headings = []  # (line index, level, text)
        counts = {}
        for index, line in enumerate(self.visible):
            if self.code[index]:
                continue
            match = HEADING.match(line)
            if not match:
                continue
            self.headings.append((index, len(match.group(1)), match.group(2)))
            slug = github_slug(match.group(2))
            seen = counts.get(slug, 0)
            counts[slug] = seen + 1
            self.anchors.add(slug if seen == 0 else f"{slug}-{seen}")
        self.steps = [int(m.group(1)) for i, _, _ in self.headings
                      if (m := STEP_HEADING.match(self.visible[i]))]
        # Each step's text (prose and code), from its heading to the next heading of its level.
        self.step_text, self.step_range = {}, {}
        for position, (line, level, _) in enumerate(self.headings):
            if not (match := STEP_HEADING.match(self.visible[line])):
                continue
            end = next((other for other, other_level, _ in self.headings[position + 1:] if other_level <= level),
                       len(self.lines))
            self.step_text[int(match.group(1))] = "\n".join(self.lines[line:end])
            self.step_range[int(match.group(1))] = range(line, end)

    def step_at(self, index):
        """The step whose section holds line `index`, or None."""
        return next((step for step, lines in self.step_range.items() if index in lines), None)

    def prose(self, index):
        """The line as a reader sees it in prose: comments blanked, inline code removed."""
        return INLINE_CODE.sub(lambda m: " " * len(m.group(0)), self.visible[index])

    def blocks(self):
        """Paragraphs of prose as lists of line indices: split at blank lines, headings, code, list
        items and table rows (each item and each row is a block of its own)."""
        block = []
        for index, line in enumerate(self.visible):
            if self.code[index] or not line.strip() or HEADING.match(line):
                if block:
                    yield block
                block = []
                continue
            starts_item = re.match(r"^\s*(?:[-*+]|\d+\.)\s", line) or line.lstrip().startswith("|")
            if starts_item and block:
                yield block
                block = []
            block.append(index)
            if line.lstrip().startswith("|"):
                yield block
                block = []
        if block:
            yield block

    def section_of(self, index):
        """The line range of the section (under the nearest heading above) that holds `index`."""
        start, end = 0, len(self.lines)
        for line, _, _ in self.headings:
            if line <= index:
                start = line
            elif line > index:
                end = line
                break
        return start, end


class Checker:
    def __init__(self):
        self.problems = []
        self.counts = {"links": 0, "step references": 0, "figures": 0}
        self.pages = {}
        self.results_numbers = {}

    def page(self, path):
        path = path.resolve()
        if path not in self.pages:
            self.pages[path] = Page(path)
        return self.pages[path]

    def report(self, page, index, message):
        self.problems.append(f"{page.name}:{index + 1}: {message}")

    # 1. Links -------------------------------------------------------------------------------

    def check_links(self, page):
        docc = ".docc" in page.path.parent.name
        for index, line in enumerate(page.visible):
            if page.code[index]:
                continue
            text = page.prose(index)
            for match in LINK.finditer(text):
                self.check_link(page, index, match.group(2), docc)
            if docc:
                for match in DOC_LINK.finditer(line):
                    self.counts["links"] += 1
                    name = match.group(1)
                    stem = name[:-len("Guide")] if name.endswith("Guide") else name
                    if not ((ROOT / "Docs" / f"{name}.md").exists() or (ROOT / "Docs" / f"{stem}.md").exists()
                            or (page.path.parent / f"{name}.md").exists()):
                        self.report(page, index, f"<doc:{name}>: no guide Docs/{name}.md and no page {name}.md in "
                                                 f"{page.path.parent.name}")

    def check_link(self, page, index, target, docc):
        self.counts["links"] += 1
        if SCHEME.match(target) or (docc and target.startswith("/")):
            return
        path, _, anchor = target.partition("#")
        if path:
            destination = (page.path.parent / path).resolve()
            try:
                destination.relative_to(ROOT)
            except ValueError:
                self.report(page, index, f"link to {target}: points outside the repository")
                return
            if not destination.exists():
                self.report(page, index, f"link to {target}: no such file or folder "
                                         f"({destination.relative_to(ROOT).as_posix()})")
                return
        else:
            destination = page.path
        if anchor and destination.suffix == ".md":
            other = self.page(destination)
            if anchor not in other.anchors:
                near = sorted(a for a in other.anchors if anchor.split("-")[0] in a)[:3]
                hint = f"; headings there include: {', '.join('#' + a for a in near)}" if near else ""
                self.report(page, index, f"link to {target}: {other.name} has no heading with the anchor "
                                         f"#{anchor}{hint}")

    # 2. Step numbers ------------------------------------------------------------------------

    def check_steps(self, page):
        if page.steps and page.steps != list(range(1, len(page.steps) + 1)):
            line = next(i for i, _, _ in page.headings if STEP_HEADING.match(page.visible[i]))
            self.report(page, line, f"the numbered steps run {page.steps}, not 1 to {len(page.steps)}")
        paragraph_of = {}
        for block in page.blocks():
            for index in block:
                paragraph_of[index] = block
        self.paragraph_of = paragraph_of
        for index, line in enumerate(page.visible):
            for match in STEP_MENTION.finditer(line):
                numbers = [int(match.group(1))] + [int(n) for n in re.findall(r"\d+", match.group(2))]
                if re.search(r"[–-]|\bto\b", match.group(2)) and len(numbers) == 2:
                    numbers = list(range(numbers[0], numbers[1] + 1))
                guide = self.guide_for_steps(page, paragraph_of.get(index, [index]))
                self.counts["step references"] += 1
                if guide is None:
                    self.report(page, index, f"'{match.group(0)}': this page has no numbered steps, and its "
                                             f"paragraph links to no guide that has")
                    continue
                missing = [n for n in numbers if n not in guide.steps]
                where = "" if guide is page else f" of {guide.name}"
                if missing:
                    self.report(page, index, f"'{match.group(0)}': no step {', '.join(map(str, missing))}{where} "
                                             f"(its steps are 1 to {len(guide.steps)})")
                    continue
                self.check_step_subject(page, index, match, numbers, guide, where)

    def check_step_subject(self, page, index, match, numbers, guide, where):
        """A step number that exists may still be the wrong one ("step 7 replaces it" when step 8
        writes that file). The sentence's names — `inline code` and file names — that some other
        step of the guide contains must be in one of the cited steps."""
        line = self.lines_of(page, index)
        sentences = re.split(r"(?<=[.!?;])\s+(?=[A-Z`(\[])", line)
        offset = 0
        sentence = line
        for part in sentences:
            position = line.find(part, offset)
            if position <= match.start() + self.block_offset < position + len(part):
                sentence = part
                break
            offset = position + len(part)
        sentence = re.sub(r"\]\([^)]*\)", "]", sentence)  # a link's target is not a name the sentence uses
        names = {n.strip() for n in re.findall(r"`([^`]+)`", sentence)} | set(
            re.findall(r"[\w./-]+\.(?:swift|md|py|sh|json)\b", sentence))
        own = guide.step_at(index) if guide is page else None
        found = {}
        for name in names:
            steps = {step for step, text in guide.step_text.items() if name in text and step != own}
            if steps:
                found[name] = steps
        if found and not any(number in steps for steps in found.values() for number in numbers):
            name, steps = sorted(found.items())[0]
            self.report(page, index, f"'{match.group(0)}': its sentence names `{name}`, which step "
                                     f"{', '.join(map(str, sorted(steps)))}{where} has and step "
                                     f"{', '.join(map(str, numbers))} has not: is it the right step?")

    def lines_of(self, page, index):
        """The paragraph holding line `index`, as one line; sets the offset of that line in it."""
        block = self.paragraph_of.get(index, [index])
        self.block_offset = sum(len(page.visible[i]) + 1 for i in block if i < index)
        return " ".join(page.visible[i] for i in block)

    def guide_for_steps(self, page, block):
        for index in block:
            for match in LINK.finditer(page.prose(index)):
                path = match.group(2).partition("#")[0]
                if path.endswith(".md") and not SCHEME.match(path):
                    destination = (page.path.parent / path).resolve()
                    if destination.exists() and self.page(destination).steps:
                        return self.page(destination)
        return page if page.steps else None

    # 3. Figures -----------------------------------------------------------------------------

    def results(self, name, extension, kind="ratio"):
        """The ratios (`kind` "ratio") or all the numbers ("rate") of a results file, as Decimals, or
        None when the file does not exist. A cited `.json` is read with its `.md` sibling."""
        key = (name, extension)
        if key not in self.results_numbers:
            files = {f"{name}.md", f"{name}.json"} if extension.startswith("{") or extension == "json" \
                else {f"{name}.{extension}"}
            texts = [path.read_text(encoding="utf-8") for file in sorted(files)
                     if (path := ROOT / "Benchmarks" / "results" / file).exists()]
            if not (ROOT / "Benchmarks" / "results" / f"{name}.{extension}").exists() and not extension.startswith("{"):
                texts = []
            self.results_numbers[key] = None if not texts else {
                "ratio": [Decimal(n) for text in texts for n in RATIO.findall(text)],
                "rate": [Decimal(n.replace(",", "")) for text in texts for n in NUMBER.findall(text)],
            }
        numbers = self.results_numbers[key]
        return None if numbers is None else numbers[kind]

    def citations(self, page, indices):
        found = []
        for index in indices:
            for match in RESULTS.finditer(page.visible[index]):
                found.append((match.group(1), match.group(2)))
        return found

    def check_figures(self, page):
        page_citations = self.citations(page, range(len(page.lines)))
        for name, extension in dict.fromkeys(page_citations):
            if self.results(name, extension) is None:
                index = next(i for i, line in enumerate(page.visible) if f"Benchmarks/results/{name}." in line)
                self.report(page, index, f"cites Benchmarks/results/{name}.{extension}, which does not exist")
        for block in page.blocks():
            text = " ".join(page.prose(i) for i in block)
            raw = " ".join(page.visible[i] for i in block)
            figures = [m for m in FIGURE.finditer(text) if not m.group("before").strip()]
            if not figures:
                continue
            if RUN_DATE.search(raw) and RUN_COMMIT.search(raw):
                self.counts["figures"] += len(figures)
                continue
            start, end = page.section_of(block[0])
            cited = (self.citations(page, block) or self.citations(page, range(start, end)) or page_citations)
            cited = [c for c in dict.fromkeys(cited) if self.results(*c) is not None]
            for match in figures:
                self.counts["figures"] += 1
                index = next((i for i in block if match.group("low") in page.prose(i)), block[0])
                shown = match.group(0).strip()
                if not cited:
                    self.report(page, index, f"figure {shown}: no Benchmarks/results/ file is cited in its paragraph, "
                                             f"section or page, and the paragraph names no run; cite the results "
                                             f"file, or date it: (run of YYYY-MM-DD at <commit>)")
                    continue
                kind = "rate" if match.group("rate") else "ratio"
                for value in filter(None, (match.group("low"), match.group("high"))):
                    if not any(self.matches(value, number) for c in cited for number in self.results(*c, kind)):
                        files = ", ".join(f"Benchmarks/results/{n}.{e}" for n, e in cited)
                        self.report(page, index, f"figure {shown}: {value} is not in {files} (at that precision); "
                                                 f"quote the results file, or date the figure: "
                                                 f"(run of YYYY-MM-DD at <commit>)")

    @staticmethod
    def matches(figure, number):
        figure = figure.replace(",", "")
        try:
            wanted = Decimal(figure)
        except InvalidOperation:
            return False
        places = -wanted.as_tuple().exponent if "." in figure else 0
        return number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == wanted

    # 4. Tracker references ------------------------------------------------------------------

    def check_trackers(self, page):
        for index, line in enumerate(page.lines):
            stripped = re.sub(r"https?://\S+", "", line)
            for match in TRACKER.finditer(stripped):
                self.report(page, index, f"'{match.group(0)}': a tracker reference the reader cannot follow; "
                                         f"say what it refers to instead")
            if not page.code[index]:
                for match in BARE_NUMBER_REF.finditer(re.sub(r"https?://\S+|\]\([^)]*\)", "", page.prose(index))):
                    self.report(page, index, f"'{match.group(0)}': a bare tracker number the reader cannot "
                                             f"follow; say what it refers to instead")

    def check_fences(self, page):
        opened = None
        for index, line in enumerate(page.visible):
            match = FENCE.match(line)
            if not match:
                continue
            if opened is None:
                opened = index
            elif line.strip() == match.group(1):
                opened = None
            elif line.strip().startswith(match.group(1)):
                self.report(page, index, "a fence with text after it does not close the code block "
                                         f"opened at line {opened + 1}; put the fence on a line of its own")
        if opened is not None:
            self.report(page, opened, "this code block is never closed")

    def check(self, path):
        page = self.page(path)
        self.check_fences(page)
        self.check_links(page)
        self.check_steps(page)
        if page.name not in RECORDS:
            self.check_figures(page)
        self.check_trackers(page)


def main():
    arguments = sys.argv[1:]
    if any(a in ("-h", "--help") for a in arguments):
        sys.exit(__doc__)
    paths = [pathlib.Path(a).resolve() for a in arguments] or [
        ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "Docs").glob("*.md")),
        *sorted(ROOT.glob("Sources/*/*.docc/*.md"))]
    checker = Checker()
    for path in paths:
        checker.check(path)
    for problem in checker.problems:
        print(problem)
    counts = ", ".join(f"{n} {what}" for what, n in checker.counts.items())
    if checker.problems:
        print(f"check-prose: {len(checker.problems)} problems in {len(paths)} files ({counts} checked)")
        sys.exit(1)
    print(f"check-prose: {len(paths)} files, {counts}: all hold")


if __name__ == "__main__":
    main()
