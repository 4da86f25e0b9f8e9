#!/usr/bin/env python3
"""Checks the structure of an HTML report with Python's html.parser: balanced tags, unique
ids, one h1 and no skipped heading levels, landmarks, captioned tables with scoped headers,
SVG pictures with role="img" named by their title/desc, no scripts or external resources.
Prints a JSON summary; exit 1 (problems listed on stderr) when anything is wrong."""
import json
import sys
from html.parser import HTMLParser

VOID = {"meta", "link", "br", "img", "input", "hr", "col", "source", "wbr"}
SVG_VOID = {"rect", "circle", "line", "path"}  # written self-closing


class Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.ids, self.headings = [], [], [], []
        self.landmarks, self.tables, self.svgs, self.refs = [], [], [], []
        self.circles = self.outlines = 0
        self.text = []

    def handle_starttag(self, tag, attrs):
        self._start(tag, dict(attrs), closed=False)

    def handle_startendtag(self, tag, attrs):
        self._start(tag, dict(attrs), closed=True)

    def _start(self, tag, attrs, closed):
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "script" or tag == "link" or ("src" in attrs):
            self.problems.append(f"external resource or script: <{tag}>")
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.headings.append(int(tag[1]))
        if tag in ("header", "nav", "main", "footer"):
            self.landmarks.append(tag)
        if tag == "table":
            self.tables.append({"caption": False, "th": 0, "scoped": 0})
        if tag == "caption" and self.tables:
            self.tables[-1]["caption"] = True
        if tag == "th" and self.tables:
            self.tables[-1]["th"] += 1
            self.tables[-1]["scoped"] += 1 if attrs.get("scope") in ("col", "row") else 0
        if tag == "svg" and attrs.get("aria-hidden") != "true":
            self.svgs.append({"role": attrs.get("role"), "labelledby": (attrs.get("aria-labelledby") or "").split()})
        if tag == "circle":
            self.circles += 1
        if tag == "rect" and attrs.get("stroke-width") in ("4", "3", "2.5", "2"):
            self.outlines += 1
        if not closed and tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"unbalanced </{tag}>, open: {self.stack[-3:]}")
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


checker = Checker()
with open(sys.argv[1], encoding="utf-8") as f:
    checker.feed(f.read())
checker.close()
p = checker.problems
if checker.stack:
    p.append(f"unclosed: {checker.stack}")
if len(checker.ids) != len(set(checker.ids)):
    p.append("duplicate ids")
if checker.headings.count(1) != 1:
    p.append("needs exactly one h1")
for a, b in zip(checker.headings, checker.headings[1:]):
    if b > a + 1:
        p.append(f"heading level skips from h{a} to h{b}")
for needed in ("header", "main", "footer"):
    if needed not in checker.landmarks:
        p.append(f"missing <{needed}> landmark")
for table in checker.tables:
    if not table["caption"] or table["th"] == 0 or table["scoped"] != table["th"]:
        p.append(f"table without caption or scoped headers: {table}")
for svg in checker.svgs:
    if svg["role"] != "img" or not svg["labelledby"] or any(i not in checker.ids for i in svg["labelledby"]):
        p.append(f"svg not named: {svg}")
for problem in p:
    print(problem, file=sys.stderr)
print(json.dumps({"landmarks": checker.landmarks, "headings": checker.headings, "tables": len(checker.tables),
                  "svgs": len(checker.svgs), "circles": checker.circles, "outlines": checker.outlines,
                  "text": " ".join(" ".join(checker.text).split())}))
sys.exit(1 if p else 0)
