"""Genesis: what the players agree on before the first move, signed by all of them.

The match id is the SHA-256 of the canonical signed genesis. Ed25519 signatures are
deterministic and `cryptography` rejects non-canonical ones, so the signed genesis, and with it
the id, has one byte form.
"""
from __future__ import annotations

import hashlib
from typing import Any

import engine
from engine.core import player_name

from .codec import encode
from .identity import verify_signature
from .hidden.sizes import MAX_CARDS, MAX_DECK, MAX_DECK_NAME
from .messages import (HIDDEN_PROTOCOL, PROTOCOL_VERSION, RETIRED_PROTOCOLS, SchemaError,
                       genesis_statement, parse_genesis_body)
from .peertext import name_problem

__all__ = [
    "DEFAULT_CHAIN", "DEFAULT_TIMEOUTS", "make_body", "protocol_for", "sign_body", "assemble",
    "match_id", "body_hash", "check_signed_genesis", "GenesisError",
]

# A Monopoly game rolls a few hundred times; 2^14 reveals is ample and costs ~10 ms to build.
DEFAULT_CHAIN = 1 << 14
DEFAULT_TIMEOUTS = {"decision": 300, "round": 60}


# The largest hidden deck a match may use: the shuffle proof's commitment generators are
# h_0..h_254 (protocol.hidden.shuffle), one per position. Every frame such a deck makes fits
# the 65536-byte item limit with room to spare: a 255-card shuffle share is some 50 KB (66
# bytes a card of deck, 128 of proof), inside a halt notice or a proof item too (tested).
# Overwatch Monopoly's Loot Box deck has 9.
MAX_HIDDEN_DECK = MAX_DECK
# A hidden deck's name is in every draw part and disclosed card; names and sizes are bounded
# so that a disclosure of every hidden card fits one entry (protocol.hidden.sizes).
_DECK_NAME = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


class GenesisError(ValueError):
    def __init__(self, reason: str, seat: int | None = None) -> None:
        super().__init__(reason)
        self.seat = seat


def make_body(game: str, players: list[dict], *, variants: tuple[str, ...] = (), nonce: bytes,
              chain: int = DEFAULT_CHAIN, timeouts: dict | None = None) -> dict:
    """players: [{"key": public key, "name": str, "commit": chain commitment}] in seat order."""
    g = engine.get_game(game)
    hidden = g.hidden_decks(len(players), tuple(sorted(set(variants))))
    body = {
        "protocol": protocol_for(hidden), "game": game, "variants": sorted(set(variants)),
        "digest": g.digest(), "players": [dict(p) for p in players], "chain": chain,
        "timeouts": dict(timeouts or DEFAULT_TIMEOUTS), "nonce": nonce,
    }
    parse_genesis_body(body)
    return body


def protocol_for(hidden_decks: tuple) -> int:
    """The one protocol a match is played over: 4 exactly for a game with hidden cards (a
    protocol-2 log could not keep them secret, and protocol 4 adds nothing to another game)."""
    return HIDDEN_PROTOCOL if hidden_decks else PROTOCOL_VERSION


def protocol_problem(number: int) -> str | None:
    """Why a genesis naming protocol `number` is not one this build plays or verifies, if it
    is not: an older lanboard's (a retired number) or an unknown one (a newer lanboard's)."""
    if number in (PROTOCOL_VERSION, HIDDEN_PROTOCOL):
        return None
    if number in RETIRED_PROTOCOLS:
        return (f"this match was made by an older lanboard: it uses {RETIRED_PROTOCOLS[number]}, "
                f"which this build no longer plays or verifies (it plays protocol "
                f"{PROTOCOL_VERSION}, and {HIDDEN_PROTOCOL} for games with hidden cards); an "
                "older lanboard verifies it")
    return (f"protocol {number} is not one this build knows (it plays protocol "
            f"{PROTOCOL_VERSION}, and {HIDDEN_PROTOCOL} for games with hidden cards): made by "
            "a newer lanboard?")


def body_hash(body: dict) -> bytes:
    return hashlib.sha256(genesis_statement(body)).digest()


def sign_body(body: dict, sign: Any) -> bytes:
    return sign(genesis_statement(body))


def assemble(body: dict, sigs: list[bytes]) -> dict:
    return {"body": body, "sigs": list(sigs)}


