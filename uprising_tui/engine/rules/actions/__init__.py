"""The seven Actions. Each module offers its options for a player and runs one."""
