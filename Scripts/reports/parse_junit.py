#!/usr/bin/env python3
"""Reads a JUnit XML file with junitparser (a standard JUnit reader) and prints what it
understood as JSON, so the Swift tests can compare it with the report they rendered."""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped

xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        results = []
        for result in case.result:
            kind = {Failure: "failure", Skipped: "skipped", Error: "error"}.get(type(result), "other")
            results.append({"kind": kind, "message": result.message, "type": result.type, "text": result.text})
        cases.append({"name": case.name, "classname": case.classname, "results": results,
                      "systemOut": case.system_out})
    suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                   "skipped": suite.skipped, "cases": cases})
print(json.dumps({"tests": xml.tests, "failures": xml.failures, "skipped": xml.skipped, "suites": suites}))
