"""The record format: what a record holds and every way it is stored.

- :mod:`~gamerec.record`: the record model (the Structs of a record); imports only
  the cards.
- :mod:`~gamerec.format.container`: the binary container's frames (``.grec``).
- :mod:`~gamerec.format.binary`: a record as a frame and back; the content hash.
- :mod:`~gamerec.format.jsonform`: the JSON form (``.json``, ``.jsonl``).
- :mod:`~gamerec.format.notation`: the text notation (``.gtxt``): its grammar, one action
  both ways, and writing; :mod:`~gamerec.format.notation_read`: reading records from it.
- :mod:`~gamerec.format.schema`: the JSON Schema of the JSON form.
- :mod:`~gamerec.format.encodings`: the four encodings and their suffixes.
- :mod:`~gamerec.format.detect`: telling the encodings apart from an input's first bytes.
- :mod:`~gamerec.format.read`: readers (one entry per record).
- :mod:`~gamerec.format.write`: writers (atomic, streamed, appended).
- :mod:`~gamerec.format.salvage`: the readable records of a damaged file.
- :mod:`~gamerec.format.paths`: files, directories and globs named on a command line.
- :mod:`~gamerec.format.listing`: what ``gamerec ls`` shows, from headers where it can.

This package's ``__init__`` imports nothing, so the rules engines can import the record
model without loading the readers and writers.
"""
