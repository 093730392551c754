"""trio I/O around the protocol session: discovery, transport, persistence, control API."""