def match_id(signed: dict) -> bytes:
    return hashlib.sha256(encode(signed)).digest()


def check_body(body: dict) -> Any:
    """The game's initial state if the body describes a playable match, else GenesisError."""
    try:
        parse_genesis_body(body)
    except SchemaError as e:
        raise GenesisError(str(e)) from None
    # before anything else: another protocol's rules may differ in any of the checks below
    problem = protocol_problem(body["protocol"])
    if problem:
        raise GenesisError(problem)
    for seat, player in enumerate(body["players"]):
        # a name is printed on every player's terminal (protocol.peertext); no one seat is to
        # blame for it, as every seat signed it
        problem = name_problem(player["name"])
        if problem:
            raise GenesisError(f"{player_name(seat)}'s name: {problem}")
    keys = [p["key"] for p in body["players"]]
    if len(set(keys)) != len(keys):
        raise GenesisError("two seats share one key")
    commits = [p["commit"] for p in body["players"]]
    if len(set(commits)) != len(commits):
        raise GenesisError("two seats share one randomness commitment")
    try:
        game = engine.get_game(body["game"])
    except KeyError as e:
        raise GenesisError(str(e.args[0]) if e.args else "unknown game") from None
    if game.digest() != body["digest"]:
        raise GenesisError(
            f"rules digest differs: this match was made by a build whose {body['game']} rules "
            f"(rules, data, takeover bot or engine core) are not this build's (rules version "
            f"{game.rules_version}, digest {game.digest().hex()[:16]}…, the match's "
            f"{body['digest'].hex()[:16]}…); every player needs the same lanboard version")
    if body["variants"] != sorted(set(body["variants"])):
        raise GenesisError("variants must be sorted and distinct")
    try:
        state = game.new(len(body["players"]), tuple(body["variants"]))
    except ValueError as e:
        raise GenesisError(str(e)) from None
    hidden = game.hidden_decks(len(body["players"]), tuple(body["variants"]))
    if body["protocol"] != protocol_for(hidden):
        raise GenesisError(
            f"{body['game']} deals hidden cards, which need protocol {HIDDEN_PROTOCOL}; this match "
            f"is protocol {body['protocol']}, whose log cannot keep them secret" if hidden else
            f"protocol {body['protocol']} is only for games with hidden cards; {body['game']} "
            f"has none and is played over protocol {PROTOCOL_VERSION}")
    names = [name for name, _ in hidden]
    if len(set(names)) != len(names):
        raise GenesisError(f"{body['game']} names two hidden decks alike")
    if sum(size for _, size in hidden) > MAX_CARDS:
        raise GenesisError(f"{body['game']}'s hidden decks have {sum(s for _, s in hidden)} cards "
                           f"together; a match has at most {MAX_CARDS} (a disclosure of every "
                           "hidden card must fit one entry)")
    for name, size in hidden:
        if type(name) is not str or not 1 <= len(name) <= MAX_DECK_NAME or \
                not set(name) <= _DECK_NAME:
            raise GenesisError(f"a hidden deck's name is 1 to {MAX_DECK_NAME} lowercase letters, "
                               f"digits or hyphens, not {name!r:.40}")
        if not 1 <= size <= MAX_HIDDEN_DECK:
            raise GenesisError(f"the hidden deck {name!r} has {size} cards; a hidden deck has "
                               f"1 to {MAX_HIDDEN_DECK} (protocol {HIDDEN_PROTOCOL}'s shuffle "
                               f"proof has one commitment generator a position, h_0 to "
                               f"h_{MAX_HIDDEN_DECK - 1})")
    return state


def check_signature(body: dict, seat: int, sig: bytes) -> bool:
    return verify_signature(body["players"][seat]["key"], sig, genesis_statement(body))


def check_signed_genesis(signed: dict) -> Any:
    """Initial state of a fully signed genesis, or GenesisError naming the first bad seat."""
    state = check_body(signed["body"])
    statement = genesis_statement(signed["body"])
    for seat, (player, sig) in enumerate(zip(signed["body"]["players"], signed["sigs"])):
        if not verify_signature(player["key"], sig, statement):
            raise GenesisError(f"genesis signature of {player_name(seat)} does not verify", seat)
    return state
