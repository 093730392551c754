"""Sans-IO protocol core: bytes and messages in, messages and events out, no sockets."""
