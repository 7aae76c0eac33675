#!/usr/bin/env python3
"""Type-checks the ```swift code blocks of README.md, Docs/*.md and the DocC catalogs' pages
(Sources/*/*.docc/*.md), and the code blocks of the doc comments of Sources/ (```` ``` ```` or
```` ```swift ```` inside `///` lines), against the built modules.

A Swift file's doc comments are read as one page: their `///` lines with the slashes taken off,
every block fenced with ``` counted as Swift, so that `snippet: skip` is written the same way in
a comment (`/// <!-- snippet: skip: … -->`). What the reference's examples assume without showing
it (a `session`, the chat API of the WebSockets guide) is declared once, in
scripts/doc-comment-context.swift, a module every doc comment's blocks import (a block may declare
a name of it again: its own then wins), with the module the file belongs to (the folder after
`Sources/`). The doc comments checked are those of every Swift file under DOC_COMMENT_FOLDERS (all of
Sources/); a fence with another language (```` ```text ````) is not Swift. The sibling packages'
doc comments (Transports/AsyncHTTPClient, Integrations: 6 blocks in 6 files) are not checked:
their modules import SwiftNIO's and swift-numerics' C shims, which swiftc finds only with the
module maps SwiftPM passes (`--build-path Transports/AsyncHTTPClient/.build/debug` fails with
"missing required module '_NumericsShims'"); checking them means reading those flags from the
build.

Each Markdown file's swift blocks are joined, in order, into one `main.swift` (so a file's blocks
may build on each other and may use top-level `try await`; a block of statements only that
declares again a name an earlier block declared, as two examples that both say
`let session = …`, is wrapped in `do { }`), prefixed with the imports every
snippet may use, and type-checked with swiftc in Swift 6 mode. A block right after the line
`<!-- snippet: skip -->` is not checked: use that for deliberately partial code, Package.swift
lines, or code of other libraries, and say why after it (`<!-- snippet: skip: a package manifest -->`).
Code a page assumes but does not show (a model type, a `session`) goes in a hidden block, compiled
in its place among the others:

    <!-- snippet:
    struct User: Decodable, Sendable { let login: String }
    let session = Session(transport: StubTransport())
    -->

A guide that builds a package step by step says which file each block goes in, with the line
`<!-- snippet: file Sources/GitHubDemo/GitHub.swift -->` before it (blocks naming the same file
are joined in order). Such blocks are compiled as the files they are, nothing added: no imports
(a block must import what it uses, as the real file must), and only a file named `main.swift`
may hold top-level statements (a module without one is compiled with `-parse-as-library`), so
a step that cannot compile where the guide puts it fails here. The files under `Sources/<Module>/`
make the module `<Module>` (built with testing enabled); those under `Tests/<Module>/` are
type-checked against it, so `@testable import <Module>` works as in the package. The page's other
blocks then see those modules too (`@testable import` of each, added to the imports above).

Every block is compiled twice: as in a plain target, and as in an app target with Xcode 26's
defaults (`-default-isolation MainActor` and the upcoming features
`NonisolatedNonsendingByDefault` and `InferIsolatedConformances`), so that what the docs show
works where app teams paste it. A block that cannot work in an app target says why, with the line
`<!-- snippet: plain target only: <why> -->` before it; it is compiled in the plain pass only.

A page whose examples call code bricks-openapi generates (Docs/OpenAPI.md) names the modules, once,
anywhere in the page:

    <!-- snippets: generated modules Pets Chroma -->

Such a page is left out (and said so) unless `--generated DIR` gives the folder that holds those
modules' `.swiftmodule`s; then each is imported with the others above, and `file` blocks see them
too (`import Pets`). `Generator/docs.sh` generates them from documents kept in the repository and
runs this script so.

The files are compiled together, to keep the run short: per mode, one compiler run type-checks
every page and Swift file that has no `file` blocks, each as a file of one module, its
declarations made `private` (so that two files may both declare a `User`) and its statements put
in a `@MainActor` function (as top-level code runs). A file that fails there, or whose blocks
cannot be so rearranged (a declaration that uses a top-level `let` of its page), is compiled again
alone as described above, and only that verdict counts: the batch is a shortcut, never a judge.

Usage: python3 scripts/check-doc-snippets.py [--build-path .build/debug] [--mode plain|app] [--generated DIR] [files or folders…]
(files: pages, or Swift files whose doc comments are checked; folders: their Swift files.)
Needs `swift build` first, so that the Bricks and BricksTesting modules exist.
"""
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

