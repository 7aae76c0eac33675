#!/usr/bin/env python3
"""The names a folder of generated Swift declares, one a line, sorted (Generator/renames.sh):
`type A.B` for each type (nested ones qualified by their enclosing types, read from the
indentation) and `member A.b` for each `case` and `static let` of a type."""
import os
import re
import sys

DECLARATION = re.compile(
    r'^(\s*)(?:public |internal |package )?(?:nonisolated )?(?:indirect )?(struct|enum|typealias|protocol|actor) ([A-Za-z_][A-Za-z0-9_]*)')
MEMBER = re.compile(r'^\s*(?:public |internal |package )?(?:static let|case) (`?[A-Za-z_][A-Za-z0-9_]*`?)')

names = set()
for folder, _, files in os.walk(sys.argv[1]):
    for file in files:
        if not file.endswith('.swift'):
            continue
        enclosing = []  # (indentation, name) of the types the line is in
        for line in open(os.path.join(folder, file), encoding='utf-8'):
            indentation = len(line) - len(line.lstrip())
            declaration = DECLARATION.match(line)
            if declaration:
                enclosing = [entry for entry in enclosing if entry[0] < indentation]
                names.add('type ' + '.'.join([entry[1] for entry in enclosing] + [declaration.group(3)]))
                if declaration.group(2) in ('struct', 'enum'):
                    enclosing.append((indentation, declaration.group(3)))
                continue
            member = MEMBER.match(line)
            if member and enclosing:
                owners = [entry[1] for entry in enclosing if entry[0] < indentation]
                if owners:
                    names.add('member ' + '.'.join(owners) + '.' + member.group(1))
for name in sorted(names):
    print(name)
