#!/usr/bin/env python3
"""Reads a Markdown report the way GitHub does (GFM tables, via PyPI markdown-it-py) and checks
that request text stayed text: every table row has as many cells as its header, no HTML
element comes from the text (only the ones Markdown itself makes), and every link goes to an
https page. Prints each breach; exit 1 when there is any. With --count-code-blocks, prints how
many code blocks (`<pre>`) the report renders to instead (a fence a label closed makes more)."""
import sys
from html.parser import HTMLParser

from markdown_it import MarkdownIt

ALLOWED = {"h2", "h3", "h4", "pre", "p", "table", "thead", "tbody", "tr", "th", "td", "a", "code", "strong", "em"}


class Checker(HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems, self.header, self.cells, self.in_head = [], None, 0, False

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED:
            self.problems.append(f"element <{tag}> in the rendered report")
        if tag == "a":
            href = dict(attrs).get("href", "")
            if not href.startswith("https://"):
                self.problems.append(f"link to {href!r}")
        if tag == "thead":
            self.in_head = True
        if tag == "tr":
            self.cells = 0
        if tag in ("td", "th"):
            self.cells += 1

    def handle_endtag(self, tag):
        if tag == "thead":
            self.in_head = False
        if tag == "tr":
            if self.in_head:
                self.header = self.cells
            elif self.cells != self.header:
                self.problems.append(f"a row of {self.cells} cells under a header of {self.header}")


with open(sys.argv[-1], encoding="utf-8") as f:
    text = f.read()
html = MarkdownIt("commonmark").enable("table").render(text)
if "--count-code-blocks" in sys.argv[1:-1]:
    print(html.count("<pre>"))
    sys.exit(0)
checker = Checker()
checker.feed(html)
for problem in checker.problems:
    print(problem)
sys.exit(1 if checker.problems else 0)
