"""An entry's key: the random key a phone made for the request that stored it (null for
entries stored before, imported or made by the server), so that the same request sent again
after its answer was lost is recognised and answered as the first time, nothing stored twice.

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("entries") as batch:
        batch.add_column(sa.Column("request_key", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("entries") as batch:
        batch.drop_column("request_key")
