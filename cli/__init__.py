"""The `lanboard` command."""
