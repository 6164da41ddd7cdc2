"""The `uprising` sub-commands, one module each (registered in ``uprising_tui.cli.COMMANDS``)."""
