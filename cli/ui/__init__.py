"""The terminal UI: a prompt-toolkit client of a node's control socket (see cli/ui/app.py)."""
