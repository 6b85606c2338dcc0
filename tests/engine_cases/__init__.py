"""Each game as the engine conformance test (tests/test_engine_conformance.py) plays it: a random
whole game from its simulator, what must hold of every state it reaches, and what a table or a
client might send it. A game's own property tests use its checks too."""
from engine_cases import kings_court, kingseat, majesty, royal_visit

CASES = {case.name: case for case in (kings_court.CASE, kingseat.CASE, majesty.CASE,
                                      royal_visit.CASE)}
