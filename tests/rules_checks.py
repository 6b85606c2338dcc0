"""Checks every game's engine tests share: a move the rules take, a move they refuse, and
validate and apply agreeing on a move."""
from __future__ import annotations

import copy
import json
from typing import Any, Callable

import pytest

from companion.engine import RuleError

ANY_STEP = object()  # refused(): the step a refusal names is not checked


def run(engine, state: Any, move: Any, check: Callable[[Any], None] | None = None) -> Any:
    """The state after ``move``, which the rules must take: validate accepts it, apply gives the
    same state twice and leaves the state it was given as it was, the new state's view is JSON
    and (for an engine) the move's history line is not empty; ``check`` asserts what the
    game's tests hold of every state. ``engine`` is a game engine, or anything with its
    ``validate``, ``apply`` and ``view`` (such as King's Court's arbiter)."""
    kept = copy.deepcopy(state)
    engine.validate(state, move)
    after = engine.apply(state, move)
    assert engine.apply(state, move) == after  # deterministic
    assert state == kept  # the old state is untouched
    if check is not None:
        check(after)
    json.dumps(engine.view(after))
    if hasattr(engine, "describe"):
        assert engine.describe(move, state.players)
    return after


def refused(engine, state: Any, move: Any, rule: str, rule_ids, step: Any = ANY_STEP) -> RuleError:
    """The RuleError that validate raises for ``move``: it cites ``rule`` (and, when given, the
    part ``step`` of the move), an entry of ``rule_ids``, in one plain sentence, and apply
    refuses the move the same way."""
    with pytest.raises(RuleError) as caught:
        engine.validate(state, move)
    error = caught.value
    assert error.rule == rule, error.message
    if step is not ANY_STEP:
        assert error.step == step, error.message
    assert error.rule in rule_ids
    assert error.message.endswith(".") and "\n" not in error.message
    with pytest.raises(RuleError) as again:
        engine.apply(state, move)
    assert again.value.to_dict() == error.to_dict()
    return error


def validate_then_apply(engine, state, move, rule_ids):
    """The state after ``move`` when the rules take it; else the RuleError, after checking that
    it names a rules-page entry in one plain sentence and that apply refuses it the same way."""
    try:
        engine.validate(state, move)
    except RuleError as error:
        assert error.rule in rule_ids
        assert error.message.endswith(".") and "\n" not in error.message
        try:
            engine.apply(state, move)
        except RuleError as again:
            assert again.to_dict() == error.to_dict()
        else:
            raise AssertionError("apply accepted a move validate refused")
        return error
    return engine.apply(state, move)
