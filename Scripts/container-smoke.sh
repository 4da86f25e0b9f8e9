#!/usr/bin/env bash
# Builds Deploy/Dockerfile with podman and tests the image the way it is deployed:
#  1. installs podman, runc and mmdebstrap when missing (Debian packages) and writes the
#     containers.conf settings podman needs on these machines (runc, cgroupfs, no default
#     ulimits, file events/logs: there is no systemd);
#  2. builds the base images' local stand-ins (Scripts/container-bases.sh, cached by tag) and
#     the image from source, as the Dockerfile says (`podman build --format docker`, so the
#     HEALTHCHECK is kept);
#  3. runs it with a read-only root file system, all capabilities dropped, no new privileges,
#     the token as a podman secret (uid 65532, mode 0400) and the port published on loopback
#     only, then checks: /healthz, PID 1 runs as 65532, the image's HEALTHCHECK command
#     (`podman healthcheck run`), an audit of Examples/login-form-nested-ids.json is 401
#     without the token and 200 + JSON with it; the ENTRYPOINT is the program with `serve` as
#     CMD (so `podman run IMAGE audit FILE` prints a report) and the OCI labels are set;
#     without the secret the default CMD does not start (closed by default);
#  4. runs every a11y-audit container of Deploy/k8s/*.yaml: the image with the manifest's args,
#     user, limits, security context and secret volume, and each of its startup, liveness and
#     readiness probes (exec probes with `podman exec`, httpGet probes against the published
#     container port);
#  5. stops each with SIGTERM and requires exit status 0 within the drain time (the first one
#     with an audit in flight, whose body is completed after the signal and must get its 200);
#  6. prints the image size.
# Containers and the secret it made are removed on exit; the stand-ins, the image and its
# build stage (tagged IMAGE-build) stay as the next run's cache, older layers are pruned.
# Needs root. CONTAINER_SMOKE_BUILD_TIMEOUT bounds the base + image build (default 1500 s),
# CONTAINER_SMOKE_TIMEOUT the checks (default 180 s), CONTAINER_SMOKE_IMAGE names the image
# (default localhost/a11y-audit:smoke); CONTAINER_TOOLCHAIN goes to container-bases.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

build_timeout="${CONTAINER_SMOKE_BUILD_TIMEOUT:-1500}"
check_timeout="${CONTAINER_SMOKE_TIMEOUT:-180}"
image="${CONTAINER_SMOKE_IMAGE:-localhost/a11y-audit:smoke}"
started=$SECONDS

if [ "$(id -u)" != 0 ]; then echo "container-smoke: needs root (rootful podman, mmdebstrap)" >&2; exit 1; fi

# 1. Tools and configuration.
missing=()
for tool in podman runc mmdebstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

# Rootful podman reads /etc/containers/containers.conf. Ours is marked; someone else's is left
# alone, and podman is pointed at ours through CONTAINERS_CONF instead.
conf_marker="# a11y-audit container-smoke settings"
conf_text="$conf_marker: podman on machines without systemd or crun, with cgroup v1.
[containers]
# No ulimits set on containers (podman's default RLIMIT_NOFILE (type 7) fails here with
# \"error setting rlimit type 7: operation not permitted\"); they inherit the host's.
default_ulimits = []
log_driver = \"k8s-file\"

[engine]
runtime = \"runc\"
cgroup_manager = \"cgroupfs\"
events_logger = \"file\"
"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
conf=/etc/containers/containers.conf
if [ -e "$conf" ] && ! grep -qF "$conf_marker" "$conf"; then
    conf="$work/containers.conf"
    export CONTAINERS_CONF="$conf"
fi
if ! printf '%s' "$conf_text" | cmp -s - "$conf"; then
    mkdir -p "$(dirname "$conf")"
    printf '%s' "$conf_text" > "$conf"
fi
echo "== podman $(podman version --format '{{.Client.Version}}'), runc $(runc --version | awk 'NR==1 {print $3}'), settings in $conf"

# 2. Base stand-ins and the image.
echo "== base images (Scripts/container-bases.sh)"
bases="$(timeout "$build_timeout" Scripts/container-bases.sh)"
mapfile -t build_args <<< "$bases"
echo "${build_args[*]}"

echo "== podman build -f Deploy/Dockerfile -t $image (from source)"
build_start=$SECONDS
remaining=$((build_timeout - (SECONDS - started)))
if ! timeout "$((remaining > 60 ? remaining : 60))" podman build --format docker --layers \
        -f Deploy/Dockerfile -t "$image" "${build_args[@]}" . > "$work/build.log" 2>&1; then
    tail -40 "$work/build.log"; echo "container-smoke: image build failed" >&2; exit 1
