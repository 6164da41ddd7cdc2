"""Textual widgets of the client, one per module."""
