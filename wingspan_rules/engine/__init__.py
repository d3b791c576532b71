"""The rules core: the frame loop (``rules``), the effect IR's interpreter, the frame handlers
and the state every ruleset shares (docs/architecture.md)."""
