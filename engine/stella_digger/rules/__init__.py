"""Stella Digger's what happens within a step: cards played, crystals, accidents, mining completion, fights, the visibility check, where the marker can go, Red Tears."""
