#!/usr/bin/env python3
"""Runs chosen test suites N times, optionally with the cores kept busy, and tells which tests
failed how often.

    python3 scripts/stress.py --filter IntegrationTests --runs 5 --load 2
    python3 scripts/stress.py --package ahc --sanitize thread --filter HostileStreamingTests --runs 3

Under ThreadSanitizer the AsyncHTTPClient package runs with its tsan-suppressions.txt, as its
test.sh does, unless TSAN_OPTIONS is set (TSAN_OPTIONS= runs it without).

It builds the tests once (with the flags, and so in the build folders, that scripts/test.sh and
Transports/AsyncHTTPClient/test.sh use, so an earlier build is reused), starts the local servers the
integration tests need the way those scripts do (scripts/httpbin.sh, sse.sh, hostile.sh, with
BRICKS_REQUIRE_INTEGRATION=1), then runs `swift test --skip-build --no-parallel` with the filters
N times. With --load N it starts N CPU burners (`yes >/dev/null`, at the normal priority, so they
compete with the tests as another engineer's build or a second CI job would) after the build and
stops them at the end. It prints, for each test that failed at least once, how many runs out of N
it failed in and its first failure message; a run that crashed, timed out or drew ThreadSanitizer
reports counts as a failure of its own row. Bounded: --runs, a time limit per run (--run-timeout)
and one for the whole (--time-limit); it stops by itself, servers and burners included. Exits 1
when any run failed.
"""

import argparse
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections import OrderedDict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# `swift test` (Swift Testing) lines: an issue, a test's end, the run's end.
ISSUE = re.compile(r"Test (?P<name>.+?) recorded an issue(?: with \d+ arguments?.*?)? at (?P<where>[^ :]+):\d+:\d+: (?P<message>.*)$")
ISSUE_NO_LOCATION = re.compile(r"Test (?P<name>.+?) recorded an issue: (?P<message>.*)$")
RUN_END = re.compile(r"Test run with (\d+) tests? .*(passed|failed) after ([\d.]+) seconds")
XCTEST_FAIL = re.compile(r"^(?P<where>\S+?):\d+: error: (?P<name>\S+) : (?P<message>.*)$")
TSAN_SUMMARY = re.compile(r"SUMMARY: ThreadSanitizer: (.*)$")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--package", choices=["root", "ahc"], default="root",
                   help="root: the Bricks package (URLSessionTransport); ahc: Transports/AsyncHTTPClient")
    p.add_argument("--filter", action="append", default=[], help="passed to swift test --filter (repeatable)")
    p.add_argument("--skip", action="append", default=[], help="passed to swift test --skip (repeatable)")
    p.add_argument("--runs", type=int, default=5, help="how many times (default 5, at most 200)")
    p.add_argument("--load", type=int, default=0, help="CPU burners to start (default 0; 2 keeps both cores of a 2-core machine busy)")
    p.add_argument("--sanitize", choices=["thread"], help="build and run under ThreadSanitizer")
    p.add_argument("--run-timeout", type=int, default=1800, help="seconds one run may take before it is stopped (default 1800)")
    p.add_argument("--time-limit", type=int, default=3 * 3600, help="seconds for the whole, build included (default 3 h); no run starts after it")
    p.add_argument("--no-build", action="store_true", help="do not build first (the tests must be built with the same flags)")
    p.add_argument("--keep-logs", metavar="DIR", help="keep each run's output in DIR")
    a = p.parse_args()
    if not 1 <= a.runs <= 200:
        p.error("--runs must be between 1 and 200")
    if not 0 <= a.load <= 16:
        p.error("--load must be between 0 and 16")
    return a


def swift_args(a):
    """The package and build-folder arguments, and the flags shared by build and test."""
    if a.package == "root":
        path, scratch = ROOT, os.path.join(ROOT, ".build-tsan" if a.sanitize else ".build")
    else:
        path = os.path.join(ROOT, "Transports", "AsyncHTTPClient")
        scratch = os.path.join(path, ".build-tsan" if a.sanitize else ".build")
    common = ["--package-path", path, "--scratch-path", scratch]
    # The plain passes of the test scripts build with warnings as errors, their sanitizer passes without.
    flags = ["--sanitize=thread"] if a.sanitize else ["-Xswiftc", "-warnings-as-errors"]
    return common, flags


def start_servers():
    """Starts httpbin, the SSE and the hostile servers in one bash, returns it and their environment."""
    env_file = tempfile.NamedTemporaryFile(prefix="bricks-stress-env.", delete=False)
    env_file.close()
    script = f"""
set -e
source {shlex.quote(ROOT)}/scripts/httpbin.sh
source {shlex.quote(ROOT)}/scripts/sse.sh
source {shlex.quote(ROOT)}/scripts/hostile.sh
trap 'httpbin_stop; sse_stop; hostile_stop; exit 0' TERM INT
trap 'httpbin_stop; sse_stop; hostile_stop' EXIT
httpbin_start
sse_start
hostile_start
env -0 > {shlex.quote(env_file.name)}
set +e
while true; do wait; sleep 1; done
"""
    proc = subprocess.Popen(["bash", "-c", script], start_new_session=True)
    deadline = time.time() + 600
    while time.time() < deadline:
        if os.path.getsize(env_file.name) > 0:
            time.sleep(0.2)  # env -0 may still be writing
            break
        if proc.poll() is not None:
            raise SystemExit("the test servers did not start")
        time.sleep(0.2)
    else:
        stop_servers(proc)
        raise SystemExit("the test servers did not start within 600 s")
    with open(env_file.name, "rb") as f:
        pairs = [item.split(b"=", 1) for item in f.read().split(b"\0") if b"=" in item]
    os.unlink(env_file.name)
    wanted = {k.decode(): v.decode() for k, v in pairs if k.startswith(b"BRICKS_")}
    return proc, wanted