PRELUDE = """import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Bricks
import BricksTesting
"""
BLOCK = re.compile(
    r"^(?:<!-- snippet: (skip(?:: [^\n]+?)?|file [^ \n]+|plain target only: [^\n]+?) -->\n)?```swift[ \t]*\n(.*?)^```[ \t]*$"
    r"|^<!-- snippet:[ \t]*\n(.*?)^-->",
    re.S | re.M)

# The settings of an app target made by Xcode 26: MainActor default isolation, approachable
# concurrency.
APP_TARGET = ["-default-isolation", "MainActor", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
              "-enable-upcoming-feature", "InferIsolatedConformances"]
MODES = {"plain": [], "app": APP_TARGET}

# The folders whose doc comments' blocks are checked by default: every target of the root package.
DOC_COMMENT_FOLDERS = ["Sources"]
# The module of what the doc comments' examples assume.
CONTEXT = pathlib.Path(__file__).with_name("doc-comment-context.swift")

# A page's line naming the modules bricks-openapi generates for its examples.
GENERATED = re.compile(r"^<!-- snippets: generated modules ((?:[A-Za-z_][A-Za-z0-9_]* ?)+) -->$", re.M)


DECLARATION = re.compile(
    r"^(?:@|public |final |struct |enum |class |actor |protocol |extension |func |typealias )", re.M)


