"""Helpers shared by the tests (not tests themselves): conformance suites,
known-answer loaders, reference twins and the like, one job per module."""
