"""`lanboard standings`: every file verified as `verify` does, a file that fails named and left
out, each match counted once by id, unfinished matches not counted, and a ranking that is a
pure function of the set of matches (cli.standings), whatever the files' order or copies."""
from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

from cli.main import main
from cli.standings import Played, places, table
from protocol.codec import decode, encode
from protocol.genesis import make_body
from protocol.identity import Identity, check_code
from protocol.inmemory import Player, play_match
from protocol.matchfile import MAX_FILE
from protocol.randomness import HashChain, chain_secret
from protocol.verify import verify_bytes
from tests.protocol.helpers import TOY, items, join


def _h(label: str) -> bytes:
    return hashlib.sha256(f"standings-test/{label}".encode()).digest()


KEYS = [Identity.from_seed(_h(f"key/{seat}")) for seat in range(3)]


def _match(k: int, seed: int | None = None) -> bytes:
    """Match `k` of one group of three friends (the same keys every time, a new genesis each
    match), played to its end over the real protocol by in-memory nodes; `seed` plays the same
    genesis with other moves (another history of one match)."""
    nonce = _h(f"nonce/{k}")[:16]
    people = [Player(i, HashChain(chain_secret(i.seed(), nonce), 64), f"friend{s}")
              for s, i in enumerate(KEYS)]
    body = make_body(TOY, [{"key": p.identity.public, "name": p.name,
                            "commit": p.chain.commitment} for p in people],
                     nonce=nonce, chain=64)
    seed = k if seed is None else seed
    run = play_match(TOY, 3, seed=seed, order_seed=seed, prepared=(body, people))
    return join(run.sessions[0].log)


@pytest.fixture(scope="module")
def matches() -> list[tuple[bytes, object]]:
    out = []
    for k in range(8):
        data = _match(k)
        report = verify_bytes(data)
        assert report.status == 0 and report.complete
        out.append((data, report))
    return out


def _standings(capsys, *args) -> dict:
    assert main(["standings", "--json", *map(str, args)]) == 0
    return json.loads(capsys.readouterr().out)


