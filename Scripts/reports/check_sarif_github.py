#!/usr/bin/env python3
"""Checks a SARIF log against what GitHub code scanning needs to take it as it is: the
"SARIF support for code scanning" page and sarif-sdk's GitHub ingestion rules (GH1xxx).
Standard library only. Prints each breach with its JSON path; exit 1 when there is any.

Rules (GitHub rule id where one exists):
  GH1013  $schema and version 2.1.0
  limits  at most 20 runs, at most 10 locations per result (GitHub's documented limits)
  GH1018  tool.driver.name; and version/semanticVersion (so alerts name the tool's release)
  GH1015  every result has ruleId and message.text (GH1007: fully formatted, not only an id)
  GH1001  every result has a location with physicalLocation.artifactLocation.uri
  GH1005  that uri is relative or a file: URI; and has no '#' (GitHub reads it as a path)
  uriBase every uriBaseId is defined in run.originalUriBaseIds as an absolute URI ending in '/'
  GH1003  every location has region.startLine >= 1 (startColumn >= 1 when given)
  prints  every result has partialFingerprints, unique per (file, ruleId, key, value) in the run
  open    no result is baselineState "absent" (GitHub would show a fixed finding as open)
  suppr.  suppressions have kind inSource or external
"""
import json
import re
import sys

SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def check(log):
    errors = []

    def err(path, text):
        errors.append(f"{path}: {text}")

    if log.get("version") != "2.1.0":
        err("/version", "must be 2.1.0")
    if "$schema" not in log:
        err("/$schema", "missing")
    runs = log.get("runs") or []
    if not 1 <= len(runs) <= 20:
        err("/runs", f"{len(runs)} runs; GitHub takes 1 to 20")
    for r, run in enumerate(runs):
        rp = f"/runs/{r}"
        driver = (run.get("tool") or {}).get("driver") or {}
        if not driver.get("name"):
            err(rp + "/tool/driver/name", "missing")
        if not driver.get("version") and not driver.get("semanticVersion"):
            err(rp + "/tool/driver", "no version or semanticVersion")
        bases = run.get("originalUriBaseIds") or {}
        for name, base in bases.items():
            uri = (base or {}).get("uri", "")
            if not SCHEME.match(uri) or not uri.endswith("/"):
                err(rp + f"/originalUriBaseIds/{name}", f"uri {uri!r} must be absolute and end in '/'")
        seen = {}
        for i, result in enumerate(run.get("results") or []):
            p = f"{rp}/results/{i}"
            if not result.get("ruleId"):
                err(p + "/ruleId", "missing")
            if not (result.get("message") or {}).get("text"):
                err(p + "/message/text", "missing")
            if result.get("baselineState") == "absent":
                err(p + "/baselineState", "absent results show as open alerts")
            locations = result.get("locations") or []
            if not locations:
                err(p + "/locations", "missing")
            if len(locations) > 10:
                err(p + "/locations", f"{len(locations)} locations; GitHub shows 10")
            for l, location in enumerate(locations):
                lp = f"{p}/locations/{l}/physicalLocation"
                physical = location.get("physicalLocation") or {}
                artifact = physical.get("artifactLocation") or {}
                uri = artifact.get("uri")
                if not uri:
                    err(lp + "/artifactLocation/uri", "missing")
                else:
                    if SCHEME.match(uri) and not uri.lower().startswith("file:"):
                        err(lp + "/artifactLocation/uri", f"{uri!r} is neither relative nor a file: URI")
                    if "#" in uri:
                        err(lp + "/artifactLocation/uri", f"{uri!r} has a fragment; GitHub reads it as part of the path")
                base = artifact.get("uriBaseId")
                if base is not None and base not in bases:
                    err(lp + "/artifactLocation/uriBaseId", f"{base!r} not in originalUriBaseIds")
                region = physical.get("region") or {}
                line = region.get("startLine")
                if not isinstance(line, int) or line < 1:
                    err(lp + "/region/startLine", "missing or below 1")
                column = region.get("startColumn")
                if column is not None and (not isinstance(column, int) or column < 1):
                    err(lp + "/region/startColumn", "below 1")
            prints = result.get("partialFingerprints") or {}
            if not prints:
                err(p + "/partialFingerprints", "missing")
            first = (((locations or [{}])[0].get("physicalLocation") or {}).get("artifactLocation") or {})
            for key, value in prints.items():
                other = seen.setdefault((first.get("uriBaseId"), first.get("uri"), result.get("ruleId"), key, value), i)
                if other != i:
                    err(p + f"/partialFingerprints/{key}", f"same as result {other}'s")
            for s, suppression in enumerate(result.get("suppressions") or []):
                if suppression.get("kind") not in ("inSource", "external"):
                    err(p + f"/suppressions/{s}/kind", "must be inSource or external")
    return errors


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        problems = check(json.load(f))
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)
