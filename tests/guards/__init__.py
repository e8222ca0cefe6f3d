"""Guards! Guards!: the engine, its edition file and its views."""
