"""A private table's lobby at a terminal (issue 30), against a scripted control socket.

Held here: the host's lobby screen shows the table code large, to be read out across the room,
with the guesses it resists, at 80x24 and 100x30 (on one line when the rows are lacking), from
the control API's status alone; a wrong code tried at the door is told in the lobby's log; the
host refuses a seated player with x, the seat and y, nothing sent before y; the join picker
marks a private table and asks for its code when it is picked, refusing in words what cannot
be a code (a wrong code's words at the host: tests/cli/test_join_errors.py)."""
import asyncio

from cli.ui import big_text
from cli.ui.lobby_picker import LobbyPicker
from cli.ui.model import Model
from cli.ui.screens import lobby_screen
from protocol.table_code import ALPHABET
from tests.ui.harness import ScriptedNode, terminal, text, until

CODE = "K7Q-M3X"
STRENGTH = ("it resists about 595 million guesses (29 bits); this lobby allows 5 wrong codes a "
            "minute, then a 60-second pause")
CODES = ["AD55-GY4Y", "KQ3M-7WXA", "PR2T-9ZCB", "HN4J-6FEE", "MW8S-3DDA", "XT7Y-2BCQ"]


def _status(players: int = 3, **more) -> dict:
    return {"ok": True, "seat": 0, "phase": "lobby", "name": "Hana", "code": CODES[0],
            "game": "overwatch-monopoly", "title": "Monopoly Gamer: Overwatch",
            "players": [{"name": n, "code": c, "connected": True}
                        for n, c in zip(["Hana", "Gus", "Mo", "Lou", "Ida", "Bo"], CODES)
                        ][:players],
            "can_start": players > 1, "match": None,
            "table_code": {"code": CODE, "strength": STRENGTH}, **more}


def _lobby_node(status: dict, events=()) -> ScriptedNode:
    return ScriptedNode(lambda req: status if req["cmd"] == "status" else
                        {"ok": True, "decision": None, "timeout": None}, events)


def test_every_code_character_has_its_own_large_glyph():
    assert set(ALPHABET) | {"-"} <= set(big_text.GLYPHS)
    shapes = [tuple(rows) for rows in big_text.GLYPHS.values()]
    assert len(set(shapes)) == len(shapes)
    assert all(len(rows) == big_text.ROWS and {len(r) for r in rows} == {big_text.GLYPH_W}
               for rows in shapes)
    assert big_text.big("K7O-M3X") is None   # no glyph for O (not in a code): said as it is


def test_the_private_hosts_lobby_shows_the_table_code_large_with_the_guesses_it_resists(
        tmp_path):
    for size in ((80, 24), (100, 30)):
        node = _lobby_node(_status(), [{"event": "wrong code", "address": "10.0.0.7",
                                        "said": "3 wrong codes from 10.0.0.7"}])
        shots = []

        async def script(ui, inp, out, size=size):
            out.size = out.size._replace(columns=size[0], rows=size[1])
            await until(lambda: "wrong codes" in ui.screen_text(), 5, "the lobby", ui)
            shots.append(ui.screen_text())
        asyncio.run(node.drive(tmp_path / f"{size[0]}.sock", script))
        screen = shots[0]
        lines = screen.splitlines()
        assert len(lines) <= size[1] and max(map(len, lines)) <= size[0], screen
        big = big_text.big(CODE)
        at = next(k for k, line in enumerate(lines) if line.strip() == big[0].strip())
        assert [x.strip() for x in lines[at:at + big_text.ROWS]] == [x.strip() for x in big]
        said = " ".join(screen.split())
        assert f"{CODE}: it resists about 595 million guesses" in said
        assert "5 wrong codes a minute" in said and "read this code out" in said
        assert "a wrong table code: 3 wrong codes from 10.0.0.7" in said   # the host sees them
        # and the lobby itself is all there below it
        assert "Hana (you)" in screen and "Gus" in screen and "press s to start" in said