TOP_LEVEL_NAME = re.compile(r"^(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)


def scoped(code, declared):
    """Wraps a block of statements in `do { }` when it declares again a top-level name of an
    earlier block; otherwise leaves it at top level and remembers the names it declares."""
    names = set(TOP_LEVEL_NAME.findall(code))
    if not DECLARATION.search(code) and names & declared:
        return "do {\n" + code + "}\n"
    declared |= names
    return code


def swiftc(settings, arguments):
    return subprocess.run(["swiftc", "-swift-version", "6", *settings, *arguments], capture_output=True, text=True)


def check_package(package, folder, includes, settings):
    """Compiles the files a guide puts in its package, each where the guide puts it: the
    `Sources/<Module>/` modules first (emitted into `folder`), then the `Tests/<Module>/` files
    against them. Returns the compiler's errors (empty when all compile) and the `@testable
    import` lines of the modules, for the page's other blocks."""
    targets = {}
    for name, code in package.items():
        parts = pathlib.PurePosixPath(name).parts
        if len(parts) < 3 or parts[0] not in ("Sources", "Tests") or not name.endswith(".swift"):
            return f"snippet: file {name}: expected Sources/<Module>/….swift or Tests/<Module>/….swift\n", ""
        file = folder / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(code, encoding="utf-8")
        targets.setdefault((parts[0], parts[1]), []).append(file)
    imports = ""
    for kind in ("Sources", "Tests"):
        for (folder_kind, module), files in sorted(targets.items()):
            if folder_kind != kind:
                continue
            library = [] if any(f.name == "main.swift" for f in files) else ["-parse-as-library"]
            paths = [str(f) for f in files]
            if kind == "Sources":
                # Type-check every body first (emitting a module alone may skip some), then emit.
                result = swiftc(settings, ["-typecheck", "-module-name", module, *library, *includes, *paths])
                if result.returncode != 0:
                    return result.stderr or result.stdout, imports
                arguments = ["-emit-module", "-enable-testing", "-module-name", module,
                             "-emit-module-path", str(folder / f"{module}.swiftmodule")]
                imports += f"@testable import {module}\n"
            else:
                arguments = ["-typecheck", "-module-name", module]
            result = swiftc(settings, [*arguments, *library, *includes, "-I", str(folder), *paths])
            if result.returncode != 0:
                return result.stderr or result.stdout, imports
    return "", imports


def main():
    args = sys.argv[1:]
    build = pathlib.Path(".build/debug")
    modes = list(MODES)
    generated = None
    while args[:1] in (["--build-path"], ["--mode"], ["--generated"]):
        if args[0] == "--build-path":
            build = pathlib.Path(args[1])
        elif args[0] == "--generated":
            generated = pathlib.Path(args[1])
        else:
            modes = [args[1]]
        args = args[2:]
    files = [pathlib.Path(a) for a in args if not pathlib.Path(a).is_dir()]
    folders = [pathlib.Path(a) for a in args if pathlib.Path(a).is_dir()]
    if not args:
        files = [pathlib.Path("README.md"), *sorted(pathlib.Path("Docs").glob("*.md")),
                 *sorted(pathlib.Path("Sources").glob("*/*.docc/*.md"))]
        folders = [pathlib.Path(folder) for folder in DOC_COMMENT_FOLDERS]
    files += sorted(path for folder in folders for path in folder.rglob("*.swift")
                    if "```" in path.read_text(encoding="utf-8"))
    modules = build / "Modules"
    if not (modules / "Bricks.swiftmodule").exists():
        sys.exit(f"check-doc-snippets: {modules}/Bricks.swiftmodule not found; run swift build first")
    includes = ["-I", str(modules)]
    if generated is not None:
        # First: a module of the build's own with the same name (its GitHub) does not hide them.
        includes = ["-I", str(generated), *includes]
    else:
        left = [path for path in files if GENERATED.search(page_text(path))]
        for path in left:
            print(f"check-doc-snippets: {path} left out: its examples call generated code (Generator/docs.sh compiles them)")
        files = [path for path in files if path not in left]
    # The doc comments' context, once per mode, when a Swift file is checked.
    contexts = {}
    context_folder = tempfile.TemporaryDirectory()
    if any(path.suffix == ".swift" for path in files):
        for mode in modes:
            folder = pathlib.Path(context_folder.name) / mode
            folder.mkdir()
            result = swiftc(MODES[mode], ["-emit-module", "-parse-as-library", "-module-name", "DocCommentContext",
                                          "-emit-module-path", str(folder / "DocCommentContext.swiftmodule"), *includes, str(CONTEXT)])
            if result.returncode != 0:
                sys.exit(f"check-doc-snippets: {CONTEXT} does not compile ({mode} target):\n{result.stderr}")
            contexts[mode] = ["-I", str(folder)]
    def includes_of(mode, path):
        return includes + (contexts[mode] if path.suffix == ".swift" else [])

    # First the batch: per mode, one compiler run for every file it can take; as many runs at once
    # as there are cores.
    parsed = {(mode, path): parse_file(path, mode) for mode in modes for path in files}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        passed = dict(zip(modes, pool.map(
            lambda mode: check_batch([(path, parsed[(mode, path)]) for path in files], includes, contexts.get(mode, []), mode),
            modes)))
        # Then each file the batch did not pass, alone: its verdict is the one reported.
        jobs = [(mode, path) for mode in modes for path in files if path not in passed[mode]]
        results = dict(zip(jobs, pool.map(
            lambda job: check_file(job[1], includes_of(*job), job[0], parsed[job]), jobs)))
    context_folder.cleanup()
    failed = False
    for mode in modes:
        outcomes = [results.get((mode, path)) or ("", *parsed[(mode, path)].counts) for path in files]
        failures = sum(1 for errors, _, _ in outcomes if errors)
        checked = sum(count for _, count, _ in outcomes)
        plain_only = sum(left for _, _, left in outcomes)
        for errors, _, _ in outcomes:
            if errors:
                print(errors)
        failed = failed or failures > 0
        note = f" ({plain_only} marked plain target only)" if plain_only else ""
        alone = sum(1 for each, _ in jobs if each == mode)
        print(f"check-doc-snippets: {mode} target: {checked} swift blocks in {len(files)} files, "
              f"{failures} files with errors{note}; {len(files) - alone} files in one compiler run, {alone} alone")
    if failed:
        sys.exit(1)


DOC_LINE = re.compile(r"^[ \t]*///(?: |$)(.*)$")
FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)[ \t]*$")