fi
# Tag the build stage too (cached: no second build), so that the prune below keeps it as the
# next run's cache; it removes only untagged stand-in-based images that nothing uses: the
# layers of earlier sources and of replaced stand-ins.
podman build --format docker --layers --target build -f Deploy/Dockerfile -t "$image-build" \
    "${build_args[@]}" . > "$work/build-stage.log" 2>&1 || { tail -20 "$work/build-stage.log"; exit 1; }
podman image prune -f --filter label=dev.a11y-audit.stand-in=true > /dev/null
echo "built in $((SECONDS - build_start)) s"

# 3-6. The checks, bounded; containers and the secret are removed however they end.
status=0
timeout "$check_timeout" python3 - "$image" "$work" <<'PY' || status=$?
import glob, json, os, secrets, signal, socket, subprocess, sys, time, urllib.error, urllib.request
import yaml

# `timeout` ends this with SIGTERM: leave through the finally block, which removes containers.
signal.signal(signal.SIGTERM, lambda *_: sys.exit("timed out"))

image, work = sys.argv[1], sys.argv[2]
tag = f"a11y-audit-smoke-{os.getpid()}"
made_containers, made_secrets, failures = [], [], []

def podman(*args, check=True, timeout=60):
    result = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise RuntimeError(f"podman {' '.join(args)}: {result.returncode}\n{result.stderr.strip()}")
    return result

def expect(ok, what):
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok: failures.append(what)

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]

def http(method, url, body=None, token=None, timeout=10):
    request = urllib.request.Request(url, data=body, method=method)
    if body is not None: request.add_header("Content-Type", "application/json")
    if token is not None: request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()
    except OSError:
        return None, "", b""

