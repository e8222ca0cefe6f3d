"""Helpers shared by the test suite (not test doubles: those live in tests/fakes/ and clacks_hw/testing/)."""
