"""A private table and the players you know, across the hosts of a virtual LAN (issue 30): a
stranger on another host who dials the host's port directly cannot take a seat without the
table code, nor with a wrong one; a player with the code finds the lobby by mDNS and plays; each
then knows the other's whole key, and a second player with another key under that known name is
warned about in the host's next lobby. Two lobbies announcing the same instance name from two
hosts both stay listed: the second probes, finds the name taken and renames itself.

Needs root, `ip` and netlab.sh; otherwise it skips and says why.
"""
from __future__ import annotations

import json
import time

import pytest
import trio

from node.players_book import Book

from .test_netlab import INFO, Agent, _why_not, lab  # noqa: F401  (lab is a fixture)
from .test_netlab_local_bots import Run, runs

pytestmark = [pytest.mark.skipif(_why_not() is not None, reason=_why_not() or ""),
              pytest.mark.slow, pytest.mark.lab]   # real hosts in network namespaces: what is tested
GAME_TIME = 120   # seconds; a 2-seat game of greedy bots takes a few on an idle machine


def _refusal(run: Run, timeout: float = 60) -> tuple[int, str]:
    run.proc.wait(timeout=timeout)
    return run.proc.returncode, run.err.read_text()


def test_a_stranger_on_another_host_gets_no_seat_at_a_private_table_a_player_with_the_code_does(
        lab, tmp_path):
    with runs() as started:
        host = Run(1, tmp_path / "hana", "host", "host", "--private", "--seats", "2",
                   "--bot", "greedy", "--name", "Hana")
        started.append(host)
        code = host.wait_for(lambda e: e["event"] == "table code", "the table code")["code"]
        port = host.wait_for(lambda e: e["event"] == "listening", "listening")["port"]
        peer = f"{lab[1]}:{port}"
        # the port dialed directly from another host, as the stranger did
        stranger = Run(2, tmp_path / "mallory", "join", "join", "--peer", peer,
                       "--bot", "greedy", "--name", "Mallory")
        started.append(stranger)
        status, err = _refusal(stranger)
        assert status == 2 and "the lobby refused us: this table is private" in err, err
        wrong = code[:-1] + ("2" if code[-1] != "2" else "3")
        guesser = Run(3, tmp_path / "guess", "join", "join", "--peer", peer, "--code", wrong,
                      "--bot", "greedy", "--name", "Guess")
        started.append(guesser)
        status, err = _refusal(guesser)
        assert status == 2 and "wrong table code" in err, err
        told = host.wait_for(lambda e: e["event"] == "wrong code", "the host told")
        assert told["said"] == f"1 wrong code from {lab[3]}"
        assert [len(e["players"]) for e in host.events() if e["event"] == "lobby"] == [1]
        # the player with the code finds the lobby by its name on the LAN and plays
        gus = Run(4, tmp_path / "gus", "join", "join", "Hana", "--code", code.lower(),
                  "--bot", "greedy", "--name", "Gus", "--find-timeout", "60")
        started.append(gus)
        deadline = time.monotonic() + GAME_TIME
        for run in (host, gus):
            run.finish(deadline)
        assert host.saved().read_bytes() == gus.saved().read_bytes()
        hana_key = json.loads(host.saved().with_suffix(".json").read_text())["players"][0]["key"]
    gus_key = json.loads(gus.saved().with_suffix(".json").read_text())["players"][1]["key"]
    # each knows the other's whole key now
    assert [(p.key, p.name, p.games) for p in Book(tmp_path / "hana").players.values()] == \
        [(gus_key, "Gus", 1)]
    assert [(p.key, p.name, p.games) for p in Book(tmp_path / "gus").players.values()] == \
        [(hana_key, "Hana", 1)]
    # a second 'Gus', another key on another host, at Hana's next (public) lobby: warned about
    with runs() as started:
        host = Run(1, tmp_path / "hana", "host2", "host", "--seats", "3", "--bot", "greedy",
                   "--name", "Hana", "--new")
        started.append(host)
        port = host.wait_for(lambda e: e["event"] == "listening", "listening")["port"]
        other = Run(2, tmp_path / "other-gus", "join", "join", "--peer", f"{lab[1]}:{port}",
                    "--bot", "greedy", "--name", "Gus")
        started.append(other)
        lobby = host.wait_for(lambda e: e["event"] == "lobby" and len(e["players"]) == 2,
                              "the second Gus in the lobby", timeout=60)
    known = lobby["players"][1]["known"]
    assert known["mark"] == "another key"
    assert known["words"].startswith("WARNING: this Gus is NOT the Gus you played 1 game with")


