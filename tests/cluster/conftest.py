"""A real local Redis Cluster (3 masters + 3 replicas) for the module's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.settings import RedisSettings, Settings
from tests.harness.cluster import LocalCluster
from tests.harness.settings import app_settings


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    with LocalCluster(Path(tmp_path_factory.mktemp("cluster"))) as local:
        yield local


def cluster_settings(cluster: LocalCluster) -> Settings:
    """The service on the cluster: WAIT for one replica before acknowledging a write."""
    redis = RedisSettings(url=cluster.url, cluster=True, wait_timeout_ms=2000)
    return app_settings(cluster.url, redis=redis)
