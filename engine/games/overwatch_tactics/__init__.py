"""Overwatch: The Board Game (`overwatch-tactics`): hex tactics of Payload. See RULES.md."""
