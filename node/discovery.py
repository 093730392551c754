"""Lobby discovery with DNS-SD over mDNS (python-zeroconf), bridged into trio.

A hosted lobby is a `_lanboard._tcp.local.` service: SRV/A give where to connect, TXT says what
it is (see LobbyInfo). Standard DNS tools read it, e.g. `dig -p 5353 @HOST_ADDRESS
_lanboard._tcp.local PTR` (tests/node/test_netlab.py); `dig @224.0.0.251` does not work, as the
answer comes from the host's own address and dig drops answers from an unexpected source.

Bridging: python-zeroconf runs its own asyncio loop in a thread of its own (the threaded
`Zeroconf(...)` API), and ServiceBrowser delivers callbacks on another thread it owns. We never
touch its loop from trio: blocking calls (register, update, unregister, resolve, close) go through
`trio.to_thread.run_sync`, and browser callbacks are forwarded with `trio.from_thread.run_sync`
into a memory channel. Every Zeroconf and browser we open is closed on exit, also on
cancellation (shielded), so no thread outlives the `async with`.

Addresses: IPv4 only (link-local IPv6 needs scope ids that TCP dialers then get wrong). By default
we listen and announce on every non-loopback IPv4 address of the machine; pass `interfaces=` with
explicit addresses to restrict it, e.g. `["127.0.0.1"]` for several nodes on one machine (mDNS on
loopback works on Linux even though `lo` lacks the MULTICAST flag; see tests/node/test_discovery.py).
"""
from __future__ import annotations

import dataclasses
import ipaddress
import logging
import math
import re
import secrets
import socket
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import AsyncIterator, Awaitable, Callable, Sequence

import ifaddr  # a dependency of zeroconf: the same interface list zeroconf itself uses
import trio
from zeroconf import (BadTypeInNameException, DNSQuestionType, IPVersion, ServiceBrowser,
                      ServiceInfo, ServiceStateChange, Zeroconf, current_time_millis)
from zeroconf.const import _CLASS_IN, _TYPE_A, _TYPE_SRV, _TYPE_TXT

__all__ = [
    "SERVICE_TYPE", "TXT_VERSION", "LobbyInfo", "LobbySeen", "LobbyGone", "Announcement",
    "DiscoveryError", "BadAnnouncement", "announce", "browse", "list_lobbies",
    "local_ipv4_addresses", "gather_until_quiet", "proven_key", "proven_lobbies",
]

from protocol.identity import Identity, check_code, is_check_code

from .links import CONTEXT
from .lobby_checks import is_token
from .transport import TransportError, connect

log = logging.getLogger("lanboard.node.discovery")

SERVICE_TYPE = "_lanboard._tcp.local."
# The `v` TXT key: the lanboard protocol version (protocol.messages.PROTOCOL_VERSION, kept as text
# here so discovery never imports the message layer). Other versions are listed, not joined.
TXT_VERSION = "2"
PHASES = ("lobby", "playing", "over")
# How long a resolve may wait for SRV/TXT/A that did not come with the PTR answer (packet loss).
RESOLVE_TIMEOUT_MS = 1500
# Seconds before each new try of a lobby that could not be resolved (then it is given up as a
# ghost: a record whose removal was lost), about a minute in all.
RESOLVE_RETRY_S = (1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0, 8.0, 8.0)
# Record TTL in seconds. RFC 6762 suggests 75 min for SRV/TXT/PTR, but a host that crashes sends no
# goodbye and its lobby would stay listed that long; 2 min costs a few refresh queries per lobby.
LOBBY_TTL = 120

_SEATS_RE = re.compile(r"^(\d{1,2})/(\d{1,2})$")
_WATCH_RE = re.compile(r"^(no|\d{1,2}/\d{1,2})$")   # watchers now/at most, or "no"
_HEX_RE = re.compile(r"^(?:[0-9a-f]{2}){1,64}$")


class DiscoveryError(Exception):
    pass


class BadAnnouncement(ValueError):
    """A TXT record that is not a lanboard lobby (foreign, malformed, or from a confused peer)."""


