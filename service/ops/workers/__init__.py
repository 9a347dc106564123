"""The loops that work beside the requests: the bot worker, the clock sweeper, the webhook
deliveries (and their HTTP client)."""
