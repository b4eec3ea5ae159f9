"""black_swan_2012: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""