def doc_comment_text(source):
    """The doc comments of a Swift file as Markdown: each run of `///` lines without its slashes,
    runs apart by a blank line, a fence without a language read as ```swift."""
    lines = []
    in_run = False
    for line in source.splitlines():
        match = DOC_LINE.match(line)
        if match is None:
            if in_run:
                lines.append("")
            in_run = False
            continue
        in_run = True
        text = match.group(1)
        lines.append(text)
    # A fence opens a block or closes one; indented (in a list item), it is read at the margin. A
    # block is Swift unless its fence names another language.
    out, open_block = [], False
    for text in lines:
        fence = FENCE.match(text.strip())
        if fence:
            out.append("```" if open_block else "```" + (fence.group(1) or "swift"))
            open_block = not open_block
        else:
            out.append(text)
    return "\n".join(out) + "\n"


def page_text(path):
    """The Markdown of a page, or the doc comments of a Swift file."""
    text = path.read_text(encoding="utf-8")
    return doc_comment_text(text) if path.suffix == ".swift" else text


class Parsed:
    """The blocks of one file for one mode: its statement blocks, its guide's package files, the
    imports it adds to the prelude, and its counts (blocks checked, blocks left out of an app
    target)."""

    def __init__(self, blocks, package, imports, counts):
        self.blocks, self.package, self.imports, self.counts = blocks, package, imports, counts


def parse_file(path, mode):
    """Reads the blocks of one file as a target of `mode` takes them."""
    app = mode == "app"
    declared = set()
    blocks = []
    package = {}  # a file's path in the guide's package -> its code
    checked = 0
    plain_only = 0
    text = page_text(path)
    generated = GENERATED.search(text)
    for marker, code, hidden in BLOCK.findall(text):
        if marker.startswith("plain target only: "):
            if app:
                plain_only += 1
                continue
            marker = ""
        if marker.startswith("file "):
            name = marker[len("file "):]
            package[name] = package.get(name, "") + code
            checked += 1
        elif not marker.startswith("skip"):
            blocks.append(scoped(code or hidden, declared))
    imports = ""
    if generated:
        imports += "".join(f"import {module}\n" for module in generated.group(1).split())
    if path.suffix == ".swift":
        imports += "import DocCommentContext\n" + own_module_import(path)
    return Parsed(blocks, package, imports, (checked + len(blocks), plain_only))


def own_module_import(path):
    """`import <Module>` for a Swift file under `Sources/<Module>/` (its examples use its module),
    unless the prelude imports it already."""
    parts = path.resolve().parts
    if "Sources" not in parts[:-2]:
        return ""
    module = parts[len(parts) - 1 - parts[::-1].index("Sources") + 1]
    return "" if f"import {module}\n" in PRELUDE else f"import {module}\n"


# A line at the margin that goes on with the item before it rather than starting one.
CONTINUATION = re.compile(r"^(?:[}\])\.]|//|/\*|\*|#else|#elseif|#endif)")
ATTRIBUTES = re.compile(r"^((?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*)")
ACCESS = re.compile(r"^(?:public|private|fileprivate|internal|package|open)\b")
# What a declaration the batch makes `private` starts with, after attributes and modifiers.
PRIVATE_DECLARATION = re.compile(
    r"^(?:(?:final|nonisolated|indirect)\s+)*(?:struct|enum|class|actor|protocol|func|typealias)\b")
PLAIN_EXTENSION = re.compile(r"^extension\s+[A-Za-z_][A-Za-z0-9_.<>, ]*\s*(?:where\b[^{]*)?\{")


