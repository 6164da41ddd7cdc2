"""uprising-tui: the rules engine and terminal client for Uprising: Curse of the Last Emperor."""
__version__ = "0.1.0"
