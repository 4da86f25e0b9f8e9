#!/usr/bin/env python3
"""Compares the server's verdicts in Tests/Conformance/requests.txt with Python's h11 and
httptools (pip install h11 httptools). The corpus statuses are what the server answers
(ConformanceCorpusTests checks them over raw sockets); this script checks them against
two independent parsers. Only the first request of each case is compared.

Verdicts: accept (the request is complete and well framed), reject, incomplete (needs
more bytes). Rule: where both h11 and httptools reject, we must reject. Exits 1 if not;
every other difference is printed and must be explained in docs/reliability.md.

  Scripts/conformance-diff.py [--all]    # --all also prints the cases where everyone agrees
"""
import pathlib
import re
import sys

import h11
import httptools

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "Tests/Conformance/requests.txt"
REJECTING = {400, 411, 413, 414, 417, 431, 501, 505}


def expand(text):
    return re.sub(r"\{\{(\d+)\|(.*?)\}\}", lambda m: m.group(2) * int(m.group(1)), text)


def decode(text):
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            c = text[i + 1]
            if c in "rnt\\":
                out += {"r": b"\r", "n": b"\n", "t": b"\t", "\\": b"\\"}[c]
                i += 2
                continue
            if c == "x":
                out.append(int(text[i + 2:i + 4], 16))
                i += 4
                continue
        out += text[i].encode()
        i += 1
    return bytes(out)


def cases():
    for line in CORPUS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        name, statuses, close, raw = line.split("|", 3)
        yield name.strip(), [int(s) for s in statuses.split(",")], decode(expand(raw[1:]))


def ours(statuses):
    first = statuses[0]
    if first == 408:
        return "incomplete"
    return "reject" if first in REJECTING else "accept"


def h11_verdict(raw):
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(raw)
    try:
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                return "incomplete"
            if isinstance(event, h11.EndOfMessage):
                return "accept"
    except h11.RemoteProtocolError:
        return "reject"


class _Recorder:
    def __init__(self):
        self.complete = 0

    def on_message_complete(self):
        self.complete += 1


def httptools_verdict(raw):
    recorder = _Recorder()
    parser = httptools.HttpRequestParser(recorder)
    try:
        parser.feed_data(raw)
    except httptools.HttpParserUpgrade:
        return "accept"
    except httptools.HttpParserError:
        # An error in a request pipelined after a complete first one is not the first's verdict.
        return "accept" if recorder.complete else "reject"
    return "accept" if recorder.complete else "incomplete"


def main():
    show_all = "--all" in sys.argv
    total = both_reject = violations = 0
    differences = []
    for name, statuses, raw in cases():
        total += 1
        mine, a, b = ours(statuses), h11_verdict(raw), httptools_verdict(raw)
        if a == b == "reject":
            both_reject += 1
            if mine != "reject":
                violations += 1
        if show_all or not (mine == a == b):
            differences.append((name, statuses[0], mine, a, b))
    print(f"{'case':28} {'ours':>4} {'verdict':10} {'h11':10} {'httptools':10}")
    for name, status, mine, a, b in differences:
        flag = "  <-- both reject, we do not" if a == b == "reject" and mine != "reject" else ""
        print(f"{name:28} {status:>4} {mine:10} {a:10} {b:10}{flag}")
    print(f"\n{total} cases; h11 {h11.__version__}, httptools {httptools.__version__}; "
          f"both reject: {both_reject}; differences shown: {len(differences)}; violations: {violations}")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