@dataclass(frozen=True)
class LobbyInfo:
    """What a lobby's TXT record says. `match` is the hex match id once playing, else ""."""
    game: str
    host: str
    code: str
    seats_taken: int
    seats_total: int
    phase: str = "lobby"
    match: str = ""
    v: str = TXT_VERSION
    private: bool = False   # a private table: joining needs its code (never announced)
    watch: str = ""   # "n/m": n watch, m may (node.watchers); "no": none may; "": not said
    delay: int = 0    # turns watchers see the game behind (`host --delay`; 0: live, not said)

    @property
    def watchable(self) -> bool:
        return self.watch not in ("", "no") and self.phase == "playing"

    @property
    def compatible(self) -> bool:
        return self.v == TXT_VERSION

    def to_txt(self) -> dict[str, str]:
        self.validate()
        txt = {"v": self.v, "game": self.game, "host": self.host, "code": self.code,
               "seats": f"{self.seats_taken}/{self.seats_total}", "phase": self.phase,
               "match": self.match, **({"watch": self.watch} if self.watch else {}),
               **({"delay": str(self.delay)} if self.delay else {})}
        return {**txt, "private": "1"} if self.private else txt

    def validate(self) -> None:
        """Raise BadAnnouncement unless every field is within what from_txt accepts."""
        if not is_token(self.v):
            raise BadAnnouncement(f"v={self.v!r} is not a version token")
        if not is_token(self.game):
            raise BadAnnouncement(f"game={self.game!r} is not a game id")
        if not self.host or len(self.host.encode("utf-8")) > 63 or not self.host.isprintable():
            raise BadAnnouncement(f"host={self.host!r}: 1 to 63 bytes of printable text")
        if not is_check_code(self.code):
            raise BadAnnouncement(f"code={self.code!r} is not a check code like ABCD-EFGH")
        if not (1 <= self.seats_total <= 99 and 0 <= self.seats_taken <= self.seats_total):
            raise BadAnnouncement(f"seats {self.seats_taken}/{self.seats_total} out of range")
        if self.phase not in PHASES:
            raise BadAnnouncement(f"phase={self.phase!r}, expected one of {', '.join(PHASES)}")
        if self.watch and not _WATCH_RE.match(self.watch):
            raise BadAnnouncement(f"watch={self.watch[:20]!r} is not n/m or no")
        if type(self.delay) is not int or not 0 <= self.delay <= 99:
            raise BadAnnouncement(f"delay={str(self.delay)[:20]!r} is not 0 to 99 turns")
        if self.match and not _HEX_RE.match(self.match):
            raise BadAnnouncement(f"match={self.match[:20]!r} is not lowercase hex")

    @classmethod
    def from_txt(cls, props: dict) -> "LobbyInfo":
        """Parse zeroconf's `ServiceInfo.properties` (bytes keys and values, values may be None)."""
        def text(key: str) -> str:
            raw = props.get(key.encode())
            if raw is None:
                raise BadAnnouncement(f"TXT key {key!r} missing or without a value")
            try:
                return raw.decode("utf-8")
            except (UnicodeDecodeError, AttributeError):
                raise BadAnnouncement(f"TXT key {key!r} is not UTF-8") from None

        seats = _SEATS_RE.match(text("seats"))
        if not seats:
            raise BadAnnouncement(f"seats={text('seats')[:20]!r} is not taken/total")
        match_raw = props.get(b"match")  # optional: absent, empty or hex
        info = cls(game=text("game"), host=text("host"), code=text("code"),
                   seats_taken=int(seats[1]), seats_total=int(seats[2]), phase=text("phase"),
                   match=text("match") if match_raw else "", v=text("v"),
                   private=props.get(b"private") == b"1",
                   watch=text("watch") if props.get(b"watch") else "",
                   delay=_turns(text("delay")) if props.get(b"delay") else 0)
        info.validate()
        return info