def test_a_lobby_without_room_for_the_large_code_still_shows_it_on_one_line():
    m = Model(status=_status(players=6))
    screen = text(lobby_screen(m, 80, 24))
    assert len(screen.splitlines()) <= 24
    assert big_text.big(CODE)[0].strip() not in screen
    assert f"{CODE}: it resists about 595 million guesses" in " ".join(screen.split())
    assert "Bo" in screen   # every seat still shown


def test_a_table_that_is_not_private_shows_no_code():
    status = _status()
    del status["table_code"]
    screen = text(lobby_screen(Model(status=status), 100, 30))
    assert "private table" not in screen and CODE not in screen


def _says(ui, words: str) -> bool:
    return words in " ".join(ui.screen_text().split())


def test_the_host_refuses_a_seated_player_with_x_then_the_seat_then_y(tmp_path):
    """Issue 30: in the lobby the host can refuse a player before the start. x asks which seat,
    then asks again naming the player and their check code; only y sends the control API's
    refuse (by that code); Esc at either question sends nothing."""
    status = _status(players=3)
    node = ScriptedNode(lambda req: status if req["cmd"] == "status" else
                        {"ok": True} if req["cmd"] == "refuse" else
                        {"ok": True, "decision": None, "timeout": None})

    async def script(ui, inp, out):
        await until(lambda: _says(ui, "x: refuse a player"), 5, "the lobby's hint", ui)
        inp.send_text("x")
        await until(lambda: _says(ui, "Which player do you refuse?"), 5, "the question", ui)
        assert _says(ui, "2 Gus KQ3M-7WXA") and _says(ui, "3 Mo PR2T-9ZCB")
        assert not _says(ui, "1 Hana")   # not the host's own seat
        inp.send_text("1")
        await until(lambda: _says(ui, "There is no player 1 to refuse: type 2, 3"), 5,
                    "the words for a seat that cannot be refused", ui)
        inp.send_text("\x1b")   # Esc: back to the lobby, nothing sent
        await until(lambda: _says(ui, "press s to start"), 5, "the lobby again", ui)
        inp.send_text("x")
        await until(lambda: _says(ui, "Which player"), 5, "the question again", ui)
        inp.send_text("3")
        await until(lambda: _says(ui, "Refuse Mo (seat 3, check code PR2T-9ZCB)?"), 5,
                    "the confirmation", ui)
        inp.send_text("\x1b")
        await until(lambda: _says(ui, "press s to start"), 5, "the lobby, Mo kept", ui)
        assert node.sent("refuse") == []
        inp.send_text("x")
        await until(lambda: _says(ui, "Which player"), 5, "the question a third time", ui)
        inp.send_text("2")
        await until(lambda: _says(ui, "Refuse Gus"), 5, "the confirmation for Gus", ui)
        inp.send_text("y")
        await until(lambda: node.sent("refuse"), 5, "the refusal to be sent", ui)
        await until(lambda: _says(ui, "Gus (KQ3M-7WXA) was refused"), 5, "what was done", ui)
    asyncio.run(node.drive(tmp_path / "c.sock", script))
    assert node.sent("refuse") == [{"cmd": "refuse", "code": "KQ3M-7WXA", "reason": ""}]


def test_x_is_not_offered_to_a_joiner_nor_to_a_host_alone():
    joiner = Model(status=_status(players=3, seat=None))
    alone = Model(status=_status(players=1))
    for m in (joiner, alone):
        assert "refuse" not in text(lobby_screen(m, 100, 30))


def _lobby(host: str, private: bool) -> dict:
    return {"name": host, "host": host, "code": "ABCD-EFGH", "game": "overwatch-monopoly",
            "seats_taken": 1, "seats_total": 4, "phase": "lobby", "private": private,
            "address": "192.0.2.7", "port": 4000 + len(host)}


def _picker_text(picker: LobbyPicker) -> str:
    return "".join(f[1] for f in picker.fragments())


