"""Alembic's environment: the revisions run on the connection companion.migrations hands over,
inside its transaction."""
from alembic import context

context.configure(connection=context.config.attributes["connection"])
with context.begin_transaction():
    context.run_migrations()