def _write(folder, name, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    return folder / name


def test_the_table_is_the_same_in_any_file_order_and_with_any_number_of_copies(
        tmp_path, matches, capsys):
    paths = [_write(tmp_path / "a", f"m{k}.match", d) for k, (d, _) in enumerate(matches)]
    once = _standings(capsys, *paths)
    assert len(once["matches"]) == 8 and sum(r["games"] for r in once["overall"]) == 8 * 3
    shuffled = paths[:]
    random.Random(3).shuffle(shuffled)
    copies = [_write(tmp_path / "b" / "deeper", f"copy{k}.match", d)
              for k, (d, _) in enumerate(matches[:5])]
    for order in (paths[::-1], shuffled, shuffled + copies + paths[:2], [tmp_path]):
        again = _standings(capsys, *order)
        assert again["overall"] == once["overall"] and again["games"] == once["games"]
        assert [m["match"] for m in again["matches"]] == [m["match"] for m in once["matches"]]
        assert again["left_out"] == []
    # a copy of a match is listed beside it, counted once
    folder = _standings(capsys, tmp_path)
    assert sum(len(m["files"]) for m in folder["matches"]) == 8 + 5
    # the text table too: the same lines whatever the order
    assert main(["standings", *map(str, paths)]) == 0
    text = capsys.readouterr().out
    assert main(["standings", *map(str, shuffled + copies)]) == 0
    assert capsys.readouterr().out == text


def test_the_player_who_won_most_of_a_set_of_real_matches_is_ranked_first(
        tmp_path, matches, capsys):
    # Which seed deals which places follows the toy's rules digest, which covers the engine
    # core: an edit there deals other matches. So the set is drawn from more matches than the
    # eight, and each other's win from one the best did not finish last in: the rating weighs
    # every place, and two wins with two last places may rank below one win and three seconds.
    pool = matches + [(d, verify_bytes(d)) for d in map(_match, range(len(matches), 24))]
    won = {k.public.hex(): [d for d, r in pool if r.players[r.winners[0]]["key"] ==
                            k.public.hex()] for k in KEYS}
    best = max(won, key=lambda k: len(won[k]))
    others = [k for k in won if k != best]

    def not_last(r) -> bool:
        mine = r.scores[[p["key"] for p in r.players].index(best)]
        return min(r.scores) < mine

    ahead = {d for d, r in pool if not_last(r)}
    won_ahead = {k: [d for d in won[k] if d in ahead] for k in others}
    assert len(won[best]) >= 2 and all(won_ahead[k] for k in others), \
        "the seeds give no such set"
    # the best wins two of four; each other wins one
    chosen = won[best][:2] + [won_ahead[k][0] for k in others]
    paths = [_write(tmp_path, f"m{i}.match", d) for i, d in enumerate(chosen)]
    got = _standings(capsys, *paths)
    first = got["overall"][0]
    assert first["key"] == best and (first["games"], first["wins"]) == (4, 2)
    assert [r["wins"] for r in got["overall"][1:]] == [1, 1]
    assert got["games"][TOY]["players"] == got["overall"]


def test_a_file_that_does_not_verify_is_named_with_why_and_left_out(tmp_path, matches, capsys):
    good, _ = matches[0]
    folder = tmp_path / "in"
    _write(folder, "good.match", good)
    raws = items(matches[1][0])
    entry = decode(raws[5])
    entry["sigs"][0] = bytes([entry["sigs"][0][0] ^ 1]) + entry["sigs"][0][1:]
    _write(folder, "badsig.match", join(raws[:5] + [encode(entry)] + raws[6:]))
    _write(folder, "truncated.match", matches[2][0][:len(matches[2][0]) // 2])
    _write(folder, "garbage.match", random.Random(1).randbytes(5000))
    with open(folder / "huge.match", "wb") as f:     # sparse: no disk, no read
        f.truncate(MAX_FILE + 1)
    os.symlink(tmp_path / "nowhere.match", folder / "dangling.match")
    os.symlink(folder, folder / "loop")
    (folder / "notes.txt").write_text("not a match file, and not named *.match: not read")
    assert main(["standings", str(folder)]) == 0
    out, err = capsys.readouterr()
    said = {line.removeprefix("left out: ").split(": ")[0]: line for line in err.splitlines()}
    assert sorted(said) == sorted(str(folder / n) for n in (
        "badsig.match", "truncated.match", "garbage.match", "huge.match", "dangling.match",
        "loop"))
    assert "signature" in said[str(folder / "badsig.match")]
    assert "changed or damaged at entry" in said[str(folder / "truncated.match")]
    assert "not a match file" in said[str(folder / "garbage.match")]
    assert f"larger than {MAX_FILE} bytes" in said[str(folder / "huge.match")]
    assert "No such file" in said[str(folder / "dangling.match")]
    assert "folder loop" in said[str(folder / "loop")]
    assert "Traceback" not in out + err
    got = _standings(capsys, folder)
    assert len(got["matches"]) == 1 and len(got["left_out"]) == 6
    assert sorted(r["key"] for r in got["overall"]) == sorted(k.public.hex() for k in KEYS)


def test_copies_of_one_match_that_differ_count_in_neither_and_are_named(
        tmp_path, matches, capsys):
    other = _match(0, seed=99)     # the genesis of match 0, other moves: a second history
    assert verify_bytes(other).status == 0 and other != matches[0][0]
    a = _write(tmp_path, "a.match", matches[0][0])
    b = _write(tmp_path, "b.match", other)
    c = _write(tmp_path, "c.match", matches[1][0])
    got = _standings(capsys, a, b, c)
    assert [m["match"] for m in got["matches"]] == [matches[1][1].match_id]
    assert sorted(x["file"] for x in got["left_out"]) == [str(a), str(b)]
    assert all("verified copies that differ" in x["why"] for x in got["left_out"])


def test_an_unfinished_match_is_not_counted_and_said_so(tmp_path, matches, capsys):
    part = _write(tmp_path, "part.match", join(items(matches[0][0])[:20]))
    assert main(["verify", "--partial", str(part)]) == 0
    done = _write(tmp_path, "done.match", matches[1][0])
    capsys.readouterr()
    assert main(["standings", str(part), str(done)]) == 0
    out, err = capsys.readouterr()
    assert f"not counted, unfinished (no result yet): {part}" in out and err == ""
    got = _standings(capsys, part, done)
    assert got["unfinished"] == [{"file": str(part), "match": matches[0][1].match_id}]
    assert [m["match"] for m in got["matches"]] == [matches[1][1].match_id]


def test_json_has_one_row_per_key_overall_and_per_game_with_names_from_the_genesis(
        tmp_path, matches, capsys):
    paths = [_write(tmp_path, f"m{k}.match", d) for k, (d, _) in enumerate(matches[:3])]
    got = _standings(capsys, *paths)
    assert sorted(got) == ["games", "left_out", "matches", "overall", "unfinished"]
    assert sorted(got["games"]) == [TOY] and got["games"][TOY]["matches"] == 3
    rows = got["overall"]
    assert [r["place"] for r in rows] == [1, 2, 3]
    by_key = {k.public.hex(): (f"friend{s}", k.check_code) for s, k in enumerate(KEYS)}
    for r in rows:
        assert sorted(r) == ["check_code", "games", "key", "mu", "name", "place", "rating",
                             "sigma", "wins"]
        assert (r["name"], r["check_code"]) == by_key[r["key"]]
        assert r["check_code"] == check_code(bytes.fromhex(r["key"]))
        assert r["games"] == 3 and abs(r["rating"] - (r["mu"] - 3 * r["sigma"])) < 0.002
        assert all(round(r[f], 3) == r[f] for f in ("rating", "mu", "sigma"))
    assert sum(r["wins"] for r in rows) == 3
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)


def test_no_matches_is_one_clear_line_and_exit_0(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path / "home"))
    assert main(["standings"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("no finished match that verifies in ") and err == ""
    assert len(out.splitlines()) == 1
    (tmp_path / "empty").mkdir()
    assert main(["standings", str(tmp_path / "empty")]) == 0
    assert "no finished match that verifies in" in capsys.readouterr().out
    got = _standings(capsys, tmp_path / "empty")
    assert got["overall"] == [] and got["matches"] == [] and got["games"] == {}


def test_by_default_your_matches_are_ranked_and_the_archive_is_not_read(
        tmp_path, monkeypatch, matches, capsys):
    monkeypatch.setenv("LANBOARD_HOME", str(tmp_path))
    _write(tmp_path / "matches", f"{matches[0][1].match_id[:16]}.match", matches[0][0])
    _write(tmp_path / "archive", f"{matches[1][1].match_id[:16]}.match", matches[1][0])
    got = _standings(capsys)
    assert [m["match"] for m in got["matches"]] == [matches[0][1].match_id]


def test_winners_share_first_place_and_the_others_follow_by_score():
    assert places((10, 30, 30, 5), (1, 2)) == [2, 1, 1, 3]
    assert places((10, 30, 10), (0,)) == [1, 2, 3]          # a winner need not score most
    assert places((4, 7, 4), ()) == [2, 1, 2]               # a draw: by score alone
    assert places((0, 0), ()) == [1, 1]


def test_the_ratings_are_a_function_of_the_set_of_matches_not_their_order():
    a, b, c = "aa", "bb", "cc"
    ms = [Played("03", "g", (a, b, c), (1, 2, 3), (2,)), Played("01", "g", (a, b), (5, 1), (0,)),
          Played("02", "g", (c, b, a), (9, 9, 1), (0, 1))]
    assert table(ms) == table(ms[::-1]) == table(ms + ms[:1])
    # OpenSkill depends on order: rated by match id, so the id order, not the list's, counts
    swap = {"01": "03", "03": "01"}
    renamed = [Played(swap.get(m.match_id, m.match_id), m.game, m.keys, m.scores, m.winners)
               for m in ms]
    assert table(renamed) != table(ms)


def test_a_player_in_your_book_is_named_as_you_know_them(tmp_path, matches, capsys,
                                                        monkeypatch):
    from node.players_book import Book
    home = tmp_path / "home"
    monkeypatch.setenv("LANBOARD_HOME", str(home))
    home.mkdir()
    book = Book(home)
    book.played(b"\x01" * 16, [(KEYS[1].public, "friend1")], me=b"")
    book.find(KEYS[1].check_code)   # the book knows the key by its code
    book.players[KEYS[1].public.hex()].name = "Hana"
    book.save()
    paths = [_write(tmp_path, f"m{k}.match", d) for k, (d, _) in enumerate(matches[:3])]
    names = {r["key"]: r["name"] for r in _standings(capsys, *paths)["overall"]}
    assert names[KEYS[1].public.hex()] == "Hana"   # the book's name, not the genesis's
    assert names[KEYS[0].public.hex()] == "friend0"   # not in the book: the genesis's
