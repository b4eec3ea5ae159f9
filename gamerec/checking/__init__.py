"""Checking records: the verdict on each (:mod:`.verdicts`: valid, illegal, incomplete,
mismatch, unreadable, with its score sheet), batches checked in worker processes
(:mod:`.batch`) and the same on a Dask cluster (:mod:`.distributed`)."""
