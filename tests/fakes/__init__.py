"""Test doubles only this test suite needs (the emulated devices are in clacks_hw.testing)."""
