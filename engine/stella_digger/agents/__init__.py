"""Stella Digger's the computer players' side: the heuristic (``easy``), the search's hooks, determinisation, the memo tables."""