async def test_two_hosts_announcing_one_instance_name_both_stay_listed_the_second_renamed(
        lab, tmp_path):
    browser = await Agent.start(3, "browse", logdir=tmp_path)
    first = second = None
    try:
        await browser.next(10, event="browsing")
        first = await Agent.start(1, "announce", json.dumps(INFO), "40404", logdir=tmp_path)
        one = await first.next(10, event="registered")
        # the same TXT (so the same instance name) from another host: its probes find the name
        # answered and zeroconf renames it instead of taking the name over
        second = await Agent.start(2, "announce", json.dumps(INFO), "40405", logdir=tmp_path)
        two = await second.next(15, event="registered")
        assert one["name"] != two["name"]
        assert two["name"].startswith(one["name"].split(".")[0].rsplit(" ", 1)[0])
        seen: dict[str, int] = {}
        with trio.move_on_after(15):
            while set(seen) != {one["name"], two["name"]}:
                ev = await browser.next(15, event="seen")
                seen[ev["name"]] = ev["port"]
        assert seen == {one["name"]: 40404, two["name"]: 40405}
    finally:
        for agent in (first, second):
            if agent is not None:
                await agent.finish()
        await browser.finish()


def test_an_impostor_announcing_the_real_lobbys_exact_name_and_code_never_hides_it(
        lab, tmp_path):
    """The issue's adversarial run: a stranger's own lobby on another host, announced without
    probing under the real lobby's exact instance name with TXT code= the real host's check
    code. `list` on a third host shows the real lobby, once, and never the impostor, each of
    several runs; `join CODE` on a fourth joins the real host."""
    async def impostor_announcing(info: dict, port: int) -> Agent:
        agent = await Agent.start(2, "impostor", json.dumps(info), str(port), logdir=tmp_path)
        registered = await agent.next(15, event="registered")
        # the real lobby's exact instance name (node.discovery: "HOST CODE")
        assert registered["name"] == f"Hana {info['code']}._lanboard._tcp.local."
        return agent

    with runs() as started:
        host = Run(1, tmp_path / "hana", "host", "host", "--seats", "2", "--bot", "greedy",
                   "--name", "Hana")
        fake = Run(2, tmp_path / "fake", "host", "host", "--seats", "2", "--bot", "greedy",
                   "--name", "Hana", "--no-announce")
        started += [host, fake]
        port = host.wait_for(lambda e: e["event"] == "listening", "listening")["port"]
        code = host.wait_for(lambda e: e["event"] == "lobby", "its lobby")["players"][0]["code"]
        fake_port = fake.wait_for(lambda e: e["event"] == "listening", "listening")["port"]
        time.sleep(2)   # the real announcement is registered (probing takes about 1.7 s)
        info = {"game": "overwatch-monopoly", "host": "Hana", "code": code, "seats_taken": 1,
                "seats_total": 2}
        agent = trio.run(impostor_announcing, info, fake_port)
        try:
            for k in range(3):
                lister = Run(3, tmp_path / f"list{k}", f"list{k}", "list", "--timeout", "3")
                lister.proc.wait(timeout=30)
                listed = [json.loads(line) for line in lister.out.read_text().splitlines()]
                mine = [(x["address"], x["port"]) for x in listed if x["code"] == code]
                assert mine == [(lab[1], port)], listed
            gus = Run(4, tmp_path / "gus", "join", "join", code, "--bot", "greedy",
                      "--name", "Gus", "--find-timeout", "60")
            started.append(gus)
            found = gus.wait_for(lambda e: e["event"] == "found", "the lobby found", 60)
            assert found["address"] == lab[1]
            host.wait_for(lambda e: e["event"] == "lobby" and len(e["players"]) == 2,
                          "Gus seated at the real host", 60)
        finally:
            trio.run(agent.finish)
