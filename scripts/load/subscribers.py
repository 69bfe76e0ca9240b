#!/usr/bin/env python3
"""Live subscribers under a burst of moves: how long an event takes to reach every subscriber.

Opens SUBSCRIBERS streams `GET /api/events?board=main` (raw sockets, asyncio, standard library
only), waits until each is live, then sends MOVES card moves over MOVERS keep-alive connections
(each mover sends its moves one after another), and records, for every (event, subscriber), the
delay from the moment its move's POST was sent to the moment the event arrived on that stream,
and from the moment the POST's answer had been read. Times are all taken in this one process
with `time.perf_counter()`; an arrival is stamped when its bytes are read from the socket, and
the streams are decoded only after the burst, so decoding does not delay the stamps.

    subscribers.py --url http://127.0.0.1:PORT --ids IDS_FILE [--subscribers 100] [--moves 200] [--movers 4]

Prints a summary, then one line `RESULT …` for run.sh. Exit 1 when an event is missing from a
stream or a move is refused.
"""

import argparse
import asyncio
import os
import json
import math
import sys
import time
from urllib.parse import urlsplit

# With roles on (run.sh ROLES=1), the member token the load acts with.
AUTHORIZATION = f"Authorization: Bearer {os.environ['KANBAN_LOAD_TOKEN']}\r\n" if os.environ.get("KANBAN_LOAD_TOKEN") else ""

COLUMNS = ["DOING", "DONE", "TODO"]


class StreamDecoder:
    """Turns the bytes of one `text/event-stream` answer, as they arrived, into (arrival time,
    event id) pairs: the HTTP head, then the chunked (or plain) body, then SSE blocks. An event's
    time is that of the read that completed it."""

    def __init__(self):
        self.raw = b""
        self.head = None
        self.chunked = False
        self.remaining = 0
        self.chunk_ends = False
        self.finished = False
        self.text = b""
        self.events = []

    def feed(self, stamp, data):
        self.raw += data
        if self.head is None:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            self.head = self.raw[:end].decode("latin-1")
            self.raw = self.raw[end + 4:]
            self.chunked = "transfer-encoding: chunked" in self.head.lower()
        if not self.chunked:
            self._sse(stamp, self.raw)
            self.raw = b""
            return
        while not self.finished:
            if self.remaining == 0:
                if self.chunk_ends:
                    if len(self.raw) < 2:
                        return
                    self.raw = self.raw[2:]
                    self.chunk_ends = False
                end = self.raw.find(b"\r\n")
                if end < 0:
                    return
                size = int(self.raw[:end].split(b";")[0], 16)
                self.raw = self.raw[end + 2:]
                if size == 0:
                    self.finished = True
                    return
                self.remaining = size
            piece = self.raw[: self.remaining]
            if not piece:
                return
            self.raw = self.raw[len(piece):]
            self.remaining -= len(piece)
            self.chunk_ends = self.remaining == 0
            self._sse(stamp, piece)

    def _sse(self, stamp, payload):
        self.text += payload
        while True:
            end = self.text.find(b"\n\n")
            if end < 0:
                return
            block, self.text = self.text[:end], self.text[end + 2:]
            for line in block.split(b"\n"):
                if line.startswith(b"id:"):
                    self.events.append((stamp, int(line[3:].strip())))


class Subscriber(asyncio.Protocol):
    """One live stream: keeps every read with its time; `live` resolves once the answer's head
    and the stream's first line (`retry:`) are in, so every later commit will come down it."""

    def __init__(self, request, live):
        self.request = request
        self.live = live
        self.reads = []
        self.seen = 0
        self.start = b""
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data):
        self.reads.append((time.perf_counter(), data))
        self.seen += data.count(b"id: ")  # a hint only: a line split between reads is missed
        if not self.live.done():
            self.start += data
            if not self.start.startswith(b"HTTP/1.1 200"):
                if b"\r\n" in self.start:
                    self.live.set_exception(RuntimeError("the stream was refused: " + self.start.split(b"\r\n")[0].decode()))
            elif b"retry:" in self.start.partition(b"\r\n\r\n")[2]:
                self.live.set_result(None)

    def connection_lost(self, error):
        if not self.live.done():
            self.live.set_exception(RuntimeError(f"the stream closed before it was live: {error}"))

    def events(self):
        decoder = StreamDecoder()
        for stamp, data in self.reads:
            decoder.feed(stamp, data)
        return decoder.events


async def read_answer(reader):
    """Status and body of one HTTP/1.1 answer (Content-Length or chunked)."""
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
    status = int(head.split(" ", 2)[1])
    fields = {}
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    if "content-length" in fields:
        return status, await reader.readexactly(int(fields["content-length"]))
    body = b""
    if fields.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                return status, body
            body += await reader.readexactly(size)
            await reader.readexactly(2)
    return status, body