def _turns(text: str) -> int:
    """A TXT delay: 1 or 2 digits (anything else is refused as the lobby's fault)."""
    if not re.fullmatch(r"\d{1,2}", text):
        raise BadAnnouncement(f"delay={text[:20]!r} is not 0 to 99 turns")
    return int(text)


@dataclass(frozen=True)
class LobbySeen:
    """A lobby appeared or its TXT changed. `address` is the best one to dial from here.

    Anyone can answer for any instance name, so one name may have several answers at once: a
    real lobby's and an impostor's (another key announcing the real code). `endpoints` holds
    every (address, port) answered for the name and `claims` every valid TXT; which of them is
    the lobby is learnt only by dialing (`proven_lobbies`), never from what is announced."""
    name: str
    address: str
    port: int
    info: LobbyInfo
    addresses: tuple[str, ...] = ()
    endpoints: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    claims: tuple[LobbyInfo, ...] = field(default=(), compare=False)
    key: bytes = field(default=b"", compare=False)   # the whole key its node proved (listing)

    @property
    def all_answers(self) -> tuple:
        """What a change of answers for this name compares (the dataclass compares less)."""
        return (self, self.endpoints, self.claims)


@dataclass(frozen=True)
class LobbyGone:
    name: str


# --- interfaces -----------------------------------------------------------------------------------

def local_ipv4_addresses(include_loopback: bool = False) -> list[str]:
    """This machine's IPv4 addresses (non-loopback unless asked), in interface order."""
    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6 entries are tuples
            if ipaddress.IPv4Address(ip.ip).is_loopback and not include_loopback:
                continue
            if ip.ip not in out:
                out.append(ip.ip)
    return out


def _choose_interfaces(interfaces: Sequence[str] | None) -> list[str]:
    if interfaces is None:
        chosen = local_ipv4_addresses()
        if not chosen:
            raise DiscoveryError("no non-loopback IPv4 interface is up; pass interfaces="
                                 "['127.0.0.1'] to play on this machine only, or use --peer")
        return chosen
    chosen = []
    for a in interfaces:
        try:
            chosen.append(str(ipaddress.IPv4Address(a)))
        except ValueError:
            raise DiscoveryError(f"interfaces must be IPv4 addresses, got {a!r}") from None
    if not chosen:
        raise DiscoveryError("interfaces is empty")
    return chosen


def _best_address(addresses: Sequence[str]) -> str:
    """Prefer an address on a subnet we are attached to: a host with several interfaces
    (docker bridges, VPNs) announces all of them, and only some are reachable from here."""
    nets = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                nets.append(ipaddress.IPv4Network(f"{ip.ip}/{ip.network_prefix}", strict=False))
    for a in addresses:
        addr = ipaddress.IPv4Address(a)
        if any(addr in n for n in nets if not n.network_address.is_loopback or addr.is_loopback):
            return a
    return addresses[0]


async def _open_zeroconf(addresses: list[str]) -> Zeroconf:
    # Constructed in a worker thread, where no asyncio loop runs, so zeroconf starts its own loop
    # thread (the threaded API) rather than attaching to a loop.
    return await trio.to_thread.run_sync(
        lambda: Zeroconf(interfaces=addresses, ip_version=IPVersion.V4Only))


async def _close_quietly(what: str, fn) -> None:
    with trio.CancelScope(shield=True):
        try:
            await trio.to_thread.run_sync(fn)
        except Exception as e:  # noqa: BLE001 - closing must not mask the original exit reason
            log.warning("closing %s: %s", what, e)


# --- announce ---------------------------------------------------------------------------------

def _instance_label(info: LobbyInfo) -> str:
    # DNS labels are at most 63 bytes and a '.' would split the instance name.
    host = info.host.replace(".", " ").strip() or "lobby"
    suffix = f" {info.code}"
    host_b = host.encode("utf-8")[:63 - len(suffix)].decode("utf-8", "ignore").rstrip()
    return host_b + suffix