def wait_until(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate(): return True
        time.sleep(0.1)
    return False

def run(name, options, args=()):
    made_containers.append(name)
    # The HEALTHCHECK timer needs systemd; `podman healthcheck run` below runs the check itself.
    podman("run", "-d", "--name", name, "--health-interval", "disable", *options, image, *args)

def state(name):
    return json.loads(podman("inspect", name).stdout)[0]["State"]

def stop_within_drain(name, drain=10.0):
    # podman stop sends the image's STOPSIGNAL (SIGTERM) and waits; past -t it would SIGKILL (137).
    start = time.monotonic()
    podman("stop", "-t", str(int(drain) + 5), name, timeout=drain + 30)
    elapsed = time.monotonic() - start
    code = state(name)["ExitCode"]
    expect(code == 0 and elapsed <= drain, f"{name}: SIGTERM -> exit {code} after {elapsed:.1f} s (drain bound {drain:.0f} s)")

def stop_with_request_in_flight(name, port, body, token, drain=10.0):
    # An audit whose body is half sent when SIGTERM arrives: the server must keep running, answer
    # it once the rest arrives, then exit 0, all within the drain bound.
    head = (f"POST /v1/audit HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", port), timeout=drain) as client:
        client.sendall(head + body[: len(body) // 2])
        time.sleep(0.5)
        start = time.monotonic()
        podman("kill", "--signal", "TERM", name)
        time.sleep(1)
        expect(state(name)["Running"], f"{name}: still draining 1 s after SIGTERM with an audit half received")
        client.sendall(body[len(body) // 2:])
        response = b""
        try:
            while chunk := client.recv(65536): response += chunk
        except OSError: pass
    status = response.split(b"\r\n", 1)[0].decode(errors="replace")
    expect(status.split(" ")[1:2] == ["200"], f"{name}: the in-flight audit answered after SIGTERM: {status!r}, {len(response)} bytes")
    podman("wait", name, check=False, timeout=drain + 10)
    elapsed = time.monotonic() - start
    code = state(name)["ExitCode"]
    expect(code == 0 and elapsed <= drain, f"{name}: SIGTERM -> exit {code} after {elapsed:.1f} s with the audit in flight (drain bound {drain:.0f} s)")

def dump_logs(name):
    print(f"--- logs of {name}:\n" + podman("logs", name, check=False).stdout[-3000:], flush=True)

try:
    # 3. The image as documented: secret token, read-only, nothing but loopback.
    token = secrets.token_hex(32)
    token_path = os.path.join(work, "token")
    with open(token_path, "w") as f: f.write(token + "\n")
    secret = f"{tag}-token"
    podman("secret", "create", secret, token_path); made_secrets.append(secret)
    port = free_port()
    main = f"{tag}-image"
    t0 = time.monotonic()
    # podman 4.3 mounts secrets before the /run tmpfs of --read-only; a tmpfs on
    # /run/secrets gives the secret a mount point.
    run(main, ["--read-only", "--cap-drop", "ALL", "--security-opt", "no-new-privileges",
               "-p", f"127.0.0.1:{port}:8080", "--tmpfs", "/run/secrets",
               "--secret", f"{secret},target=a11y-audit-token,uid=65532,gid=65532,mode=0400"])
    base = f"http://127.0.0.1:{port}"
    up = wait_until(lambda: http("GET", base + "/healthz", timeout=1)[0] == 200, 30)
    expect(up, f"GET /healthz 200 on 127.0.0.1:{port} ({time.monotonic() - t0:.1f} s after podman run)")
    if not up: dump_logs(main); raise SystemExit(1)
    expect(http("GET", base + "/readyz")[0] == 200, "GET /readyz 200")

    inspected = json.loads(podman("image", "inspect", image).stdout)[0]
    config = inspected["Config"]
    expect(config.get("User") == "65532:65532", f"image USER {config.get('User')}")
    uids = [l.split()[1:] for l in podman("exec", main, "/usr/local/bin/busybox", "cat", "/proc/1/status").stdout.splitlines() if l.startswith(("Uid:", "Gid:"))]
    expect(all(u == "65532" for ids in uids for u in ids), f"PID 1 uids/gids {uids}")
    cmdline = podman("exec", main, "/usr/local/bin/busybox", "cat", "/proc/1/cmdline").stdout.split("\0")
    expect(cmdline[0] == "/usr/local/bin/a11y-audit", f"PID 1 is {' '.join(cmdline).strip()}")
    root = [l.split() for l in podman("exec", main, "/usr/local/bin/busybox", "cat", "/proc/1/mounts").stdout.splitlines() if l.split()[1:2] == ["/"]]
    expect(bool(root) and "ro" in root[-1][3].split(","), "root file system mounted read-only")

    # The program is the ENTRYPOINT and `serve` the default CMD, so any subcommand runs as is.
    expect(config.get("Entrypoint") == ["/usr/local/bin/a11y-audit"] and (config.get("Cmd") or [None])[0] == "serve",
           f"ENTRYPOINT {config.get('Entrypoint')}, CMD {config.get('Cmd')}")
    labels = config.get("Labels") or {}
    wanted = ["title", "description", "version", "source", "licenses", "documentation"]
    absent = [k for k in wanted if not labels.get("org.opencontainers.image." + k)]
    expect(not absent, f"OCI labels org.opencontainers.image.*: version {labels.get('org.opencontainers.image.version')!r}, missing {absent}")
    examples = os.path.abspath("Examples")
    cli = podman("run", "--rm", "--health-interval", "disable", "--read-only", "-v", f"{examples}:/in:ro", image,
                 "audit", "/in/login-form-nested-ids.json", check=False, timeout=60)
    try: cli_report = json.loads(cli.stdout); cli_parsed = isinstance(cli_report, dict) and "findings" in cli_report
    except ValueError: cli_parsed = False
    expect(cli.returncode in (0, 1) and cli_parsed,
           f"`podman run IMAGE audit /in/login-form-nested-ids.json`: exit {cli.returncode}, JSON report {cli_parsed}")

    healthcheck = (inspected.get("Healthcheck") or config.get("Healthcheck") or {}).get("Test", [])
    expect(healthcheck[:1] == ["CMD"] and "/healthz" in healthcheck[-1], f"image HEALTHCHECK {healthcheck[1:]}")
    check = podman("healthcheck", "run", main, check=False)
    expect(check.returncode == 0, f"`podman healthcheck run` (the HEALTHCHECK command in the container): exit {check.returncode} {check.stdout.strip()}")

    with open("Examples/login-form-nested-ids.json", "rb") as f: example = f.read()
    code, _, _ = http("POST", base + "/v1/audit", example)
    expect(code == 401, f"POST /v1/audit without token: {code}")
    code, _, _ = http("POST", base + "/v1/audit", example, token="0" * 64)
    expect(code == 401, f"POST /v1/audit with a wrong token: {code}")
    code, ctype, body = http("POST", base + "/v1/audit", example, token=token)
    try: report = json.loads(body); parsed = isinstance(report, dict)
    except ValueError: parsed = False
    expect(code == 200 and ctype.startswith("application/json") and parsed,
           f"POST /v1/audit with token: {code} {ctype}, {len(body)} bytes of JSON" + (f", keys {sorted(report)[:6]}" if parsed else ""))
    expect(http("GET", base + "/metrics", token=token)[0] == 200, "GET /metrics with token 200")

    # Closed by default: without the token file the default CMD does not start.
    bare = f"{tag}-no-token"
    made_containers.append(bare)
    result = podman("run", "--name", bare, "--health-interval", "disable", "--read-only", image, check=False, timeout=30)
    said = [l.strip() for l in (result.stderr + result.stdout).splitlines() if "token file" in l]
    expect(result.returncode != 0 and bool(said), f"without the token secret the default CMD exits {result.returncode}: {said[:1]}")

    # 4. Each manifest's a11y-audit containers, with the manifest's settings and probes.
    for path in sorted(glob.glob("Deploy/k8s/*.yaml")):
        for doc in yaml.safe_load_all(open(path)):
            if not doc or doc.get("kind") != "Deployment": continue
            pod = doc["spec"]["template"]["spec"]
            psc = pod.get("securityContext", {})
            volumes = {v["name"]: v for v in pod.get("volumes", [])}
            for c in pod.get("containers", []) + pod.get("initContainers", []):
                if "a11y-audit" not in c.get("image", "").rsplit("/", 1)[-1]: continue
                where = f'{path}:{c["name"]}'
                name = f'{tag}-{os.path.basename(path).split(".")[0]}'
                sc, limits = c.get("securityContext", {}), c.get("resources", {}).get("limits", {})
                options = ["--user", f'{sc.get("runAsUser", psc.get("runAsUser", 65532))}:{sc.get("runAsGroup", psc.get("runAsGroup", 65532))}']
                if sc.get("readOnlyRootFilesystem"): options.append("--read-only")
                if "ALL" in sc.get("capabilities", {}).get("drop", []): options += ["--cap-drop", "ALL"]
                if sc.get("allowPrivilegeEscalation") is False: options += ["--security-opt", "no-new-privileges"]
                if "cpu" in limits: options += ["--cpus", str(limits["cpu"])]
                if "memory" in limits: options += ["--memory", str(limits["memory"]).replace("Mi", "m").replace("Gi", "g")]
                # A Secret volume is a read-only directory of files owned by root, group fsGroup.
                for mount in c.get("volumeMounts", []):
                    volume = volumes.get(mount["name"], {})
                    if "secret" not in volume: continue
                    directory = os.path.join(work, "volume-" + mount["name"])
                    os.makedirs(directory, exist_ok=True)
                    with open(os.path.join(directory, "token"), "w") as f: f.write(token + "\n")
                    os.chown(os.path.join(directory, "token"), 0, psc.get("fsGroup", 0))
                    os.chmod(os.path.join(directory, "token"), volume["secret"].get("defaultMode", 0o644))
                    options += ["--tmpfs", os.path.dirname(mount["mountPath"]), "-v", f'{directory}:{mount["mountPath"]}:ro']
                ports = {p.get("name"): p["containerPort"] for p in c.get("ports", [])}
                published = {}
                for container_port in set(ports.values()):
                    published[container_port] = free_port()
                    options += ["-p", f"127.0.0.1:{published[container_port]}:{container_port}"]
                run(name, options, c.get("args", []))
                started = False
                for kind in ("startupProbe", "livenessProbe", "readinessProbe"):
                    probe = c.get(kind)
                    if not probe: continue
                    limit = probe.get("timeoutSeconds", 1)
                    if "exec" in probe:
                        command = probe["exec"]["command"]
                        def attempt(): return podman("exec", name, *command, check=False, timeout=limit + 5).returncode == 0
                        what = f"exec {' '.join(command[1:])}"
                    else:
                        get = probe["httpGet"]
                        probe_port = get["port"] if isinstance(get["port"], int) else ports[get["port"]]
                        url = f'http://127.0.0.1:{published[probe_port]}{get.get("path", "/")}'
                        def attempt(): return (http("GET", url, timeout=limit)[0] or 0) in range(200, 400)
                        what = f'httpGet {get.get("path", "/")} on container port {probe_port}'
                    # The first probe may wait for startup, as the kubelet's startupProbe does.
                    window = probe.get("periodSeconds", 10) * probe.get("failureThreshold", 3) if not started else 0
                    ok = wait_until(attempt, window) if window else attempt()
                    started = started or ok
                    expect(ok, f"{where} {kind}: {what}")
                if failures: dump_logs(name)
                stop_within_drain(name)

    # 5. SIGTERM ends the documented container with exit 0 within the drain time, after
    # finishing the audit in flight.
    stop_with_request_in_flight(main, port, example, token)
    size = json.loads(podman("image", "inspect", image).stdout)[0]["Size"]
    binary = podman("run", "--rm", "--health-interval", "disable", "--entrypoint", "/usr/local/bin/busybox", image,
                    "stat", "-c", "%s", "/usr/local/bin/a11y-audit").stdout.strip()
    print(f"image size: {size / 1e6:.1f} MB ({size} bytes; the a11y-audit binary {int(binary) / 1e6:.1f} MB of it)")
except Exception as error:
    failures.append(str(error)); print(f"FAIL  {error}", flush=True)
finally:
    for name in made_containers: podman("rm", "-f", "-t", "0", name, check=False)
    for name in made_secrets: podman("secret", "rm", name, check=False)
sys.exit(1 if failures else 0)
PY
if [ "$status" != 0 ]; then echo "container-smoke: FAILED (status $status)" >&2; exit 1; fi
echo "container-smoke: passed in $((SECONDS - started)) s"
