"""blackball: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""