class Announcement:
    """A registered lobby. `name` is the full instance name actually used (zeroconf may have
    renamed it on a conflict), `info` the TXT currently announced."""

    def __init__(self, zc: Zeroconf, service: ServiceInfo, info: LobbyInfo) -> None:
        self._zc = zc
        self._service = service
        self._lock = trio.Lock()
        self.info = info

    @property
    def name(self) -> str:
        return self._service.name

    @property
    def addresses(self) -> list[str]:
        return self._service.parsed_addresses()

    @property
    def port(self) -> int:
        return self._service.port or 0

    async def update(self, **changes) -> None:
        """Re-announce with some LobbyInfo fields changed, e.g. update(seats_taken=3) or
        update(phase="playing", match=mid.hex())."""
        async with self._lock:
            info = dataclasses.replace(self.info, **changes)
            txt = info.to_txt()
            self._service = ServiceInfo(
                SERVICE_TYPE, self._service.name, port=self._service.port, properties=txt,
                server=self._service.server, addresses=self._service.addresses,
                host_ttl=self._service.host_ttl, other_ttl=self._service.other_ttl)
            await trio.to_thread.run_sync(self._zc.update_service, self._service)
            self.info = info


@asynccontextmanager
async def announce(info: LobbyInfo, port: int, interfaces: Sequence[str] | None = None
                   ) -> AsyncIterator[Announcement]:
    """Register the lobby (probing: ~1.7 s), yield an Announcement, withdraw on exit.

    Registration cannot be interrupted: a cancellation during it takes effect once it is done
    (and the lobby is then withdrawn at once). update() takes ~0.5 s (three announcements).

    interfaces: IPv4 addresses to announce and answer on; default every non-loopback one."""
    txt = info.to_txt()
    addresses = _choose_interfaces(interfaces)
    # A host name of our own: the machine's name is owned by avahi (if running), and claiming
    # it with fewer addresses makes avahi see a conflict and rename the machine.
    server = f"lanboard-{secrets.token_hex(4)}.local."
    service = ServiceInfo(SERVICE_TYPE, f"{_instance_label(info)}.{SERVICE_TYPE}", port=port,
                          properties=txt, server=server, parsed_addresses=addresses,
                          host_ttl=LOBBY_TTL, other_ttl=LOBBY_TTL)
    zc = await _open_zeroconf(addresses)
    try:
        # Names are unique by construction (the check code is per key). allow_name_change is a
        # fallback only: zeroconf renames when its cache shows the name taken, but two processes
        # on one machine registering one name were NOT detected in our tests (probe answers go
        # unicast to port 5353, which only one of the sockets sharing it receives).
        await trio.to_thread.run_sync(
            lambda: zc.register_service(service, allow_name_change=True))
        log.info("announced %s on %s port %d", service.name, ", ".join(addresses), port)
        try:
            yield Announcement(zc, service, info)
        finally:
            # Not zc.unregister_service: it returns after the first of three goodbye packets
            # and the close() below then cancels the other two, so one lost packet leaves the
            # lobby listed until its TTL runs out. unregister_all_services waits for all three
            # (this Zeroconf carries only this service).
            await _close_quietly("lobby announcement", zc.unregister_all_services)
    finally:
        await _close_quietly("zeroconf", zc.close)


# --- browse -----------------------------------------------------------------------------------