def batch_source(blocks, index):
    """The joined statement blocks of one file rearranged as a file of a batch: imports first,
    declarations made `private` at file level, statements in a `@MainActor` function. Returns
    `None` when a line cannot be placed so (a `#if` at the margin, a member at the margin)."""
    items = []
    for line in "\n".join(blocks).splitlines():
        if not line.strip():
            if items:
                items[-1].append(line)
            continue
        starts = not line[0].isspace() and not CONTINUATION.match(line)
        # An attribute alone on its line starts the declaration under it.
        if starts and items and all(each.startswith("@") or not each.strip() for each in items[-1]):
            starts = False
        if starts or not items:
            items.append([line])
        else:
            items[-1].append(line)
    imports, declarations, statements = [], [], []
    for item in items:
        head = item[0]
        text = "\n".join(item)
        attributes = ATTRIBUTES.match(text).group(1)
        rest = text[len(attributes):]
        if head.startswith("import "):
            imports.append(text)
        elif head.startswith("#") and not head.startswith("#expect") and not head.startswith("#require"):
            return None
        elif PRIVATE_DECLARATION.match(rest):
            declarations.append(attributes + "private " + rest)
        elif PLAIN_EXTENSION.match(rest):
            declarations.append(attributes + "private " + rest)
        elif rest.startswith("extension ") or ACCESS.match(rest):
            declarations.append(text)
        elif re.match(r"^(?:static|override|mutating|case|init|deinit|subscript)\b", rest):
            return None
        else:
            statements.append(text)
    body = "\n".join(statements)
    return ("\n".join(imports) + "\n" + "\n".join(declarations)
            + f"\n@MainActor private func sample{index}() async throws {{\n{body}\n}}\n")


ERROR_FILE = re.compile(r"^(.*?\.swift):\d+:\d+: error:", re.M)


def check_batch(entries, includes, context, mode):
    """Type-checks every file of `entries` that has statement blocks only, in one compiler run
    of one module; returns the files that passed (those without blocks pass at once)."""
    passed = {path for path, parsed in entries if not parsed.blocks and not parsed.package}
    sources = {}
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        for index, (path, parsed) in enumerate(entries):
            if path in passed or parsed.package:
                continue
            code = batch_source(parsed.blocks, index)
            if code is None:
                continue
            source = folder / f"sample{index}.swift"
            source.write_text(PRELUDE + parsed.imports + code, encoding="utf-8")
            sources[str(source)] = path
        if not sources:
            return passed
        result = swiftc(MODES[mode], ["-typecheck", "-parse-as-library", "-wmo", *includes, *context, *sources])
        failing = set(ERROR_FILE.findall(result.stderr))
        if result.returncode != 0 and not failing & set(sources):
            return passed  # an error of no one file: each is compiled alone
        passed |= {path for source, path in sources.items() if source not in failing}
    return passed


def check_file(path, includes, mode, parsed):
    """Compiles the blocks of one file, alone, as a target of `mode` would; returns its errors
    (empty when it compiles), the blocks checked and the blocks left out of an app target."""
    settings = MODES[mode]
    app = mode == "app"
    blocks, package, checked, plain_only = parsed.blocks, parsed.package, *parsed.counts
    if not blocks and not package:
        return "", checked, plain_only
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        errors, imports = check_package(package, folder, includes, settings)
        imports += parsed.imports
        if not errors and blocks:
            source = folder / "main.swift"
            source.write_text(PRELUDE + imports + "\n".join(blocks), encoding="utf-8")
            result = swiftc(settings, ["-typecheck", *includes, "-I", str(folder), str(source)])
            if result.returncode != 0:
                errors = result.stderr.replace(str(source), f"{path}(joined blocks)")
        errors = errors.replace(str(folder) + "/", "")
    if errors:
        where = " in an app target:" if app else ":"
        errors = f"--- {path}: its swift blocks do not compile{where}\n{errors}"
    return errors, checked, plain_only


if __name__ == "__main__":
    main()
