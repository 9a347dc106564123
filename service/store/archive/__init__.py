"""The archive of finished games: one small interface (`record.Archive`), an embedded store on
SQLite (`sqlite`) and one on PostgreSQL (`postgres`), opened from a URL (`opening`)."""
