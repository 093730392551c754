import tests.protocol.toygame  # noqa: F401  (registers "toy-race")
