"""Recording a game as it is played at a table: the live recorder (:mod:`.recorder`), its
journal (:mod:`.journal`, its typed entries :mod:`.journal_entries`, the log replayed on
resume :mod:`.log`), a line typed at the prompt (:mod:`.line`), deals played with their hands
hidden (:mod:`.hidden_hands`) and what the table is offered in words (:mod:`.tableside`)."""
