"""The loops that work beside the requests: the due worker (`due_worker`) and its bot turns,
clock sweeps, settlements and archiving; the webhook deliveries (and their HTTP client)."""