class Browser:
    """Async iterator of LobbySeen / LobbyGone; use through `browse()`.

    Resolution happens in the consumer's task as it iterates (no background task), so an error
    in the body of `async with browse()` comes out as itself, not wrapped in an ExceptionGroup.
    A lobby whose records could not be resolved (answers lost, a responder slow under load) is
    resolved again after RESOLVE_RETRY_S: zeroconf reports a service once and then only its
    changes, so one lost resolution hid a lobby until its TXT changed."""

    def __init__(self, zc: Zeroconf, raw: trio.MemoryReceiveChannel) -> None:
        self._zc = zc
        self._raw = raw
        self._known: dict[str, LobbySeen] = {}
        self._unresolved: dict[str, tuple[float, int]] = {}   # name -> (next try, tries so far)

    def __aiter__(self) -> "Browser":
        return self

    async def __anext__(self) -> LobbySeen | LobbyGone:
        try:
            event = await self.next_within(math.inf)
        except trio.EndOfChannel:
            raise StopAsyncIteration from None
        assert event is not None   # no deadline
        return event

    async def next_within(self, seconds: float) -> LobbySeen | LobbyGone | None:
        """The next event, or None when `seconds` pass without one; trio.EndOfChannel once the
        browser is closed. Only the wait for an announcement is cut short, never its
        resolution, so no announcement is lost to the deadline (a resolution in progress may
        run past it, RESOLVE_TIMEOUT_MS at most)."""
        deadline = trio.current_time() + seconds
        while True:
            retry_at = min((at for at, _ in self._unresolved.values()), default=math.inf)
            await trio.lowlevel.checkpoint()   # before an event is taken: none is lost to it
            got = None
            try:
                try:
                    got = self._raw.receive_nowait()   # one already here beats any deadline
                except trio.WouldBlock:
                    with trio.move_on_at(min(deadline, retry_at)):
                        got = await self._raw.receive()
            except (trio.EndOfChannel, trio.ClosedResourceError):
                raise trio.EndOfChannel from None
            if got is None:
                if trio.current_time() >= deadline:
                    return None
                name = min(self._unresolved, key=lambda n: self._unresolved[n][0])
                got = (name, ServiceStateChange.Updated)
            event = await self._event(*got)
            if event is not None:
                return event
            if trio.current_time() >= deadline:   # announcements that changed nothing
                return None

    async def _event(self, name: str, change: ServiceStateChange) -> LobbySeen | LobbyGone | None:
        if change is ServiceStateChange.Removed:
            self._unresolved.pop(name, None)
            return LobbyGone(name) if self._known.pop(name, None) is not None else None
        try:
            seen = await _resolve(self._zc, name)
        except BadAnnouncement as e:
            log.debug("skipping %s: %s", name, e)
            self._unresolved.pop(name, None)
            # it was a lobby and now says something else
            return LobbyGone(name) if self._known.pop(name, None) is not None else None
        if seen is None:   # unresolvable now (lost packets, gone meanwhile): try again later
            tries = self._unresolved.get(name, (0.0, 0))[1]
            if tries < len(RESOLVE_RETRY_S):
                self._unresolved[name] = (trio.current_time() + RESOLVE_RETRY_S[tries], tries + 1)
            else:
                self._unresolved.pop(name, None)   # a ghost record: its removal was lost
            return None
        self._unresolved.pop(name, None)
        known = self._known.get(name)
        if known is not None and known.all_answers == seen.all_answers:
            return None   # nothing has changed
        self._known[name] = seen
        return seen


@asynccontextmanager
async def browse(interfaces: Sequence[str] | None = None) -> AsyncIterator[Browser]:
    """Watch the LAN for lobbies: `async with browse() as lobbies: async for ev in lobbies: ...`

    Yields LobbySeen when a lobby appears or its TXT changes (the same lobby may be seen several
    times), LobbyGone when it is withdrawn or expires. Foreign or malformed announcements are
    logged at debug level and skipped."""
    addresses = _choose_interfaces(interfaces)
    token = trio.lowlevel.current_trio_token()
    raw_send, raw_recv = trio.open_memory_channel[tuple[str, ServiceStateChange]](math.inf)

    def on_change(zeroconf: Zeroconf, service_type: str, name: str,
                  state_change: ServiceStateChange) -> None:
        # Runs on zeroconf's browser thread: hand over and return at once.
        try:
            trio.from_thread.run_sync(raw_send.send_nowait, (name, state_change),
                                      trio_token=token)
        except (trio.RunFinishedError, trio.ClosedResourceError, trio.BrokenResourceError):
            pass  # we are shutting down; the browser is about to be cancelled

    zc = await _open_zeroconf(addresses)
    try:
        # QM (answer by multicast): zeroconf's default first query is QU (answer by unicast to
        # port 5353), and with several mDNS sockets on one machine sharing that port only one of
        # them gets the answer. Measured on loopback: found in ~0.15 s with QM, 1.1-2.2 s without.
        browser = await trio.to_thread.run_sync(
            lambda: ServiceBrowser(zc, SERVICE_TYPE, handlers=[on_change],
                                  question_type=DNSQuestionType.QM))
        try:
            yield Browser(zc, raw_recv)
        finally:
            await _close_quietly("browser", browser.cancel)
            raw_send.close()
            raw_recv.close()
    finally:
        await _close_quietly("zeroconf", zc.close)


