#!/usr/bin/env bash
# Validates the one ```json block of openapi.md, the document GET /openapi.json serves (the
# build turns it into OpenAPIDocument.json: Plugins/OpenAPIDocumentPlugin): it must be a valid
# OpenAPI 3.1 document, and Examples/*.json and the document's own request examples must be
# valid AuditRequests under it. Exit 1 when it is not.
#   Scripts/gen-openapi.sh [--check]     (both forms validate; --check is what lint-deploy.sh calls)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/python-tools.sh
case "${1:-}" in ""|--check) ;; *) echo "usage: Scripts/gen-openapi.sh [--check]" >&2; exit 2 ;; esac
python3 - <<'PY'
import json, re, sys
from openapi_spec_validator import validate

md = open("openapi.md", encoding="utf-8").read()
blocks = re.findall(r"^```json\n(.*?)^```$", md, flags=re.S | re.M)
if len(blocks) != 1:
    sys.exit(f"openapi.md must hold exactly one ```json block, found {len(blocks)}")
text = blocks[0].rstrip("\n")
document = json.loads(text)
if not str(document.get("openapi", "")).startswith("3.1."):
    sys.exit("openapi.md: the document must be OpenAPI 3.1")
validate(document)

# The bundled example trees and the document's own request examples must be valid requests.
import glob, referencing
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
registry = Registry().with_resource("urn:a11y-audit", Resource.from_contents(document, default_specification=referencing.jsonschema.DRAFT202012))
request_schema = Draft202012Validator({"$ref": "urn:a11y-audit#/components/schemas/AuditRequest"}, registry=registry)
examples = {path: json.load(open(path, encoding="utf-8")) for path in sorted(glob.glob("Examples/*.json"))}
for name, example in document["paths"]["/v1/audit"]["post"]["requestBody"]["content"]["application/json"]["examples"].items():
    examples[f"openapi.md example {name}"] = example["value"]
for name, example in examples.items():
    error = best_match(request_schema.iter_errors(example))
    if error is not None:
        sys.exit(f"{name} is not a valid AuditRequest at /{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
print("openapi.md is a valid OpenAPI 3.1 document; the example requests are valid under it")
PY