def test_the_picker_marks_a_private_table_and_asks_its_code_when_it_is_picked():
    """Picking a private table asks for its code; what cannot be a code is refused in words and
    asked again, Esc goes back to the list, and the code typed (as a person types it: lower
    case, a space) is in the choice, in the form `join --code` takes."""
    async def lister():
        await asyncio.sleep(0.01)
        return [_lobby("Ann", False), _lobby("Hana", True)]

    async def script():
        with terminal(80, 24) as (inp, out):
            picker = LobbyPicker(lister)
            task = asyncio.ensure_future(picker.run())
            await until(lambda: len(picker.lobbies) == 2, 10, "both lobbies")
            shown = _picker_text(picker)
            hana = next(x for x in shown.splitlines() if "Hana" in x)
            assert hana.index("private, code needed") < 40   # not past a narrow screen's end
            assert shown.count("private") == 1
            inp.send_text("\x1b[B")   # down to Hana's private table
            await until(lambda: picker.selected == 1, 5, "Hana selected")
            inp.send_text("\r")
            await until(lambda: picker.asking is not None, 5, "the code asked")
            assert "Hana's table is private: type the code" in _picker_text(picker)
            inp.send_text("k7q\r")
            await until(lambda: "is not a table code" in picker.message, 5, "the words")
            assert picker.message.startswith("'k7q' is not a table code: 6 letters and digits")
            assert picker.choice is None and picker.app.is_running
            inp.send_text("\x1b")   # Esc: back to the list, the code forgotten
            await until(lambda: picker.asking is None, 5, "the list again")
            inp.send_text("\r")
            await until(lambda: picker.asking is not None, 5, "the code asked again")
            assert picker.typed == ""
            inp.send_text("k7q m3x\r")
            return await asyncio.wait_for(task, 5)

    chosen = asyncio.run(script())
    assert chosen["host"] == "Hana" and chosen["table_code"] == "K7Q-M3X"


def test_the_picker_asks_no_code_for_a_public_table_nor_one_given_beforehand():
    async def lister():
        await asyncio.sleep(0.01)
        return [_lobby("Hana", True), _lobby("Ann", False)]

    async def pick(code, down):
        with terminal(80, 24) as (inp, out):
            picker = LobbyPicker(lister, code)
            task = asyncio.ensure_future(picker.run())
            await until(lambda: len(picker.lobbies) == 2, 10, "both lobbies")
            inp.send_text("\x1b[B" * down + "\r")
            return await asyncio.wait_for(task, 5)

    public = asyncio.run(pick(None, 1))
    given = asyncio.run(pick("K7Q-M3X", 0))
    assert public["host"] == "Ann" and "table_code" not in public
    assert given["host"] == "Hana" and given["table_code"] == "K7Q-M3X"


def test_a_joiner_the_host_refused_reads_why_on_its_screen(tmp_path):
    """The refused player is told why: its node ends with the host's words ("lanboard join: the
    lobby refused us: ..."), and the UI that followed it says them (launch.last_words), not
    "your node was stopped; its match file is kept" as it did."""
    refused = "the lobby refused us: you were dropped from the lobby: you were refused by the host"
    node = _lobby_node(_status(players=2, seat=None, name="Gus", code=CODES[1]))
    sock = tmp_path / "c.sock"

    async def words():
        return refused

    async def script(ui, inp, out):
        ui.model.last_words = words
        await until(lambda: "Waiting for players" in ui.screen_text(), 5, "the lobby", ui)
        await until(lambda: node.streams, 5, "the event stream", ui)
        for stream in node.streams:   # the node ends: its stream closes, its socket goes
            stream.close()
        sock.unlink()
        await until(lambda: _says(ui, refused), 5, "the host's words", ui)
        assert "stopped" not in ui.screen_text() and "match file" not in ui.screen_text()
    asyncio.run(node.drive(sock, script))
