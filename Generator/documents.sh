# Sourced by corpus.sh, examples.sh and sidebyside.sh: builds the generator, picks the documents, names modules.
# Expects $here (Generator/) and $specs; sets $generator and the array `documents` from the arguments
# (file names of the set without extension, or paths of documents anywhere; none: the whole set) and
# defines `module`. BRICKS_OPENAPI names a generator to use instead of building one.

# The flags of Generator/test.sh's build, so that the scripts share Generator/.build-ci. A script
# that only needs the documents (sidebyside.sh) sets documents_only=yes.
generator="${generator:-${BRICKS_OPENAPI:-}}"
if [ "${documents_only:-no}" != yes ] && [ -z "$generator" ]; then
    swift build --package-path "$here" --scratch-path "$here/.build-ci" --product bricks-openapi -Xswiftc -warnings-as-errors >&2
    generator="$(swift build --package-path "$here" --scratch-path "$here/.build-ci" --show-bin-path -Xswiftc -warnings-as-errors)/bricks-openapi"
fi

documents=()
if [ $# -gt 0 ]; then
    for name in "$@"; do
        if [ -f "$name" ]; then documents+=("$name"); continue; fi
        found=$(ls "$specs"/corpus/"$name".* "$specs"/"$name".* 2>/dev/null | grep -E '\.(json|yaml|yml)$' | head -1 || true)
        [ -n "$found" ] || { echo "no document named $name in $specs, and no such file" >&2; exit 1; }
        documents+=("$found")
    done
else
    for file in "$specs"/corpus/*.json "$specs"/corpus/*.yaml "$specs"/github-api.json "$specs"/stripe-api.yaml "$specs"/openai-api.json; do
        [ -f "$file" ] && documents+=("$file")
    done
fi

# A module name from a file name: spotify-web-api.yaml → SpotifyWebApi.
module() { basename "$1" | sed -E 's/\.(json|yaml|yml)$//' | awk -F'[-_.]' '{ for (i = 1; i <= NF; i++) printf "%s%s", toupper(substr($i, 1, 1)), substr($i, 2) }'; }
