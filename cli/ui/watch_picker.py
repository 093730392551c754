"""`lanboard watch` without a name at a terminal: the games being played on the LAN as they
appear, to pick one to watch. The lobby picker's mechanism (cli.ui.lobby_picker: `lanboard list
--json` in a subprocess every few seconds, none outliving the picker), with its own choice of
games and its own words.

Invariants: only games being played are offered; one that takes no watchers is shown, dimmed,
with the reason, and never picked; a private table is offered (its watcher needs the code, asked
for by `watch --code`, not here).
"""
from __future__ import annotations

import asyncio


from protocol.peertext import shown

from .lobby_picker import LobbyPicker, list_lan


def running_games(found: list[dict]) -> list[dict]:
    """The games being played among what `list --json` found, those that take watchers first."""
    playing = [x for x in found if x.get("phase") == "playing"]
    return sorted(playing, key=lambda x: x.get("watch") in (None, "no"))


def watchable(game: dict) -> bool:
    return game.get("watch") not in (None, "no")


class WatchPicker(LobbyPicker):
    NONE_YET = "No game is being played yet: wait for one, or q to give up."
    KEYS = "↑/↓ choose a game, Enter watches it, q gives up."

    def pick(self, picked: dict) -> bool:
        if not watchable(picked):
            self.message = f"{shown(picked['host'])}'s game takes no watchers."
            return False
        self.choice = picked
        return True

    def pickable(self, found: list[dict]) -> list[dict]:
        return running_games(found)

    def fragments(self):
        out = [("class:title", "lanboard — games being played on the LAN, to watch\n\n")]
        if not self.lobbies:
            out.append(("class:dim", f"looking… ({self.searches} searches so far)\n"))
        for k, x in enumerate(self.lobbies):
            mark = ">" if k == self.selected else " "
            style = "class:selected" if k == self.selected else \
                "" if watchable(x) else "class:dim"
            watch = f"watch {x['watch']}" if watchable(x) else "takes no watchers"
            if watchable(x) and x.get("delay"):
                watch += f", {x['delay']} turn{'s' if x['delay'] > 1 else ''} behind"
            private = "  private (watch --code)" if x.get("private") else ""
            out.append((style, f"{mark} {shown(x['host']):<20} {x['game']}  "
                               f"{x['seats_taken']} players  {watch}{private}  "
                               f"{x['address']}:{x['port']}\n"))
        out.append(("", "\n"))
        if self.message:
            out.append(("class:status", self.message + "\n"))
        out.append(("class:hint", "↑/↓ choose · Enter watch · q quit"))
        return out


def pick_game(interfaces=()) -> dict | None:
    return asyncio.run(WatchPicker(lambda: list_lan(2.0, interfaces)).run())
