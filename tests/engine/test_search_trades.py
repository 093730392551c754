"""The strong bot's trades in a Monopoly game (issue 27), in situations built by hand: it
proposes a trade that helps it (the objective completing its set), refuses a lopsided one
offered to it, and never proposes again an offer the same seat refused this turn (people's
histories filled with the same offer three times a turn)."""
from engine import bots
from engine.core import Decision
from tests.overwatch.scenario import GAME, act, new_game

NEPAL, OASIS, EICHENWALDE, LIJIANG = 25, 27, 7, 23


def _offer_of(s) -> tuple:
    """The whole offer of the trade_answer frame on top of `s`: (partner, give, take, pay)."""
    frame = s.agenda[-1]
    return frame.partner, frame.give, frame.take, frame.pay


def _bot_turn_offers(bot, s, seat: int, answer: str, limit: int = 12) -> tuple[list, object]:
    """Let `bot` (seat `seat`) play its turn decisions until it rolls, each offer it sends
    answered `answer` by the partner: (the offers sent, the state reached)."""
    sent = []
    for _ in range(limit * 8):
        p = GAME.pending(s)
        if not isinstance(p, Decision) or (p.player == seat and p.prompt == "turn"
                                           and not any(o[0] == "trade" for o in p.options)):
            break
        if p.player != seat:
            assert p.prompt == "trade_answer"
            sent.append(_offer_of(s))
            s = act(s, answer)
            continue
        move = bot.choose_seen(_observation(s, seat), p)
        if move[0] not in ("trade", "give", "take", "pay", "ask", "offer", "cancel"):
            break                                  # it rolled or did something else
        s = GAME.apply(s, move)
    return sent, s


def _observation(s, seat):
    from engine.observe import observe
    return observe(s, seat)


def _set_within_reach():
    """Seat 0 owns Nepal, seat 1 owns Oasis (Nepal's set), seat 0 to decide its turn."""
    return new_game(setup=lambda s: (s.owners.__setitem__(NEPAL, 0),
                                     s.owners.__setitem__(OASIS, 1)))


def test_the_strong_bot_proposes_the_trade_that_completes_its_set():
    bot = bots.make_bot("strong:normal", "helps")
    sent, _ = _bot_turn_offers(bot, _set_within_reach(), 0, "accept")
    assert sent, "no trade proposed"
    partner, give, take, pay = sent[0]
    assert partner == 1 and OASIS in take and NEPAL not in give


def test_the_strong_bot_never_proposes_again_an_offer_the_same_seat_refused_this_turn():
    bot = bots.make_bot("strong:normal", "refused")
    sent, _ = _bot_turn_offers(bot, _set_within_reach(), 0, "refuse")
    assert sent, "no trade proposed"
    assert len(sent) == len(set(sent)), sent


def test_the_strong_bot_refuses_a_lopsided_trade_offered_to_it():
    """Seat 0 (a person) offers Eichenwalde (10 points) for the bot's Lijiang Tower (30)."""
    s = new_game(setup=lambda s: (s.owners.__setitem__(EICHENWALDE, 0),
                                  s.owners.__setitem__(LIJIANG, 1)))
    for move in (("trade", 1), ("give", EICHENWALDE), ("take", LIJIANG), ("offer",)):
        s = act(s, *move)
    p = GAME.pending(s)
    assert (p.player, p.prompt) == (1, "trade_answer")
    bot = bots.make_bot("strong:normal", "lopsided")
    assert bot.choose_seen(_observation(s, 1), p) == ("refuse",)