def stop_servers(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def start_load(n, seconds):
    """N `yes >/dev/null` burners, each ended by `timeout` after `seconds` at the latest."""
    return [subprocess.Popen(["timeout", str(seconds), "yes"], stdout=subprocess.DEVNULL, start_new_session=True)
            for _ in range(n)]


def stop_load(burners):
    for b in burners:
        if b.poll() is None:
            b.terminate()
    for b in burners:
        b.wait()


def run_once(cmd, env, timeout, log_path):
    """Runs one `swift test`, returns (exit status or None when stopped, seconds, output)."""
    started = time.time()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            status = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            status = None
    with open(log_path, "r", errors="replace") as f:
        return status, time.time() - started, f.read()


def failures_of(status, output):
    """{row: first message} for one run's output."""
    rows = OrderedDict()
    for line in output.splitlines():
        line = line.strip()
        m = ISSUE.search(line)
        if m:
            rows.setdefault(f"{m['where'].removesuffix('.swift')} › {m['name']}", m["message"])
            continue
        m = ISSUE_NO_LOCATION.search(line)
        if m:
            rows.setdefault(m["name"], m["message"])
            continue
        m = XCTEST_FAIL.search(line)
        if m:
            rows.setdefault(m["name"], m["message"])
    reports = output.count("WARNING: ThreadSanitizer")
    if reports:
        summary = TSAN_SUMMARY.search(output)
        rows.setdefault("<ThreadSanitizer reports>", f"{reports} report(s); first: {summary[1] if summary else '?'}")
    if "CHECK failed" in output:
        line = next(l for l in output.splitlines() if "CHECK failed" in l)
        rows.setdefault("<sanitizer runtime CHECK>", line.strip())
    crash = next((l.strip() for l in output.splitlines()
                  if "Exited with unexpected signal" in l or "Fatal error:" in l), None)
    if crash:
        rows.setdefault("<test process crashed>", crash)
    if status is None:
        rows.setdefault("<run timed out>", "stopped after --run-timeout")
    elif status != 0 and not rows:
        tail = [l for l in output.splitlines() if l.strip()][-1:] or ["(no output)"]
        rows["<run failed>"] = f"exit status {status}: {tail[0].strip()}"
    return rows


def main():
    a = parse_args()
    started = time.time()
    common, flags = swift_args(a)
    if not a.no_build:
        build = ["swift", "build", "--build-tests"] + common + flags
        print("==> " + " ".join(shlex.quote(c) for c in build), flush=True)
        if subprocess.call(build, timeout=a.time_limit) != 0:
            raise SystemExit("the build failed")
    test = ["swift", "test", "--skip-build", "--no-parallel"] + common + flags
    for f in a.filter:
        test += ["--filter", f]
    for s in a.skip:
        test += ["--skip", s]

    servers, server_env = start_servers()
    env = dict(os.environ, **server_env, BRICKS_REQUIRE_INTEGRATION="1")
    if a.sanitize and a.package == "ahc" and "TSAN_OPTIONS" not in os.environ:
        # As Transports/AsyncHTTPClient/test.sh runs it (an empty TSAN_OPTIONS runs without).
        suppressions = os.path.join(ROOT, "Transports", "AsyncHTTPClient", "tsan-suppressions.txt")
        env["TSAN_OPTIONS"] = f"suppressions={suppressions}:print_suppressions=1"
    burners = start_load(a.load, max(60, int(a.time_limit - (time.time() - started)) + a.run_timeout))
    log_dir = a.keep_logs or tempfile.mkdtemp(prefix="bricks-stress.")
    os.makedirs(log_dir, exist_ok=True)
    counts, first, runs = OrderedDict(), {}, []
    try:
        print(f"==> {a.runs} runs of: {' '.join(shlex.quote(c) for c in test)}", flush=True)
        print(f"    load: {a.load} CPU burner(s) (`yes >/dev/null`); logs in {log_dir}", flush=True)
        for i in range(1, a.runs + 1):
            if time.time() - started > a.time_limit:
                print(f"==> time limit reached: {i - 1} runs done", flush=True)
                break
            status, seconds, output = run_once(test, env, a.run_timeout, os.path.join(log_dir, f"run-{i}.log"))
            rows = failures_of(status, output)
            end = RUN_END.search(output)
            runs.append((status, seconds, rows))
            for row, message in rows.items():
                counts[row] = counts.get(row, 0) + 1
                first.setdefault(row, message)
            verdict = "passed" if status == 0 and not rows else "FAILED"
            tests = f"{end[1]} tests" if end else "? tests"
            print(f"    run {i}: {verdict} ({tests}, {seconds:.0f} s){': ' + ', '.join(rows) if rows else ''}", flush=True)
    finally:
        stop_load(burners)
        stop_servers(servers)
        if not a.keep_logs:
            for name in os.listdir(log_dir):
                os.unlink(os.path.join(log_dir, name))
            os.rmdir(log_dir)

    done = len(runs)
    failed_runs = sum(1 for status, _, rows in runs if status != 0 or rows)
    what = f"{a.package}{' under ThreadSanitizer' if a.sanitize else ''}, filter {a.filter or ['(all)']}, skip {a.skip or []}"
    print(f"\n{what}; load {a.load}; {done} runs, {failed_runs} failed; "
          f"run times {', '.join(f'{s:.0f}' for _, s, _ in runs)} s")
    if counts:
        print("\n| test | failed | first failure |\n|---|---|---|")
        for row, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            message = first[row].replace("|", "\\|")
            print(f"| {row} | {n}/{done} | {message[:300]} |")
    else:
        print("no test failed")
    return 1 if failed_runs else 0


if __name__ == "__main__":
    sys.exit(main())
