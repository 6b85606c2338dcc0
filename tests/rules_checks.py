"""A check every game's property tests share: validate and apply agree on a move."""
from __future__ import annotations

from companion.engine import RuleError


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
