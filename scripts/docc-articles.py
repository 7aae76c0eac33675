#!/usr/bin/env python3
"""Copies the guides of Docs/*.md into a DocC catalog as articles, converting what only GitHub
understands into what DocC understands. Docs/ stays the one source of truth: the copies live in a
build folder (scripts/build-docs.sh makes a fresh one on every run) and are never committed.

In the copy only:
- `[text](Guide.md)` becomes `[text](doc:Guide)`, and `[text](Guide.md#some-heading)` or
  `[text](#some-heading)` point at DocC's anchor for the same heading (DocC keeps the heading's
  case and punctuation rules of its own, GitHub lowercases);
- a link to anything else in the repository (`../Sources/BricksExample`) keeps its text and loses
  the link, since that file is not part of the documentation;
- the `<!-- snippet: ... -->` comments that scripts/check-doc-snippets.py reads are dropped
  (replaced by as many empty lines, so that docc's line numbers are those of the guide);
- a guide whose name is also the name of a top-level symbol (`Middleware.md` and the `Middleware`
  protocol) is renamed `<Name>Guide.md`, because DocC drops an article whose URL a symbol takes.
  Links to it follow the new name; the landing page curates it as `<doc:MiddlewareGuide>`.

Usage: python3 scripts/docc-articles.py DOCS_DIR CATALOG_DIR [SYMBOL_GRAPH_DIR]
Prints, for each article written, a line "ARTICLE<tab>GUIDE" (the copy and the guide it came from),
after a summary line on standard error.
"""
import json
import pathlib
import re
import sys
import unicodedata

SNIPPET_COMMENT = re.compile(r"^<!-- snippet:[ \t]*skip[ \t]*-->[ \t]*\n|^<!-- snippet:[ \t]*\n.*?^-->[ \t]*\n", re.S | re.M)
FENCE = re.compile(r"^[ \t]*(```|~~~)")
LINK = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\(([^()\s]+)\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def github_slug(heading):
    """The anchor GitHub gives a heading: lowercased, punctuation but hyphens dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading).strip().lower()
    kept = "".join(c for c in text if c in "- " or not unicodedata.category(c).startswith(("P", "S")))
    return kept.replace(" ", "-")


def docc_fragment(heading):
    """The anchor DocC gives a heading: runs of whitespace and dashes become one hyphen, other
    punctuation (backticks included) is dropped, case is kept."""
    text = re.sub(r"[\s\-\u2013\u2014]+", "-", heading.strip()).strip("-")
    return "".join(c for c in text if c == "-" or not unicodedata.category(c).startswith("P") and c != "`")


def top_level_symbols(symbol_graph_dir):
    names = set()
    if symbol_graph_dir:
        for path in pathlib.Path(symbol_graph_dir).glob("*.symbols.json"):
            if "@" in path.name:
                continue
            for symbol in json.loads(path.read_text(encoding="utf-8"))["symbols"]:
                names.add(symbol["pathComponents"][0].lower())
    return names


def split_fences(text):
    """Yields (is_code, chunk) so that links in code blocks are left alone."""
    chunk, code, fence = [], False, None
    for line in text.splitlines(keepends=True):
        match = FENCE.match(line)
        if match and (not code or match.group(1) == fence):
            if not code:
                yield False, "".join(chunk)
                chunk, code, fence = [line], True, match.group(1)
            else:
                chunk.append(line)
                yield True, "".join(chunk)
                chunk, code, fence = [], False, None
            continue
        chunk.append(line)
    yield code, "".join(chunk)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    docs, catalog = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    symbols = top_level_symbols(sys.argv[3] if len(sys.argv) == 4 else None)
    guides = sorted(docs.glob("*.md"))
    names = {g.stem: g.stem + "Guide" if g.stem.lower() in symbols else g.stem for g in guides}
    headings = {g.stem: {github_slug(h): docc_fragment(h) for h in HEADING.findall(g.read_text(encoding="utf-8"))}
                for g in guides}
    problems, written = [], []

    for guide in guides:
        def convert(match):
            text, target = match.group(1), match.group(2)
            if SCHEME.match(target):
                return match.group(0)
            page, _, anchor = target.partition("#")
            stem = guide.stem if page == "" else pathlib.PurePosixPath(page).stem
            if page and (not page.endswith(".md") or "/" in page):
                return text  # a file of the repository, not a guide
            if stem not in names:
                problems.append(f"{guide}: link to {target}: no such guide in {docs}")
                return match.group(0)
            link = f"doc:{names[stem]}"
            if anchor:
                if anchor not in headings[stem]:
                    problems.append(f"{guide}: link to {target}: no such heading")
                    return match.group(0)
                link += "#" + headings[stem][anchor]
            return f"[{text}]({link})"

        source = SNIPPET_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), guide.read_text(encoding="utf-8"))
        out = "".join(chunk if code else LINK.sub(convert, chunk) for code, chunk in split_fences(source))
        article = catalog / f"{names[guide.stem]}.md"
        article.write_text(out, encoding="utf-8")
        written.append(f"{article}\t{guide}")

    if problems:
        sys.exit("docc-articles: broken links in the guides:\n" + "\n".join(problems))
    renamed = ", ".join(f"{k}.md -> {v}.md" for k, v in names.items() if k != v)
    print(f"docc-articles: {len(guides)} guides copied into {catalog}" + (f" (renamed: {renamed})" if renamed else ""),
          file=sys.stderr)
    print("\n".join(written))


if __name__ == "__main__":
    main()
