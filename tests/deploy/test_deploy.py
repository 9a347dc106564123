"""The deploy files validate with the tools available here (Docker itself cannot run here).

hadolint lints the Dockerfile, kubernetes-validate checks every manifest strictly against the
Kubernetes schemas it bundles, and PyYAML reads the compose file for a structural check.
Each tool is first shown to reject a broken input, so a silent tool cannot pass the test.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
DOCKERFILE = DEPLOY / "Dockerfile"
MANIFESTS = sorted((DEPLOY / "k8s").glob("*.yaml"))
KUBERNETES_VERSIONS = ("1.29.0", "1.32.0", kubernetes_validate.latest_version())
HADOLINT = Path(sys.executable).parent / "hadolint"
LABELS = {"app.kubernetes.io/name": "escopa", "app.kubernetes.io/component": "api"}
Json = dict[str, Any]


def hadolint(dockerfile: Path) -> list[Json]:
    """hadolint's findings (JSON), at every severity."""
    run = subprocess.run(
        [str(HADOLINT), "--format", "json", "--failure-threshold", "style", str(dockerfile)],
        capture_output=True,
        text=True,
        check=False,
    )
    findings: list[Json] = json.loads(run.stdout or "[]")
    assert (run.returncode == 0) == (not findings), run.stderr
    return findings


def manifests() -> dict[str, Json]:
    """Every Kubernetes object of deploy/k8s by kind."""
    found = {}
    for path in MANIFESTS:
        for document in yaml.safe_load_all(path.read_text()):
            found[document["kind"]] = document
    return found


# --- the container image ---------------------------------------------------------------------


def test_hadolint_finds_nothing_in_the_dockerfile(tmp_path: Path) -> None:
    broken = tmp_path / "Dockerfile"
    broken.write_text("FROM python\nRUN apt-get update && apt-get install -y curl\n")
    assert {f["code"] for f in hadolint(broken)} >= {"DL3006", "DL3008"}, "hadolint must work"
    assert hadolint(DOCKERFILE) == []


def test_the_image_is_multi_stage_pinned_non_root_and_checks_its_health() -> None:
    text = DOCKERFILE.read_text()
    bases = re.findall(r"^FROM (\S+)", text, re.MULTILINE)
    assert len(bases) == 2, "a build stage and a runtime stage"
    assert all(re.fullmatch(r"python:3\.11\.\d+-slim-bookworm", base) for base in bases), bases
    assert "COPY --from=build /opt/escopa /opt/escopa" in text
    (user,) = re.findall(r"^USER (\S+)", text, re.MULTILINE)
    assert user.split(":")[0] not in ("0", "root")
    assert re.search(r"^HEALTHCHECK .*\n.*127\.0\.0\.1:8000/healthz", text, re.MULTILINE)
    (entrypoint,) = re.findall(r"^ENTRYPOINT (.+)$", text, re.MULTILINE)
    assert json.loads(entrypoint) == ["escopa", "serve", "--host", "0.0.0.0"]
    copied = [
        name
        for source in re.findall(r"^COPY (?!--from)(.+) \S+$", text, re.MULTILINE)
        for name in source.split()
    ]
    assert all((ROOT / name).exists() for name in copied), copied
    ignore = (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
    let_in = [line.removeprefix("!") for line in ignore[ignore.index("*") + 1 :] if line[:1] == "!"]
    assert sorted(copied) == sorted(let_in) == sorted(["pyproject.toml", "README.md", *packaged()])


def packaged() -> list[str]:
    """The folders the service's wheel is built from (pyproject.toml), as COPY names them."""
    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return [pattern.rstrip("*") + "/" for pattern in found["packages"]["find"]["include"]]


# --- Kubernetes ------------------------------------------------------------------------------


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_manifest_validates_strictly(version: str) -> None:
    assert {p.name for p in MANIFESTS} >= {
        "configmap.yaml", "deployment.yaml", "hpa.yaml", "pdb.yaml", "secret.yaml", "service.yaml",
    }  # fmt: skip
    typo = manifests()["Service"] | {"spec": {"selector": LABELS, "portz": []}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(typo, version, strict=True)
    for path in MANIFESTS:
        for document in yaml.safe_load_all(path.read_text()):
            kubernetes_validate.validate(document, version, strict=True)


def test_the_manifests_fit_together() -> None:
    objects = manifests()
    deployment, service = objects["Deployment"], objects["Service"]
    assert deployment["apiVersion"] == "apps/v1"
    assert objects["HorizontalPodAutoscaler"]["apiVersion"] == "autoscaling/v2"
    assert objects["PodDisruptionBudget"]["apiVersion"] == "policy/v1"
    pod = deployment["spec"]["template"]
    assert deployment["spec"]["selector"]["matchLabels"] == LABELS
    assert pod["metadata"]["labels"] == LABELS
    assert service["spec"]["selector"] == LABELS
    assert objects["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"] == LABELS
    target = objects["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    assert objects["HorizontalPodAutoscaler"]["spec"]["minReplicas"] >= 2

    assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
    (container,) = pod["spec"]["containers"]
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    resources = container["resources"]
    assert {"cpu", "memory"} <= set(resources["requests"]) and "memory" in resources["limits"]
    ports = {p["name"] for p in container["ports"]}
    assert {p["targetPort"] for p in service["spec"]["ports"]} <= ports
    sources = {next(iter(ref.values()))["name"] for ref in container["envFrom"]}
    assert sources == {
        objects["ConfigMap"]["metadata"]["name"],
        objects["Secret"]["metadata"]["name"],
    }
    secrets = {"REDIS_URL", "ESCOPA_API_KEYS", "ESCOPA_SIGNING_KEY", "ESCOPA_ARCHIVE_URL"}
    assert set(objects["Secret"]["stringData"]) == secrets
    assert pod["spec"]["terminationGracePeriodSeconds"] > 10, "more than uvicorn's graceful wait"


def test_every_configured_setting_is_one_the_service_reads() -> None:
    code = "\n".join(p.read_text() for p in (ROOT / "service").rglob("*.py"))
    for name in manifests()["ConfigMap"]["data"]:
        assert f'"{name}"' in code, f"{name} is read nowhere"


# --- compose ---------------------------------------------------------------------------------


def test_compose_runs_redis_postgres_and_two_api_replicas_archiving_in_it() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    redis = services["redis"]
    command = redis["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert any(volume.endswith(":/data") for volume in redis["volumes"])
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    postgres = services["postgres"]
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in postgres["volumes"])
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    apis = {name: s for name, s in services.items() if name not in ("redis", "postgres")}
    assert len(apis) == 2
    host_ports = set()
    for api in apis.values():
        assert api["environment"]["REDIS_URL"] == "redis://redis:6379/0"
        assert api["environment"]["ESCOPA_SIGNING_KEY"].startswith("${ESCOPA_SIGNING_KEY:?")
        assert api["depends_on"]["redis"]["condition"] == "service_healthy"
        assert api["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert api["environment"]["ESCOPA_ARCHIVE_URL"].startswith("postgresql://escopa:")
        assert "/readyz" in " ".join(api["healthcheck"]["test"])
        build = api["build"]  # the context is relative to compose.yaml, the file to the context
        assert (DEPLOY / build["context"] / build["dockerfile"]).resolve() == DOCKERFILE
        (port,) = api["ports"]
        host_ports.add(port.rsplit(":", 1)[0])
    assert len(host_ports) == 2, "each replica on its own host port"
