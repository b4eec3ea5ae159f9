"""Archives of records: selecting records (:mod:`.select`), splitting them one file per
group (:mod:`.split`) and the set of content hashes that finds duplicates (:mod:`.digests`)."""