async def mover(host, port, moves, sent, answered, failures):
    """Sends `moves` [(card, column)] one after another on one connection; records, by the
    sequence of the event each appended, when its POST was sent and when its answer was read."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        for card, column in moves:
            body = json.dumps({"column": column, "at": 0}).encode()
            request = (
                f"POST /api/boards/main/cards/{card}/move HTTP/1.1\r\nHost: {host}:{port}\r\n"
                f"Content-Type: application/json\r\nX-Kanban-Actor: load\r\n{AUTHORIZATION}Content-Length: {len(body)}\r\n\r\n"
            ).encode() + body
            start = time.perf_counter()
            writer.write(request)
            status, answer = await read_answer(reader)
            end = time.perf_counter()
            if status // 100 != 2:
                failures.append(f"move of {card} to {column}: {status} {answer.decode(errors='replace')}")
                continue
            events = json.loads(answer)
            if not events:
                failures.append(f"move of {card} to {column} appended nothing")
            for event in events:
                sent[event["sequence"]] = start
                answered[event["sequence"]] = end
    finally:
        writer.close()


def percentile(values, fraction):
    """The nearest-rank percentile of sorted `values`."""
    if not values:
        return float("nan")
    rank = max(1, min(len(values), math.ceil(fraction * len(values))))
    return values[rank - 1]


async def run(options):
    url = urlsplit(options.url)
    host, port = url.hostname, url.port
    with open(options.ids) as file:
        ids = [line.strip() for line in file if line.strip()]
    loop = asyncio.get_running_loop()
    request = (
        f"GET /api/events?board=main HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
        f"X-Kanban-Actor: load\r\n{AUTHORIZATION}\r\n"
    ).encode()

    subscribers = []
    for _ in range(options.subscribers):
        live = loop.create_future()
        _, subscriber = await loop.create_connection(lambda live=live: Subscriber(request, live), host, port)
        subscribers.append(subscriber)
    await asyncio.wait_for(asyncio.gather(*(s.live for s in subscribers)), timeout=30)

    # Move i takes card i mod len(ids) to the next column in each round over the cards, so no
    # move leaves a card where it was (which would append nothing).
    plan = [(ids[i % len(ids)], COLUMNS[(i // len(ids)) % len(COLUMNS)]) for i in range(options.moves)]
    sent, answered, failures = {}, {}, []
    burst_start = time.perf_counter()
    await asyncio.gather(*(
        mover(host, port, plan[m::options.movers], sent, answered, failures) for m in range(options.movers)
    ))
    burst_seconds = time.perf_counter() - burst_start

    # Wait for every event on every stream (or give up after --wait seconds). The streams are
    # decoded only once the cheap count says all is in, or once a second.
    wanted = set(sent)
    deadline = time.perf_counter() + options.wait
    next_check = time.perf_counter() + 1
    while time.perf_counter() < deadline:
        if all(s.seen >= len(wanted) for s in subscribers) or time.perf_counter() >= next_check:
            if all(wanted <= {seq for _, seq in s.events()} for s in subscribers):
                break
            next_check = time.perf_counter() + 1
        await asyncio.sleep(0.05)
    for subscriber in subscribers:
        subscriber.transport.close()

    from_sent, from_answered, missing = [], [], 0
    for subscriber in subscribers:
        arrivals = {seq: stamp for stamp, seq in subscriber.events()}
        for seq in wanted:
            if seq not in arrivals:
                missing += 1
                continue
            from_sent.append((arrivals[seq] - sent[seq]) * 1000)
            from_answered.append((arrivals[seq] - answered[seq]) * 1000)
    from_sent.sort()
    from_answered.sort()

    def figures(values):
        return percentile(values, 0.50), percentile(values, 0.99), values[-1] if values else float("nan")

    p50, p99, worst = figures(from_sent)
    a50, a99, aworst = figures(from_answered)
    print(f"{len(subscribers)} subscribers, {len(wanted)} events from {options.moves} moves over {options.movers} "
          f"connections in {burst_seconds:.3f} s ({len(wanted) / burst_seconds:.0f} moves/s)")
    print(f"delay from the POST sent:          p50 {p50:.2f} ms  p99 {p99:.2f} ms  max {worst:.2f} ms  "
          f"over {len(from_sent)} (event, subscriber) pairs")
    print(f"delay from the POST's answer read: p50 {a50:.2f} ms  p99 {a99:.2f} ms  max {aworst:.2f} ms  "
          "(negative: the event came before the answer)")
    if missing:
        print(f"missing: {missing} (event, subscriber) pairs never arrived", file=sys.stderr)
    for failure in failures[:5]:
        print(f"failed: {failure}", file=sys.stderr)
    print(f"RESULT subscribers={len(subscribers)} events={len(wanted)} pairs={len(from_sent)} missing={missing} "
          f"failures={len(failures)} burst_seconds={burst_seconds:.3f} p50_ms={p50:.3f} p99_ms={p99:.3f} max_ms={worst:.3f} "
          f"answered_p50_ms={a50:.3f} answered_p99_ms={a99:.3f}")
    return 1 if missing or failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, http://HOST:PORT")
    parser.add_argument("--ids", required=True, help="a file of card ids on the board main, one a line")
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--movers", type=int, default=4, help="connections sending the moves at once")
    parser.add_argument("--wait", type=float, default=10, help="seconds to wait for the last events")
    options = parser.parse_args()
    if options.subscribers < 1 or options.moves < 1 or options.movers < 1:
        parser.error("--subscribers, --moves and --movers must be at least 1")
    return asyncio.run(run(options))


if __name__ == "__main__":
    sys.exit(main())
