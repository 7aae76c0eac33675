#!/usr/bin/env bash
# Cuts a release (Docs/Releasing.md): for each package of scripts/release/repositories.txt, a git
# repository in OUT_DIR/<name> (the URL's last part) whose root is that package, with one new commit
# holding this commit's files and tagged VERSION. In it:
#
# - the packages in its sub-folders are left out (each is released on its own, or not at all: a
#   released repository holds one package);
# - a symbolic link to a file outside the package is replaced by a copy of what it points to;
# - a path dependency on another released package (`.package(name: "Bricks", path: "../..")`)
#   becomes `.package(url: <its URL>, from: "VERSION")`; a path dependency on anything else stops
#   the release, and so does any manifest that still names a path outside its package
#   (`swift package dump-package` is read, not the text).
#
# An OUT_DIR/<name> that is already a clone of the published repository gets the new commit on top
# of its history (push it with `git push origin main VERSION`); a missing one is created with the
# release as its first commit.
#
# Refuses, before writing anything, when VERSION is not x.y.z (or x.y.z-rc.N, x.y.z-beta.N), when
# CHANGELOG.md has no `## VERSION` section (a prerelease may come from `## Unreleased`), when the
# work tree has changes or untracked files (ignored ones, such as .build and .venv, do not count),
# or when scripts/check-api.sh finds an API break the CHANGELOG does not name.
#
#   bash scripts/release.sh VERSION OUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "release: $*" >&2; exit 1; }
[ $# -eq 2 ] || fail "usage: bash scripts/release.sh VERSION OUT_DIR"
version=$1
out=$2

[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-(rc|beta)\.[0-9]+)?$ ]] ||
  fail "$version is not a version this project releases: x.y.z, x.y.z-rc.N or x.y.z-beta.N"
section() { grep -qE "^## ${1//./\\.}( |\$)" CHANGELOG.md; }
if section "$version"; then
  :
elif [ "$version" != "${version%%-*}" ] && section "${version%%-*}"; then
  echo "release: $version, a prerelease of CHANGELOG.md's ${version%%-*}"
elif [ "$version" != "${version%%-*}" ] && section Unreleased; then
  echo "release: $version, a prerelease of CHANGELOG.md's Unreleased section"
else
  fail "CHANGELOG.md has no \"## $version\" section: write the release's entry first"
fi

dirty=$(git status --porcelain --untracked-files=all)
[ -z "$dirty" ] || fail "the work tree is not clean (commit or remove these first):"$'\n'"$dirty"

source_commit=$(git rev-parse HEAD)
repositories=$(grep -vE '^\s*(#|$)' scripts/release/repositories.txt)
# Every package folder of this repository, to leave the nested ones out of each release.
packages=$(git ls-files -- Package.swift '*/Package.swift' | xargs -n1 dirname)
out=$(realpath -m "$out")
while read -r folder url; do
  name=$(basename "$url" .git)
  if [ -e "$out/$name" ]; then
    git -C "$out/$name" rev-parse --git-dir >/dev/null 2>&1 || fail "$out/$name exists and is not a git repository"
    ! git -C "$out/$name" rev-parse -q --verify "refs/tags/$version" >/dev/null || fail "$out/$name already has the tag $version"
  fi
done <<<"$repositories"

echo "release: the API check (scripts/check-api.sh, on the debug build)"
swift build -Xswiftc -warnings-as-errors --target BricksTesting
bash scripts/check-api.sh || fail "the API check failed: name the break in CHANGELOG.md or undo it"

