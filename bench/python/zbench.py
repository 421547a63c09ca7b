#!/usr/bin/env python3
"""The Python eclipse-zenoh peers of the camel-zenoh benchmark (bench/run.sh).

    zbench.py sub  --listen EP  [--key K] [--warmup N] [--rounds N] [--round-ms MS]
    zbench.py ping --connect EP [--size BYTES] [--warmup N] [--samples N]
    zbench.py pong --listen EP

Same line protocol as the Rust, Java and Camel peers (READY, WARMUP/ROUND <msg/s>, RTT_NS <n,...>,
STAT, DONE, ERROR) and the same shape as zenoh-python's z_sub_thr.py / z_ping.py / z_pong.py.
The process ends when its stdin closes. Loopback peers, multicast scouting off.
"""
import argparse
import json
import os
import sys
import threading
import time

import zenoh

PING, PONG = "bench/ping", "bench/pong"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def fail(text):
    say("ERROR " + text)
    os._exit(1)


def exit_when_stdin_closes():
    def watch():
        try:
            while sys.stdin.buffer.read(256):
                pass
        except Exception:
            pass
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def open_session(args):
    conf = zenoh.Config()
    conf.insert_json5("mode", '"peer"')
    conf.insert_json5("scouting/multicast/enabled", "false")
    conf.insert_json5("listen/endpoints", json.dumps([args.listen] if args.listen else []))
    conf.insert_json5("connect/endpoints", json.dumps([args.connect] if args.connect else []))
    return zenoh.open(conf)


def payload(size):
    return bytes(i % 10 for i in range(size))


def sub(args):
    session = open_session(args)
    count = [0]

    def on_sample(_sample):
        count[0] += 1

    _s = session.declare_subscriber(args.key, on_sample)
    say("READY")
    deadline = time.monotonic() + args.timeout_s
    while count[0] == 0:
        if time.monotonic() > deadline:
            fail("no sample arrived")
        time.sleep(0.001)
    last, t = count[0], time.perf_counter()
    cpu0 = n0 = 0
    for i in range(args.warmup + args.rounds):
        if i == args.warmup:
            cpu0, n0 = time.process_time_ns(), count[0]
        time.sleep(args.round_ms / 1000)
        n, now = count[0], time.perf_counter()
        say("%s %.0f" % ("WARMUP" if i < args.warmup else "ROUND", (n - last) / (now - t)))
        last, t = n, now
    if args.rounds > 0:
        say("STAT cpu_ns_per_msg %.1f" % ((time.process_time_ns() - cpu0) / (count[0] - n0)))
    say("STAT received %d" % count[0])
    say("DONE")
    os._exit(0)


def ping(args):
    session = open_session(args)
    sub = session.declare_subscriber(PONG)
    pub = session.declare_publisher(PING, congestion_control=zenoh.CongestionControl.BLOCK, express=True)
    data = payload(args.size)
    say("READY")
    deadline = time.monotonic() + args.timeout_s
    while True:
        pub.put(data)
        if wait(sub, 0.1):
            break
        if time.monotonic() > deadline:
            fail("no pong")
    time.sleep(0.2)
    while sub.try_recv() is not None:
        pass
    rtts = []
    for i in range(args.warmup + args.samples):
        t = time.perf_counter_ns()
        pub.put(data)
        sub.recv()
        if i >= args.warmup:
            rtts.append(time.perf_counter_ns() - t)
    say("RTT_NS " + ",".join(map(str, rtts)))
    say("DONE")
    os._exit(0)


def wait(sub, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if sub.try_recv() is not None:
            return True
        time.sleep(0.001)
    return False


def pong(args):
    session = open_session(args)
    pub = session.declare_publisher(PONG, congestion_control=zenoh.CongestionControl.BLOCK, express=True)
    _s = session.declare_subscriber(PING, lambda s: pub.put(s.payload))
    say("READY")
    threading.Event().wait()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("command", choices=["sub", "ping", "pong"])
    p.add_argument("--listen")
    p.add_argument("--connect")
    p.add_argument("--key", default="bench/thr")
    p.add_argument("--size", type=int, default=8)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--round-ms", type=int, default=1000)
    p.add_argument("--samples", type=int, default=10000)
    p.add_argument("--timeout-s", type=int, default=60)
    args = p.parse_args()
    exit_when_stdin_closes()
    {"sub": sub, "ping": ping, "pong": pong}[args.command](args)


if __name__ == "__main__":
    main()
