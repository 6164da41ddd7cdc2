"""The Textual client: screens, widgets and the controller between them and the engine."""
