"""Out of Mine!: the pure rules engine (docs/rules/out-of-mine.md, engine/out_of_mine/README.md)."""
