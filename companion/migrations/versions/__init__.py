"""The revisions, oldest first by ``down_revision`` (Alembic reads them by their files)."""
