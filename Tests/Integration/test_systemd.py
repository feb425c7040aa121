"""parleyd under a stand-in for systemd: sd_notify messages on $NOTIFY_SOCKET, watchdog pings."""

import os
import signal
import socket
import tempfile
import unittest

from parleyd_process import Parleyd


class NotifyIntegration(unittest.TestCase):
    def test_ready_watchdog_reload_and_stopping_are_notified(self) -> None:
        folder = tempfile.mkdtemp(prefix="parley-notify-")
        path = os.path.join(folder, "notify.sock")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listener.bind(path)
        listener.settimeout(30)

        def next_message() -> str:
            return listener.recv(4096).decode()

        daemon = Parleyd(environment={"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"})
        try:
            first = next_message()
            self.assertIn("READY=1", first)
            self.assertIn("STATUS=Serving on tcp://127.0.0.1:", first)
            self.assertEqual(next_message(), "WATCHDOG=1")  # every 200 ms while the loops answer
            daemon.signal(signal.SIGHUP)
            messages = [next_message() for _ in range(4)]
            reloading = next(m for m in messages if m.startswith("RELOADING=1"))
            self.assertIn("MONOTONIC_USEC=", reloading)
            self.assertTrue(any(m.startswith("READY=1") for m in messages[messages.index(reloading):]), messages)
        finally:
            self.assertEqual(daemon.stop(), 0, "".join(daemon.lines))
            rest = []
            listener.setblocking(False)  # parleyd has exited: whatever it sent is queued already
            try:
                while True:
                    rest.append(next_message())
            except BlockingIOError:
                pass
            listener.close()
            os.unlink(path)
            os.rmdir(folder)
        self.assertIn("STOPPING=1", rest)


if __name__ == "__main__":
    unittest.main()
