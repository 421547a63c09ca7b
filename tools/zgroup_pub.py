#!/usr/bin/env python3
"""Publisher for the consumer-group tests: --count samples spread round-robin over --keys keys
(<prefix>/k<n>), the payload of each the sample's sequence number within its key (0, 1, 2...).

Prints READY once every key has a matching subscriber (or --delay passed), `SENT <n>` every
--progress samples, and END when done. --hold-at n waits, before sample n, for a line on stdin: a
test that writes it as soon as it may go on costs the stream no pause when it is in time. --rate caps samples per second (0: as fast as zenoh takes
them; congestion control BLOCK, reliable). Loopback endpoints only, multicast scouting off.
"""
import argparse
import json
import sys
import time

import zenoh


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--connect", action="append", default=[])
    p.add_argument("--prefix", required=True)
    p.add_argument("--keys", type=int, default=100)
    p.add_argument("--count", type=int, default=100000)
    p.add_argument("--rate", type=float, default=0.0)
    p.add_argument("--progress", type=int, default=1000)
    p.add_argument("--delay", type=float, default=10.0, help="seconds to wait for subscribers at most")
    p.add_argument(
        "--hold-at",
        type=int,
        default=0,
        help="before sample n, read one line from stdin (sent at once if it is already there)",
    )
    args = p.parse_args()
    for e in args.connect:
        host = e.split("/", 1)[1].rsplit(":", 1)[0].strip("[]")
        if host not in ("127.0.0.1", "::1", "localhost"):
            sys.exit(f"zgroup_pub only talks to loopback, not {e}")
    conf = zenoh.Config()
    conf.insert_json5("mode", json.dumps("client"))
    conf.insert_json5("scouting/multicast/enabled", "false")
    conf.insert_json5("connect/endpoints", json.dumps(args.connect))
    session = zenoh.open(conf)
    try:
        pubs = [
            session.declare_publisher(
                f"{args.prefix}/k{k}",
                congestion_control=zenoh.CongestionControl.BLOCK,
                reliability=zenoh.Reliability.RELIABLE,
            )
            for k in range(args.keys)
        ]
        until = time.monotonic() + args.delay
        while time.monotonic() < until and not all(pub.matching_status.matching for pub in pubs):
            time.sleep(0.02)
        print("READY", flush=True)
        start = time.monotonic()
        for i in range(args.count):
            if args.hold_at and i == args.hold_at:
                print("HOLD", flush=True)
                sys.stdin.readline()
                start = time.monotonic() - i / args.rate if args.rate > 0 else start
            pubs[i % args.keys].put(str(i // args.keys))
            if (i + 1) % args.progress == 0:
                print(f"SENT {i + 1}", flush=True)
            if args.rate > 0:
                ahead = start + (i + 1) / args.rate - time.monotonic()
                if ahead > 0:
                    time.sleep(ahead)
        elapsed = time.monotonic() - start
        print(f"SENT {args.count}", flush=True)
        print(json.dumps({"sent": args.count, "seconds": round(elapsed, 3)}), flush=True)
        print("END", flush=True)
    finally:
        session.close()


if __name__ == "__main__":
    main()
