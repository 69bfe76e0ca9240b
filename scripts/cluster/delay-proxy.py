#!/usr/bin/env python3
"""A TCP proxy that delays every chunk, each way, by a fixed time: the round trips of a network
between kanban nodes and PostgreSQL, on one machine whose kernel has no netem.

    python3 scripts/cluster/delay-proxy.py --listen PORT --to PORT --delay-ms 1

Each direction of each connection has a reader that stamps every chunk with the time it is due
and a writer that sends the chunks in order, each once it is due: the delay adds latency, not a
limit on throughput. Prints "listening" once it accepts. Standard library only.
"""
import argparse
import asyncio
import time


async def pipe(reader, writer, delay):
    queue = asyncio.Queue()

    async def read():
        try:
            while True:
                data = await reader.read(65536)
                await queue.put((time.monotonic() + delay, data))
                if not data:
                    return
        except (ConnectionError, OSError):
            await queue.put((time.monotonic(), b""))

    async def write():
        try:
            while True:
                due, data = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    writer.close()
                    return
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            writer.close()

    await asyncio.gather(read(), write())


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--to", type=int, required=True)
    parser.add_argument("--delay-ms", type=float, required=True)
    arguments = parser.parse_args()
    delay = arguments.delay_ms / 1000

    async def accept(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", arguments.to)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(
            pipe(client_reader, server_writer, delay), pipe(server_reader, client_writer, delay), return_exceptions=True
        )

    server = await asyncio.start_server(accept, "127.0.0.1", arguments.listen)
    print("listening", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
