"""What a tournament desk reads off many records: standings (:mod:`.standings`), ratings
(:mod:`.ratings`) and player statistics (:mod:`.stats`)."""
