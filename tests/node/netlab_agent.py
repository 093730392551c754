"""A discovery process to run inside a netlab host: `python -m tests.node.netlab_agent MODE ...`.

announce INFO_JSON PORT: registers, prints {"event": "registered", ...}; each stdin line is a JSON
    object of LobbyInfo changes (-> {"event": "updated"}); EOF withdraws and exits.
impostor INFO_JSON PORT: as announce, but registered without probing (cooperating_responders),
    as a hostile responder answers for a name it does not own; EOF withdraws and exits.
browse: prints one JSON line per LobbySeen/LobbyGone until stdin reaches EOF.
Times ("t") are seconds since the process started its announce/browse.
"""
from __future__ import annotations

import dataclasses
import json
import sys
import time

import trio

from node.discovery import LobbyInfo, LobbySeen, announce, browse


def emit(**fields) -> None:
    print(json.dumps(fields), flush=True)


async def stdin_lines():
    stream = trio.lowlevel.FdStream(0)
    buf = b""
    while True:
        chunk = await stream.receive_some(4096)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield line.decode()


async def run_announce(info_json: str, port: str) -> None:
    info = LobbyInfo(**json.loads(info_json))
    t0 = time.monotonic()
    async with announce(info, int(port)) as ann:
        emit(event="registered", name=ann.name, addresses=ann.addresses, t=time.monotonic() - t0)
        async for line in stdin_lines():
            t1 = time.monotonic()
            await ann.update(**json.loads(line))
            emit(event="updated", t=time.monotonic() - t1)
    emit(event="withdrawn")


async def run_impostor(info_json: str, port: str) -> None:
    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    from node.discovery import SERVICE_TYPE, _instance_label, local_ipv4_addresses
    info = LobbyInfo(**json.loads(info_json))
    addresses = local_ipv4_addresses()
    zc = Zeroconf(interfaces=addresses, ip_version=IPVersion.V4Only)
    service = ServiceInfo(SERVICE_TYPE, f"{_instance_label(info)}.{SERVICE_TYPE}",
                          port=int(port), properties=info.to_txt(),
                          server="impostor.local.", parsed_addresses=addresses)
    await trio.to_thread.run_sync(lambda: zc.register_service(service,
                                                              cooperating_responders=True))
    emit(event="registered", name=service.name, addresses=addresses)
    async for _ in stdin_lines():
        pass
    await trio.to_thread.run_sync(zc.close)
    emit(event="withdrawn")


async def run_browse() -> None:
    t0 = time.monotonic()
    async with trio.open_nursery() as nursery:
        async def stop_on_eof():
            async for _ in stdin_lines():
                pass
            nursery.cancel_scope.cancel()
        nursery.start_soon(stop_on_eof)
        async with browse() as lobbies:
            emit(event="browsing")
            async for ev in lobbies:
                t = time.monotonic() - t0
                if isinstance(ev, LobbySeen):
                    emit(event="seen", name=ev.name, address=ev.address, port=ev.port,
                         info=dataclasses.asdict(ev.info), t=t)
                else:
                    emit(event="gone", name=ev.name, t=t)


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    trio.run({"announce": run_announce, "browse": run_browse, "impostor": run_impostor}[mode],
             *args)
