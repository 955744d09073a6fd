"""The front door: nginx (Debian's package) in front of several ``academie serve`` processes on one PostgreSQL.

The configuration is one file, ``room/deploy/nginx.conf``, shown verbatim in docs/card-room.md's deployment
section; :func:`nginx_config` fills in its three blanks, and :class:`Nginx` runs it (the tests and ``python -m
bench.room --proxy`` start it on loopback, as an unprivileged process, everything it writes in one folder).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Final

from academie.engine import AcademieError

NGINX_PATHS: Final = ("/usr/sbin/nginx", "/usr/local/sbin/nginx")
"""Where Debian's nginx is found when its folder is not on the PATH (an unprivileged user's often is not)."""


class FrontDoorError(AcademieError):
    """nginx is missing, or refused its configuration or to start (the message says which, with its words)."""


def template() -> str:
    """The configuration as docs/card-room.md shows it, with its blanks ``@FOLDER@``, ``@LISTEN@``, ``@SERVERS@``."""
    return resources.files("academie.room").joinpath("deploy/nginx.conf").read_text(encoding="utf-8")


def nginx_config(*, folder: Path, listen: str, servers: Sequence[str]) -> str:
    """The configuration for nginx keeping its files in ``folder``, listening on ``listen`` (``127.0.0.1:8080``),
    in front of the processes at ``servers`` (each ``HOST:PORT``)."""
    lines = "\n        ".join(f"server {server} max_fails=1 fail_timeout=10s;" for server in servers)
    return (template().replace("@FOLDER@", str(folder)).replace("@LISTEN@", listen)
            .replace("@SERVERS@", lines))


def nginx_binary() -> str:
    """The nginx program (:class:`FrontDoorError` when it is not installed)."""
    found = shutil.which("nginx") or next((path for path in NGINX_PATHS if Path(path).exists()), None)
    if found is None:
        raise FrontDoorError("nginx is not installed: install Debian's nginx package (scripts/system-packages)")
    return found


class Nginx:
    """nginx on ``listen`` in front of ``servers``, its configuration and files in ``folder`` (started by
    :meth:`start`, stopped by :meth:`stop`)."""

    def __init__(self, folder: Path, *, listen: str, servers: Sequence[str]) -> None:
        self.folder = folder
        self.listen = listen
        self.config = folder / "nginx.conf"
        folder.mkdir(parents=True, exist_ok=True)
        self.config.write_text(nginx_config(folder=folder, listen=listen, servers=servers), encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        # "daemon off": nginx stays this process's child, so that stop() ends it and nothing outlives the caller;
        # started by root, its worker keeps root's rights to the caller's folder (nginx would make it nobody)
        directives = "daemon off;" + (" user root;" if os.geteuid() == 0 else "")
        command = [nginx_binary(), "-c", str(self.config), "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                   "-g", directives]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # its log: -e
        deadline = time.monotonic() + 15
        while not (self.folder / "nginx.pid").exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise FrontDoorError(f"nginx did not start: {self.error_log()}")
            time.sleep(0.05)
        return self

    def error_log(self, *, whole: bool = False) -> str:
        """nginx's error log: its end (``whole``: all of it)."""
        path = self.folder / "error.log"
        text = path.read_text(errors="replace") if path.exists() else ""
        return text if whole else text[-2000:]

    def access_log(self) -> str:
        path = self.folder / "access.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # nginx's fast shutdown
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
