"""Test doubles: recording sinks, emulated devices and a fake clock."""
