"""black_swan_taroc: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""
