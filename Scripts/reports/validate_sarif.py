#!/usr/bin/env python3
"""Validates a SARIF log against the OASIS SARIF 2.1.0 JSON schema (draft-04) with
jsonschema. Prints every error with its path; exit 1 when there is any."""
import json
import sys

import jsonschema

schema_path, log_path = sys.argv[1], sys.argv[2]
with open(schema_path, encoding="utf-8") as f:
    schema = json.load(f)
with open(log_path, encoding="utf-8") as f:
    log = json.load(f)
validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
for error in errors:
    print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
sys.exit(1 if errors else 0)
