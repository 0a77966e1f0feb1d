"""Reusable board geometry: square grids as int bitmasks, polyomino shapes and placements."""
