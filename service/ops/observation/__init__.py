"""Observation: structured logs, metrics, and the middleware that logs and counts every
request."""
