"""Chosen game situations for screen tests, built with the engine scenario helpers."""
from __future__ import annotations

import engine
from cli.ui.glossary import Glossary
from cli.ui.model import Model
from engine import Decision
from node.words import SeatNames, board, decision_words, glossary, summary
from tests.overwatch.scenario import DEFAULT_TEAMS, act, new_game, turn_roll

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def model_for(state, seat: int = 0, log=(), names=NAMES, cards=()) -> Model:
    """A Model as the control API would fill it for `seat` in `state` (the node's words);
    `cards` are the hidden cards that seat's node decrypted, as its state answer lists them
    ([{"deck", "position", "card"}])."""
    p = engine.pending(state)
    decision = None
    seated = names[:len(state.players)]
    if isinstance(p, Decision) and p.player == seat:
        decision = {"prompt": p.prompt, "options": [list(o) for o in p.options],
                    **decision_words(state, p, SeatNames(seated, seat))}
    m = Model(status={"players": [{"name": n} for n in seated], "game": state.game,
                      "seat": seat, "phase": "playing", "name": names[seat], "code": "ABCD-EFGH"},
              summary=summary(state, seat, SeatNames(seated, seat)),
              state=engine.to_data(engine.view(state, seat)), decision=decision,
              board=board(state, seat, {(c["deck"], c["position"]): c["card"] for c in cards}),
              waiting_for=p.player if isinstance(p, Decision) else None,
              glossary=Glossary.of(glossary(state.game)), attested=(42, "9f" * 32),
              log=list(log))
    return m


def opening_four_players():
    """Turn 1 of a four-player game: Ann is to roll."""
    return new_game(DEFAULT_TEAMS[:4])


def crowded_midgame():
    """Owners, a trap and a turret, a jailed player, an eliminated hero; Ann has rolled a 3 and
    the support icon, so moving, Ana's ability and trades are open."""
    def change(s):
        s.owners[1] = s.owners[3] = 0
        s.owners[9] = s.owners[11] = 1
        s.owners[17] = 2
        s.owners[30] = s.owners[31] = 3
        s.traps[5] = 1
        s.turrets[13] = 3
        s.players[0].pos, s.players[0].hp = 2, 14
        s.players[1].pos, s.players[1].hp = 8, 6
        s.players[1].jailed = True
        s.players[2].pos, s.players[2].hp = 17, 21
        s.players[2].heroes[0].active = False
        s.players[3].pos, s.players[3].hp = 2, 9
        s.players[3].immune = True
    s = new_game(DEFAULT_TEAMS[:4], setup=change)
    return turn_roll(s, 3, "support")


def auction_two_players():
    """Two players; Ann landed on Marketplace, put it up for auction, and Bob is to bid."""
    s = new_game(DEFAULT_TEAMS[:2])
    s = turn_roll(s, 1, "damage")
    s = act(s, "move")
    s = act(s, "auction")
    return s


def capture_two_players():
    """Two players; Ann moved onto Numbani and may capture it."""
    s = new_game(DEFAULT_TEAMS[:2])
    s = turn_roll(s, 3, "damage")
    return act(s, "move")


def mario_midgame():
    """Four players: owners, coins lying on spaces and in the visiting area, a boss won, Peach
    in jail; Ann has rolled 4 and a Red Shell."""
    from tests.mario import scenario as mario

    def change(s):
        s.owners[1] = s.owners[3] = 0
        s.owners[11] = 1
        s.owners[29] = s.owners[31] = 3
        s.board[4], s.board[20] = 3, 1
        s.pot = 2
        s.players[2].bosses = [s.boss_deck.pop(0)]
        s.players[0].coins, s.players[1].coins = 12, 4
        s.figures[0].pos, s.figures[1].pos = 6, 8
        s.figures[1].jailed = True
        s.figures[2].pos = s.figures[3].pos = 11
    s = mario.new_game(setup=change)
    return mario.turn_roll(s, 4, "red_shell")


def spiderman_midgame():
    """Four players: owners, Spider-Tracers and a Spider-Bot, the Symbol held, a kept card,
    one player bankrupt; Ann is to roll."""
    from tests.spiderman import scenario as spidey

    def change(s):
        s.owners[1] = s.owners[3] = 0
        s.tech[1], s.tech[3] = 2, 5
        s.owners[24] = 1
        s.owners[37] = s.owners[39] = 2
        s.symbol = 1
        s.players[1].cards = ["ss01"]
        s.players[1].pos = 24
        s.players[2].pos = 10
        s.players[2].jailed = True
        s.players[3].out = True
    return spidey.new_game(setup=change)


def spiderman_auction():
    """Two players: Ann landed on Hammerhead and left it to the bank's auction, where she bids first."""
    from tests.spiderman import scenario as spidey
    s = spidey.roll(spidey.new_game(2), 1, 2)
    return spidey.act(s, "auction")


__all__ = ["model_for", "mario_midgame", "spiderman_midgame", "spiderman_auction", "opening_four_players", "crowded_midgame", "auction_two_players",
           "capture_two_players", "NAMES"]
