"""The client's screens, one per module."""