stage_root=$(mktemp -d)
trap 'rm -rf "$stage_root"' EXIT
while read -r folder url; do
  name=$(basename "$url" .git)
  stage="$stage_root/$name"
  mkdir -p "$stage"
  git archive --format=tar "HEAD:$( [ "$folder" = . ] || echo "$folder")" | tar -x -C "$stage"
  for package in $packages; do
    case "$package" in
      "$folder") ;;
      *) if [ "$folder" = . ]; then rm -rf "${stage:?}/$package"; elif [[ $package == "$folder"/* ]]; then rm -rf "${stage:?}/${package#"$folder"/}"; fi ;;
    esac
  done
  find "$stage" -mindepth 1 -type d -empty -delete
  python3 - "$stage" "$folder" "$version" scripts/release/repositories.txt <<'PYTHON' || fail "$name: see above"
import os, posixpath, re, subprocess, sys

stage, folder, version, listing = sys.argv[1:]
released = {}
for line in open(listing, encoding="utf-8"):
    if line.strip() and not line.lstrip().startswith("#"):
        where, url = line.split()
        released[posixpath.normpath(where)] = url

def inside(path, base):
    return base == "." or path == base or path.startswith(base + "/")

# A link to a file outside the package becomes a copy of it (taken from the commit, links in it
# resolved the same way on the next pass).
changed = True
while changed:
    changed = False
    for directory, subdirectories, files in os.walk(stage):
        for entry in subdirectories + files:
            path = os.path.join(directory, entry)
            if not os.path.islink(path):
                continue
            here = posixpath.normpath(posixpath.join(folder, os.path.relpath(directory, stage)))
            target = posixpath.normpath(posixpath.join(here, os.readlink(path)))
            if inside(target, folder):
                continue
            if target.startswith("../") or target == "..":
                sys.exit(f"release: {os.path.relpath(path, stage)} points outside the repository ({target})")
            os.unlink(path)
            kind = subprocess.run(["git", "cat-file", "-t", f"HEAD:{target}"], capture_output=True, text=True).stdout.strip()
            if kind == "tree":
                os.makedirs(path)
                archive = subprocess.run(["git", "archive", "--format=tar", f"HEAD:{target}"], capture_output=True, check=True)
                subprocess.run(["tar", "-x", "-C", path], input=archive.stdout, check=True)
            elif kind == "blob":
                with open(path, "wb") as copy:
                    copy.write(subprocess.run(["git", "show", f"HEAD:{target}"], capture_output=True, check=True).stdout)
            else:
                sys.exit(f"release: {os.path.relpath(path, stage)} points at {target}, which is not in the commit")
            print(f"release: {os.path.relpath(path, stage)}: a copy of {target} (was a link)")
            changed = True

# Path dependencies on released packages become URL dependencies on their release.
manifest_path = os.path.join(stage, "Package.swift")
manifest = open(manifest_path, encoding="utf-8").read()
def by_url(match):
    target = posixpath.normpath(posixpath.join(folder, match.group(1)))
    if target not in released:
        sys.exit(f"release: Package.swift depends on {match.group(1)} ({target}), which is not released")
    return f'.package(url: "{released[target]}", from: "{version}")'
manifest = re.sub(r'\.package\(\s*(?:name:\s*"[^"]*",\s*)?path:\s*"([^"]*)"\s*\)', by_url, manifest)
open(manifest_path, "w", encoding="utf-8").write(manifest)
PYTHON
  # What SwiftPM reads, not the text: no dependency by path, no target outside the package.
  swift package dump-package --package-path "$stage" >"$stage_root/$name.json" ||
    fail "$name: the released manifest does not load"
  python3 - "$name" "$stage_root/$name.json" <<'PYTHON' || fail "$name: its manifest names a path outside the package"
import json, posixpath, sys

name, dump = sys.argv[1], json.load(open(sys.argv[2], encoding="utf-8"))
bad = [f"dependency {json.dumps(d['fileSystem'][0].get('path'))}" for d in dump["dependencies"] if "fileSystem" in d]
bad += [f"target {t['name']} at {t['path']}" for t in dump["targets"]
        if t.get("path") and (t["path"].startswith("/") or posixpath.normpath(t["path"]).startswith(".."))]
for each in bad:
    print(f"release: {name}: {each}", file=sys.stderr)
sys.exit(1 if bad else 0)
PYTHON
  links=$(find "$stage" -type l)
  [ -z "$links" ] || fail "$name: links left (outside the package?): $links"
  rm -rf "$stage/.build"
done <<<"$repositories"

mkdir -p "$out"
while read -r folder url; do
  name=$(basename "$url" .git)
  repo="$out/$name"
  if [ -d "$repo" ]; then
    git -C "$repo" rm -rq --ignore-unmatch .
  else
    git init -q -b main "$repo"
  fi
  cp -a "$stage_root/$name/." "$repo/"
  git -C "$repo" add -A
  git -C "$repo" commit -q --allow-empty -m "$name $version" \
    -m "Released from $source_commit of the development repository (folder $folder) by scripts/release.sh."
  git -C "$repo" tag -a "$version" -m "$name $version"
  echo "release: $repo: $version at $(git -C "$repo" rev-parse --short HEAD) ($(git -C "$repo" ls-files | wc -l) files)"
done <<<"$repositories"
