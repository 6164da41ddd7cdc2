"""The client's widgets, one per module."""