async def _resolve(zc: Zeroconf, name: str) -> LobbySeen | None:
    """The lobby behind `name`; None if it could not be resolved in time; BadAnnouncement if
    what it announces is not a lanboard lobby."""
    try:
        service = ServiceInfo(SERVICE_TYPE, name)
    except BadTypeInNameException:
        return None
    # The responder sends SRV, TXT and A with the PTR answer, so the cache usually has it all;
    # ask the network (blocking, so in a thread) only when something was lost.
    if not service.load_from_cache(zc):
        try:
            ok = await trio.to_thread.run_sync(service.request, zc, RESOLVE_TIMEOUT_MS)
        except Exception as e:  # noqa: BLE001 - e.g. zeroconf closing under us: not fatal
            log.debug("resolving %s failed: %r", name, e)
            ok = False
        if not ok:
            log.debug("could not resolve %s", name)
            return None
    addresses = tuple(service.parsed_addresses(IPVersion.V4Only))
    if not addresses or not service.port:
        raise BadAnnouncement("no IPv4 address or port")
    info = LobbyInfo.from_txt(service.properties or {})
    endpoints, claims = _every_answer(zc, name)
    return LobbySeen(name=name, address=_best_address(addresses), port=service.port, info=info,
                     addresses=addresses, endpoints=endpoints or ((_best_address(addresses),
                                                                   service.port),),
                     claims=claims or (info,))


def _every_answer(zc: Zeroconf, name: str) -> tuple[tuple[tuple[str, int], ...],
                                                    tuple[LobbyInfo, ...]]:
    """Every (address, port) and every valid TXT the cache holds for `name`. ServiceInfo keeps
    one SRV and one TXT, so an impostor answering under a real lobby's name would hide it;
    answers that come within a second of each other (RFC 6762 §10.2) all stay in the cache."""
    now = current_time_millis()
    endpoints: list[tuple[str, int]] = []
    for srv in zc.cache.get_all_by_details(name, _TYPE_SRV, _CLASS_IN):
        if srv.is_expired(now):
            continue
        ips = [socket.inet_ntoa(a.address)
               for a in zc.cache.get_all_by_details(srv.server, _TYPE_A, _CLASS_IN)
               if not a.is_expired(now) and len(a.address) == 4]
        if ips and (_best_address(ips), srv.port) not in endpoints:
            endpoints.append((_best_address(ips), srv.port))
    claims: list[LobbyInfo] = []
    for txt in zc.cache.get_all_by_details(name, _TYPE_TXT, _CLASS_IN):
        if txt.is_expired(now):
            continue
        try:
            claim = LobbyInfo.from_txt(_txt_properties(txt.text))
        except BadAnnouncement:
            continue
        if claim not in claims:
            claims.append(claim)
    return tuple(endpoints), tuple(claims)


def _txt_properties(text: bytes) -> dict[bytes, bytes | None]:
    """A TXT record's strings (RFC 6763 §6: length-prefixed key=value) as ServiceInfo reads them."""
    props: dict[bytes, bytes | None] = {}
    i = 0
    while i < len(text):
        n = text[i]
        item, i = text[i + 1:i + 1 + n], i + 1 + n
        key, eq, value = item.partition(b"=")
        if key and key not in props:
            props[key] = value if eq else None
    return props


