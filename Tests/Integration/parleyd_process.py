"""Starts parleyd on a free loopback port for integration tests and stops it gracefully."""

import os
import re
import signal
import subprocess
import threading
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[2]
URI_LINE = re.compile(r"server\.uri=tcp://127\.0\.0\.1:(\d+)")


def parleyd_binary() -> str:
    """The parleyd to test: $PARLEYD, else the debug build."""
    return os.environ.get("PARLEYD", str(ROOT / ".build" / "debug" / "parleyd"))


class Parleyd:
    """A running parleyd; its standard error is collected line by line."""

    def __init__(self, phrases: Optional[Path] = None, extra: Optional[List[str]] = None,
                 environment: Optional[Dict[str, str]] = None):
        args = [
            parleyd_binary(),
            "--phrases", str(phrases or ROOT / "phrases"),
            "--uri", "tcp://127.0.0.1:0",
            "--log-level", "info",
        ] + (extra or [])
        env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEYD_")}
        env["PARLEYD_CONFIG"] = "/dev/null"  # never read the machine's /etc/parley/parleyd.yaml
        env.update(environment or {})
        self.process = subprocess.Popen(args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
        self.lines: List[str] = []
        self._changed = threading.Condition()
        self.port: Optional[int] = None
        self._finished = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.wait_for(URI_LINE, timeout=60)
        if self.port is None:
            raise RuntimeError("parleyd did not start:\n" + "".join(self.lines))

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._changed:
                self.lines.append(line)
                match = URI_LINE.search(line)
                if match and self.port is None:
                    self.port = int(match.group(1))
                self._changed.notify_all()
        with self._changed:
            self._finished = True
            self._changed.notify_all()

    def wait_for(self, pattern: "re.Pattern[str]", timeout: float, after: int = 0) -> Optional[str]:
        """The first log line from index `after` matching `pattern`, waiting for it."""
        def found() -> Optional[str]:
            return next((line for line in self.lines[after:] if pattern.search(line)), None)

        with self._changed:
            self._changed.wait_for(lambda: found() is not None or self._finished, timeout=timeout)
            return found()

    def signal(self, number: int) -> None:
        self.process.send_signal(number)

    def stop(self) -> int:
        """SIGTERM, then the exit status (0 when it stopped gracefully)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=20)
        finally:
            self._reader.join(timeout=5)
            if self.process.stderr is not None:
                self.process.stderr.close()
