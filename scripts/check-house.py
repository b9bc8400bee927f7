#!/usr/bin/env python3
"""Checks the house rules of HACKING.md ("The rooms") on the source tree.

The rooms, each room's public header and the rooms it may include are read
from HACKING.md's table, so the table is the one owner of those facts. It
checks that:

  - the table's arrows have no cycle, and each room has one public header;
  - every `#include "ROOM/x.h"` of a file in another room follows an arrow
    and names that room's public header (tests/ are white-box: exempt);
  - only the rooms named in HACKING.md's LLVM sentence include <llvm-c/...>;
  - every room has its line in README.md's layout table;
  - every function longer than 30 lines has a contract comment above its
    definition, or, for one other files call, above its declaration in a
    header.

Prints one line per violation and exits 1; else one summary line, exit 0.
Run from anywhere: the tree is SIMULEE_SRCDIR, else this script's parent.
Under automake's harness (`make check`) it is one of the tests; with
CK_RUN_SUITE naming another suite it skips (exit 77).
"""
import os
import re
import sys

LONG = 30


def tree():
    return os.environ.get("SIMULEE_SRCDIR") or os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def room_table(hacking):
    """{room: (public headers, rooms it includes)} from HACKING.md."""
    rooms = {}
    row = re.compile(r"^\| `([a-z]+)/` \| ([^|]*) \| ([^|]*) \|\s*$")
    for line in hacking.split("\n"):
        m = row.match(line)
        if not m:
            continue
        pub = re.findall(r"`([a-z_0-9]+\.h)`", m.group(2))
        deps = [] if m.group(3).strip() in ("nothing", "everything") else \
            [d.strip() for d in m.group(3).split(",") if d.strip()]
        rooms[m.group(1)] = (pub, deps, m.group(3).strip() == "everything")
    return rooms


def llvm_rooms(hacking):
    m = re.search(r"Only ((?:`[a-z]+/`(?:, | and )?)+) include `<llvm-c/", hacking)
    return set(re.findall(r"`([a-z]+)/`", m.group(1))) if m else set()


def cycle(rooms):
    """A cycle of the arrows as a list of rooms, or None."""
    state = {}

    def visit(r, path):
        state[r] = 1
        for d in rooms.get(r, ((), (), False))[1]:
            if state.get(d) == 1:
                return path + [r, d]
            if d not in state:
                c = visit(d, path + [r])
                if c:
                    return c
        state[r] = 2
        return None

    for r in rooms:
        if r not in state:
            c = visit(r, [])
            if c:
                return c
    return None


def sources(top, room):
    out = []
    for dirpath, _, files in os.walk(os.path.join(top, room)):
        for f in files:
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(dirpath, f), top))
    return sorted(out)


def commented(lines, i):
    """Whether a comment ends just above line I, a group of declarations
    between them allowed."""
    p = i - 1
    while p >= 0 and lines[p].strip() == "":
        p -= 1
    while p >= 0 and lines[p].strip() != "":
        if lines[p].rstrip().endswith("*/"):
            return True
        p -= 1
    return False


def declared_with_contract(name, headers):
    pat = re.compile(r"\b" + re.escape(name) + r"\s*\(")
    for lines in headers.values():
        for i, line in enumerate(lines):
            s = line.lstrip()
            if not pat.search(line) or s.startswith(("*", "/*", "#define")):
                continue
            start = i
            while start > 0 and lines[start - 1].strip() != "" and \
                    not lines[start - 1].rstrip().endswith((";", "*/", "{", "}")):
                start -= 1
            if commented(lines, start):
                return True
    return False


def long_functions(path, lines):
    """(line, length, name, is static) of each definition over LONG lines:
    a definition's body opens with '{' alone in column 0 and closes with '}'
    alone in column 0 (STYLE.md)."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i] != "{":
            i += 1
            continue
        s = i - 1
        while s > 0 and lines[s - 1].strip() != "" and \
                not lines[s - 1].rstrip().endswith((";", "*/", "}")) and \
                not lines[s - 1].startswith("#"):
            s -= 1
        k = i + 1
        while k < len(lines) and lines[k] != "}":
            k += 1
        head = " ".join(lines[s:i])
        bare = re.sub(r"__attribute__\s*\(\(.*?\)\)", "", head)
        m = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(", bare)
        if m and "=" not in bare.split("(")[0] and k - s + 1 > LONG:
            out.append((s, k - s + 1, m.group(1), head.startswith("static")))
        i = k + 1
    return out


def main():
    if os.environ.get("CK_RUN_SUITE", "house") != "house":
        return 77
    top = tree()
    hacking = read(os.path.join(top, "HACKING.md"))
    readme = read(os.path.join(top, "README.md"))
    rooms = room_table(hacking)
    bad = []
    if not rooms:
        print("check-house: HACKING.md has no room table")
        return 1
    c = cycle(rooms)
    if c:
        bad.append("HACKING.md: the rooms include each other: " + " -> ".join(c))
    for r, (pub, deps, _) in sorted(rooms.items()):
        for d in deps:
            if d not in rooms:
                bad.append("HACKING.md: room %s includes %s, which is no room" % (r, d))
        if not os.path.isdir(os.path.join(top, r)):
            bad.append("HACKING.md: room %s/ does not exist" % r)
        if len(pub) > 1:
            bad.append("HACKING.md: room %s/ has %d public headers, not one" % (r, len(pub)))
        if ("| `%s/` |" % r) not in readme:
            bad.append("README.md: room %s/ has no line in the layout table" % r)
    llvm = llvm_rooms(hacking)
    if not llvm:
        bad.append("HACKING.md: no sentence naming the rooms that include LLVM")
    inc = re.compile(r'^\s*#\s*include\s+"([a-z]+)/([a-z_0-9]+\.h)"')
    files = {r: sources(top, r) for r in rooms}
    headers = {}
    for r in rooms:
        for f in files[r]:
            if f.endswith(".h"):
                headers[f] = read(os.path.join(top, f)).split("\n")
    nfiles = nlong = 0
    for r, (pub, deps, anything) in sorted(rooms.items()):
        for f in files[r]:
            nfiles += 1
            lines = read(os.path.join(top, f)).split("\n")
            for n, line in enumerate(lines, 1):
                m = inc.match(line)
                if m and m.group(1) != r and m.group(1) in rooms:
                    to, h = m.group(1), m.group(2)
                    if not anything and to not in deps:
                        bad.append("%s:%d: room %s/ includes %s/%s; HACKING.md gives "
                                   "it no arrow to %s/" % (f, n, r, to, h, to))
                    elif h not in rooms[to][0]:
                        bad.append("%s:%d: %s/%s is not %s/'s public header (%s)" %
                                   (f, n, to, h, to, ", ".join(rooms[to][0]) or "none"))
                if "#include <llvm-c/" in line and r not in llvm:
                    bad.append("%s:%d: room %s/ includes LLVM" % (f, n, r))
            if not f.endswith(".c"):
                continue
            for s, length, name, static in long_functions(f, lines):
                nlong += 1
                if commented(lines, s):
                    continue
                if not static and declared_with_contract(name, headers):
                    continue
                bad.append("%s:%d: %s is %d lines long and has no contract comment" %
                           (f, s + 1, name, length))
    for b in bad:
        print(b)
    if bad:
        return 1
    print("check-house: %d rooms, %d files, %d functions over %d lines, "
          "all with contracts" % (len(rooms), nfiles, nlong, LONG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