# `list` stops listening this long after the last answer. Every responder hears the query at
# once and answers it 20-120 ms later (RFC 6762 §6, shared records such as our PTR), so all
# answers come within 100 ms of the first; 150 ms leaves a margin for a loaded machine. (A
# responder also multicasts a record at most once a second: a `list` run less than a second
# after another may miss a lobby until the next query, at 1 s.)
QUIET_S = 0.15
# A lobby is dialed before it is listed, and must prove in a handshake the key its code names:
# a node killed without its goodbye packets (SIGKILL, a crash, a pulled cable) leaves its records
# in caches for up to LOBBY_TTL, and anyone can announce any name and code. A refused connect,
# a port that is no lanboard node, a key other than the code, or no handshake within this time
# (a LAN and a node answer in milliseconds; signing takes well under one) means: not listed.
PROBE_TIMEOUT_S = 1.0

Dial = Callable[[str, int], Awaitable["bytes | None"]]


async def gather_until_quiet(events: AsyncIterator[LobbySeen | LobbyGone], timeout: float,
                             quiet: float = QUIET_S) -> dict[str, LobbySeen]:
    """The lobbies `events` announces, by name: until `quiet` seconds pass without an event
    after the first one, or `timeout` seconds in all (when nothing answers)."""
    current: dict[str, LobbySeen] = {}
    with trio.move_on_after(timeout):
        with trio.CancelScope() as until_quiet:
            async for ev in events:
                if isinstance(ev, LobbySeen):
                    current[ev.name] = ev
                else:
                    current.pop(ev.name, None)
                until_quiet.deadline = trio.current_time() + quiet
    return current


async def proven_key(address: str, port: int, timeout: float = PROBE_TIMEOUT_S,
                     identity: Identity | None = None) -> bytes | None:
    """The key the node at address:port proves in a lanboard handshake within `timeout`, or
    None (nobody listens, no lanboard node, too slow). We dial with a throwaway key unless given
    one, so listing tells no lobby who looks. The node sees a connection that ends after its
    handshake and logs it at info level, nothing more."""
    with trio.move_on_after(timeout):
        try:
            conn = await connect(address, port, identity or Identity.generate(), CONTEXT,
                                 timeout=timeout)
        except TransportError:
            return None
        await trio.aclose_forcefully(conn.stream)
        return conn.peer_key
    return None


async def proven_lobbies(seen: Sequence[LobbySeen], dial: Dial = proven_key) -> list[LobbySeen]:
    """The lobbies among `seen` whose node proves the key its code names: each answered
    endpoint is dialed once, at the same time, and each claim (TXT) is kept at the endpoint
    that proves its code. An impostor announcing a real lobby's code (or name) is left out and
    cannot hide the real one: both answers are dialed. Sorted by name, then endpoint."""
    endpoints = {e for s in seen for e in (s.endpoints or ((s.address, s.port),))}
    codes: dict[tuple[str, int], str | None] = {}
    keys: dict[tuple[str, int], bytes] = {}

    async def prove(endpoint: tuple[str, int]) -> None:
        key = await dial(*endpoint)
        codes[endpoint] = check_code(key) if key is not None else None
        keys[endpoint] = key or b""

    async with trio.open_nursery() as nursery:
        for e in endpoints:
            nursery.start_soon(prove, e)
    out: dict[tuple[str, str, int], LobbySeen] = {}
    for s in seen:
        for claim in s.claims or (s.info,):
            for e in s.endpoints or ((s.address, s.port),):
                if codes[e] == claim.code and (s.name, *e) not in out:
                    out[(s.name, *e)] = dataclasses.replace(s, address=e[0], port=e[1],
                                                            info=claim, key=keys[e])
    return [out[k] for k in sorted(out)]


async def list_lobbies(timeout: float = 2.0, interfaces: Sequence[str] | None = None, *,
                       quiet: float = QUIET_S, dial: Dial = proven_key) -> list[LobbySeen]:
    """The lobbies that answer now and whose node proves the key their code names, sorted by
    name.

    Returns `quiet` seconds after the last answer, or after `timeout` when none comes; then
    dials every lobby found at once (at most PROBE_TIMEOUT_S more) and leaves out those whose
    node is gone or proves another key (proven_lobbies)."""
    async with browse(interfaces) as lobbies:
        found = await gather_until_quiet(lobbies, timeout, quiet)
    return await proven_lobbies(list(found.values()), dial)
