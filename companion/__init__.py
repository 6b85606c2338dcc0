"""The companion: a phone-first helper beside a real game table."""
