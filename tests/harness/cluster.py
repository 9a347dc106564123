"""A real local Redis Cluster for tests: 3 masters + 3 replicas from redis-server binaries."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Final

import redis

from service.store.redis_server import (
    PORTS_BELOW_EPHEMERAL,
    RedisServer,
    bindable,
    ephemeral_start,
    free_port,
)

SLOTS: Final = 16384
NODE_TIMEOUT_MS: Final = 1500
READY_TIMEOUT: Final = 30.0
BUS_OFFSET: Final = 10000


def cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free too, both below the window
    `free_port` draws from: no outgoing connection, and no other test worker's server, can
    take either before the node binds them."""
    below = ephemeral_start() - PORTS_BELOW_EPHEMERAL - BUS_OFFSET
    while True:
        port = free_port(below=below)
        if port + BUS_OFFSET <= 65535 and bindable(port + BUS_OFFSET):
            return port


class LocalCluster:
    """`masters` masters, each with one replica (or none, `replicas=False`), on free loopback
    ports; torn down on exit."""

    def __init__(
        self, root: Path, masters: int = 3, fsync: str = "everysec", replicas: bool = True
    ) -> None:
        self.root = root
        self.masters = masters
        self.nodes = [
            RedisServer(
                root / f"node{i}",
                cluster_port(),
                fsync,
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                "nodes.conf",
                "--cluster-node-timeout",
                str(NODE_TIMEOUT_MS),
                "--cluster-replica-validity-factor",
                "0",
                "--repl-diskless-sync-delay",  # a returning node syncs at once, not after 5 s
                "0",
            )
            for i in range(masters * (2 if replicas else 1))
        ]

    @property
    def url(self) -> str:
        """A URL of one live node; the cluster client discovers the rest."""
        for node in self.nodes:
            if node.process is not None and node.process.poll() is None:
                return f"redis://127.0.0.1:{node.port}/0"
        raise RuntimeError("no live node")

    def client(self, node: RedisServer) -> redis.Redis:
        return redis.Redis(port=node.port, socket_timeout=5, decode_responses=True)

    def start(self) -> LocalCluster:
        """Start every node, join them, give the masters the slots and each a replica."""
        for node in self.nodes:
            node.start()
        self._meet()
        per = SLOTS // self.masters
        for i, node in enumerate(self.nodes[: self.masters]):
            last = SLOTS - 1 if i == self.masters - 1 else (i + 1) * per - 1
            self.client(node).execute_command("CLUSTER", "ADDSLOTSRANGE", i * per, last)
        self._wait(self._joined)
        for master, replica in zip(self.nodes[: self.masters], self.replicas(), strict=False):
            master_id = self.client(master).execute_command("CLUSTER", "MYID")
            self.client(replica).execute_command("CLUSTER", "REPLICATE", master_id)
        self._wait(lambda: self.healthy() and all(self._linked(r) for r in self.replicas()))
        return self

    def replicas(self) -> list[RedisServer]:
        return self.nodes[self.masters :]

    def _linked(self, replica: RedisServer) -> bool:
        """Whether a replica has finished its sync with its master."""
        info = self.client(replica).info("replication")
        return info.get("master_link_status") == "up" and not info.get("master_sync_in_progress")

    def healthy(self) -> bool:
        """Every live node reports `cluster_state:ok` and every slot served by a live master."""
        ports = {n.port for n in self.live()}
        for node in self.live():
            try:
                client = self.client(node)
                info = client.execute_command("CLUSTER", "INFO")
                ranges = client.execute_command("CLUSTER", "SLOTS")
            except redis.RedisError:
                return False
            if "cluster_state:ok" not in str(info):
                return False
            if sum(end - start + 1 for start, end, *_ in ranges) != SLOTS:
                return False
            if any(int(master[1]) not in ports for _, _, master, *_ in ranges):
                return False
        return True

    def live(self) -> list[RedisServer]:
        return [n for n in self.nodes if n.process is not None and n.process.poll() is None]

    def master_of(self, key: str) -> RedisServer:
        """The live node that serves `key`'s slot as master now."""
        for node in self.live():
            client = self.client(node)
            slot = client.execute_command("CLUSTER", "KEYSLOT", key)
            role = client.execute_command("ROLE")[0]
            if role == "master":
                for start, end, *_ in client.execute_command("CLUSTER", "SLOTS"):
                    if start <= slot <= end and int(_[0][1]) == node.port:
                        return node
        raise RuntimeError(f"no master serves {key}")

    def replica_of(self, master: RedisServer) -> RedisServer:
        """The live node that replicates `master` now."""
        for node in self.live():
            role = self.client(node).execute_command("ROLE")
            if role[0] == "slave" and int(role[2]) == master.port:
                return node
        raise RuntimeError(f"no replica of the node on port {master.port}")

    def kill(self, node: RedisServer) -> None:
        """SIGKILL a node, as a crash would."""
        node.stop(kill=True)

    def freeze(self, node: RedisServer) -> None:
        """SIGSTOP a node: it holds its connections but answers nothing, as a stuck host would."""
        assert node.process is not None
        os.kill(node.process.pid, signal.SIGSTOP)

    def thaw(self, node: RedisServer) -> None:
        assert node.process is not None
        os.kill(node.process.pid, signal.SIGCONT)

    def cut_replicas(self, master: RedisServer) -> None:
        """Close the master's links to its replicas (a frozen replica cannot reconnect)."""
        self.client(master).execute_command("CLIENT", "KILL", "TYPE", "replica")

    def wait_failover(self) -> None:
        """Wait until the cluster is healthy again after a master died."""
        time.sleep(NODE_TIMEOUT_MS / 1000)
        self._wait(self.healthy)

    def rejoin(self, node: RedisServer) -> None:
        """Restart a killed node and wait until it replicates (it comes back as a replica)."""
        node.start()
        self._wait(lambda: self._replicating(node) and self.healthy())

    def _replicating(self, node: RedisServer) -> bool:
        try:
            return self.client(node).execute_command("ROLE")[0] == "slave" and self._linked(node)
        except redis.RedisError:
            return False

    def _meet(self) -> None:
        """The first node meets each node it does not list: a handshake that outlasts the node
        timeout (on a loaded machine) is dropped, and nothing else would introduce that node."""
        first = self.client(self.nodes[0])
        listed = str(first.execute_command("CLUSTER", "NODES"))
        for node in self.nodes[1:]:
            if f":{node.port}@" not in listed:
                first.execute_command("CLUSTER", "MEET", "127.0.0.1", node.port)

    def _joined(self) -> bool:
        """Whether every node knows every node; meets again those the first one lost."""
        self._meet()
        return all(self._known(n) == len(self.nodes) for n in self.nodes)

    def _known(self, node: RedisServer) -> int:
        nodes = self.client(node).execute_command("CLUSTER", "NODES")
        return len([line for line in str(nodes).splitlines() if line.strip()])

    def _wait(self, condition: object) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if callable(condition) and condition():
                return
            time.sleep(0.1)
        raise RuntimeError("the local cluster did not become ready")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
