"""Content ops: the executor of card effects (executor.py, source.py) and a handler for every op (handlers/)."""
